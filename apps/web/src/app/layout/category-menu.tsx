import type { Category } from '@wholesale/contract';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { paths, type ClassCode } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useCategoryTree } from '@/features/catalogue/api/get-category-tree';
import { arrangeCategories } from './arrange-categories';

const SKELETON_ITEMS = 12;

const SPECIAL_LINKS: {
  code: ClassCode;
  key: 'menu.new' | 'menu.clearance' | 'menu.sale' | 'menu.soon';
  count: keyof Category;
}[] = [
  { code: 'F', key: 'menu.new', count: 'New' },
  { code: 'R', key: 'menu.clearance', count: 'Clear' },
  { code: 'Y', key: 'menu.sale', count: 'Sale' },
  { code: 'N', key: 'menu.soon', count: 'Soon' },
];

/**
 * docs/product/catalogue.md category menu bar: 12 skeleton items while loading; Zippers hidden; Promotions last;
 * New / Clearance / On Sale / Coming Soon sub-links for signed-in users only. Each category opens
 * a panel of its sub categories on hover, or with its toggle button from the keyboard (Escape closes).
 */
export function CategoryMenu() {
  const { t } = useTranslation();
  const query = useCategoryTree();
  useEffect(() => {
    // docs/product/errors-and-constants.md: category menu errors are only logged.
    if (query.error) console.warn('Category menu failed to load', query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <nav className="category-menu" aria-label={t('menu.label')} aria-busy="true">
        <ul className="container category-menu__list" data-testid="category-skeleton">
          {Array.from({ length: SKELETON_ITEMS }, (_, i) => (
            <li key={i} className="category-menu__skeleton" aria-hidden="true" />
          ))}
        </ul>
        <span className="visually-hidden" role="status">
          {t('menu.loading')}
        </span>
      </nav>
    );
  }
  if (query.isError)
    return <nav className="category-menu category-menu--empty" aria-label={t('menu.label')} />;

  return (
    <nav className="category-menu" aria-label={t('menu.label')}>
      <ul className="container category-menu__list">
        {arrangeCategories(query.data).map((category) => (
          <CategoryItem key={category.cat_code} category={category} />
        ))}
      </ul>
    </nav>
  );
}

function CategoryItem({ category }: { category: Category }) {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const hasPanel = category.sub_cate.length > 0 || isSignedIn;

  useEffect(() => setOpen(false), [location.pathname]);

  // A panel that would run off the right edge of the window opens leftwards instead.
  const panelRef = useRef<HTMLDivElement>(null);
  const [alignRight, setAlignRight] = useState(false);
  useLayoutEffect(() => {
    if (!open || !panelRef.current) return;
    const itemLeft = panelRef.current.parentElement?.getBoundingClientRect().left ?? 0;
    setAlignRight(itemLeft + panelRef.current.offsetWidth > document.documentElement.clientWidth);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus();
    }
  };
  const base = { name: category.name, category: category.category, catCode: category.cat_code };

  return (
    <li
      className="category-menu__item"
      onMouseEnter={() => hasPanel && setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <NavLink to={paths.products(base)} className="category-menu__link">
        {category.category}
      </NavLink>
      {hasPanel ? (
        <>
          <button
            ref={toggleRef}
            type="button"
            className="category-menu__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={t('menu.toggle', { category: category.category })}
            onClick={() => setOpen((v) => !v)}
          >
            <ChevronDown aria-hidden="true" size={14} />
          </button>
          <div
            id={panelId}
            ref={panelRef}
            className={`category-menu__panel${alignRight ? ' category-menu__panel--right' : ''}`}
            hidden={!open}
          >
            {isSignedIn ? (
              <ul className="category-menu__special" aria-label={t('menu.special')}>
                {SPECIAL_LINKS.map(({ code, key, count }) => (
                  <li key={code}>
                    <Link to={paths.products({ ...base, classCode: code })} data-class={code}>
                      {t(key)}
                      {Number(category[count]) > 0 ? (
                        <span className="category-menu__count"> ({String(category[count])})</span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {category.sub_cate.length > 0 ? (
              <ul className="category-menu__subs">
                <li>
                  <Link to={paths.products(base)} className="category-menu__all">
                    {t('menu.all', { category: category.category })}
                  </Link>
                </li>
                {category.sub_cate.map((sub) => (
                  <li key={sub.cat_code}>
                    <SubcategoryLink
                      name={category.name}
                      category={sub.sub_cate}
                      catCode={sub.cat_code}
                    />
                    {sub.sub_subCat && sub.sub_subCat.length > 0 ? (
                      <ul className="category-menu__subsubs">
                        {sub.sub_subCat.map((leaf) => (
                          <li key={leaf.cat_code}>
                            <SubcategoryLink
                              name={category.name}
                              category={leaf.sub_subCat}
                              catCode={leaf.cat_code}
                            />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </>
      ) : null}
    </li>
  );
}

/** A sub-category's (or its own sub-category's) link in the panel: its products, by its name. */
function SubcategoryLink(props: { name: string; category: string; catCode: string }) {
  return <Link to={paths.products(props)}>{props.category}</Link>;
}

/** Below 768 px: the top-level categories as a horizontally scrolling strip under the mobile header. */
export function MobileCategoryStrip() {
  const { t } = useTranslation();
  const query = useCategoryTree();
  // NOTE: an empty strip of the final height while the categories load, so the page under the header
  // does not move down when they arrive (docs/product/storefront-ux.md).
  if (!query.data) {
    return (
      <div className="mobile-categories" aria-hidden="true">
        <span className="mobile-categories__spacer">{'\u00a0'}</span>
      </div>
    );
  }
  return (
    <nav className="mobile-categories" aria-label={t('menu.label')}>
      <ul>
        {arrangeCategories(query.data).map((category) => (
          <li key={category.cat_code}>
            <NavLink
              to={paths.products({
                name: category.name,
                category: category.category,
                catCode: category.cat_code,
              })}
            >
              {category.category}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
