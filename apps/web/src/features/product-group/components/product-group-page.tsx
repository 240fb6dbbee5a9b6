import { DEFAULT_PAGE_SIZE, resultCount } from '@wholesale/contract';
import { ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ProductGrid } from '@/components/product/product-grid';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { PageControls } from '@/components/ui/page-controls';
import { RecordsPerPage } from '@/components/ui/records-per-page';
import { usePageInRange } from '@/components/ui/use-page-in-range';
import { useSession } from '@/lib/session';
import { useAddGroupToCart } from '../api/add-group-to-cart';
import { useProductGroup } from '../api/get-product-group';
import { GroupQuantity } from './group-quantity';
import './product-group.css';

/** Past this share of the page the add-to-cart button floats (docs/product/catalogue.md: 30 percent). */
export const FLOAT_AFTER = 0.3;

function useScrolledPast(share: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setPast(max > 0 && window.scrollY / max > share);
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [share]);
  return past;
}

/**
 * docs/product/catalogue.md product group page: title, records per page (25–300, default 25), 'Displaying X of Y
 * Products', pagination, a 5/3/2/1-column grid, and for signed-in users quantity boxes with an
 * update-cart button that floats past 30 % of the page and reads 'Updating...' while busy.
 */
// NOTE: the route renders it with key={id}, so another group starts again at page 1 (docs/product/catalogue.md).
export function ProductGroupPage({ id }: { id: string }) {
  const { t } = useTranslation('catalogue');
  const { isSignedIn } = useSession();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const query = useProductGroup(id, page, perPage);
  const add = useAddGroupToCart();
  const floating = useScrolledPast(FLOAT_AFTER);
  const group = query.data?.data;

  useEffect(() => {
    if (group?.title) document.title = group.title;
  }, [group?.title]);

  const items = Object.entries(quantities)
    .filter(([, n]) => n > 0)
    .map(([product_id, item]) => ({ product_id, item }));

  const updateCart = () => {
    if (!items.length) return;
    add.mutate(items, {
      onSuccess: () => {
        toast.success(t('group.added'));
        setQuantities({});
      },
    });
  };

  const inRange = usePageInRange(page, group?.last_page, setPage);

  if (query.isPending || !inRange) return <LoadingOverlay />;
  if (query.isError || !group) {
    return (
      <section className="page">
        <h1>{t('group.notFound')}</h1>
      </section>
    );
  }
  const count = resultCount(group.data.length, group.total);
  const controls = group.total > 0 && (
    <PageControls page={page} lastPage={group.last_page} onPage={setPage} />
  );
  return (
    <section className="page product-group" aria-labelledby="group-title">
      <h1 id="group-title">{group.title}</h1>
      <div className="listing__toolbar">
        <RecordsPerPage
          value={perPage}
          onChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
        />
        <p className="listing__count" aria-live="polite">
          {t('listing.count', { shown: count.shown, total: count.total })}
        </p>
        {isSignedIn && (
          <button
            type="button"
            className={`button product-group__update${floating ? ' product-group__update--floating' : ''}`}
            onClick={updateCart}
            disabled={add.isPending || items.length === 0}
          >
            <ShoppingCart size={16} aria-hidden="true" />
            {add.isPending ? t('group.updating') : t('group.updateCart')}
          </button>
        )}
      </div>
      {controls}
      <ProductGrid
        products={group.data}
        label={group.title}
        footer={
          isSignedIn
            ? (product) => (
                <GroupQuantity
                  key={product.product_id}
                  product={product}
                  value={quantities[product.product_id] ?? 0}
                  onChange={(n) => setQuantities((q) => ({ ...q, [product.product_id]: n }))}
                />
              )
            : () => null
        }
      />
      {controls}
    </section>
  );
}
