import type { ProductPage } from '@wholesale/contract';
import { PageControls } from '@/components/ui/page-controls';
import { ProductGrid } from './product-grid';

/**
 * A listing's page of products (catalogue, search): the grid between two rows of page controls,
 * the controls shown whenever anything matched (a page past the last one still offers a way back).
 */
export function PagedProductGrid({
  products,
  page,
  onPage,
  label,
}: {
  products: ProductPage | undefined;
  page: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const controls = products && products.total > 0 && (
    <PageControls page={page} lastPage={products.last_page} onPage={onPage} />
  );
  return (
    <>
      {controls}
      {products && products.data.length > 0 && (
        <ProductGrid products={products.data} label={label} priority />
      )}
      {controls}
    </>
  );
}
