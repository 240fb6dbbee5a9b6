import { resolveProductsRoute, type ProductsRoute } from '@wholesale/contract';
import { PRIORITY_CARDS } from '@/components/product/priority-cards';
import i18n from '@/lib/i18n';
import { preloadImage } from '@/lib/preload-image';
import { queryClient } from '@/lib/query-client';
import { readListingParams } from '../components/listing-params';
import { productDescriptionQueryOptions } from './get-product-description';
import { productsQueryOptions } from './get-products';
import { currentViewer } from '@/lib/viewer';

// The words of the catalogue's pages and of their attribute values (cards, filters, details).
const PAGE_NAMESPACES = ['catalogue', 'attributes'];

/**
 * Route loaders call these so a page's data and words are asked for while its chunk still loads,
 * not after it rendered (Lighthouse critical chain, docs/product/storefront-ux.md). Same keys and
 * arguments as the pages' own hooks, so the pages find the answers in flight or cached; nothing
 * waits for them.
 */
export function prefetchProductDetail(productId: string, country: string): void {
  void i18n.loadNamespaces(PAGE_NAMESPACES);
  // The main picture (ProductPictures' first) is the page's largest paint.
  queryClient
    .fetchQuery(productDescriptionQueryOptions(productId, country, currentViewer()))
    .then((product) => preloadImage(product.images[0] ?? product.image))
    .catch(() => undefined);
}

/** The category listing of /products/:name?/:cate?/:cate_code?/:classCode? with its URL's page and filters. */
export function prefetchListing(route: ProductsRoute, search: URLSearchParams): void {
  void i18n.loadNamespaces(PAGE_NAMESPACES);
  const resolved = resolveProductsRoute(route);
  const params = {
    name: resolved.name,
    category: resolved.category,
    classCode: resolved.classCode,
    ...readListingParams(search),
  };
  // The first cards' pictures are the page's largest paint: asked for with the products, not after
  // the grid's chunk has loaded and rendered.
  queryClient
    .fetchQuery(productsQueryOptions(params, currentViewer()))
    .then((page) => {
      for (const product of page.products.data.slice(0, PRIORITY_CARDS))
        preloadImage(product.image);
    })
    .catch(() => undefined);
}
