import { matchPageRoute, OptionalCountryParam, resolveProductsRoute } from '@wholesale/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { getProductDetail, listingCategoryExists } from '../modules/catalogue';

/**
 * Whether the web app has a page at this address (docs/product/overview-and-routes.md "Not found"):
 * a route of its router (PAGE_ROUTES), and for a listing a category the catalogue knows, for a
 * product page a product sold in that country. The page server answers the others with 404 and the
 * SPA's not-found page, so a crawler or a monitor does not take "/no-such-page" or
 * "/products/Nope/Nope/ZZ" (an empty listing titled "Nope") for a page.
 */
export async function pageExists(app: FastifyInstance, pathname: string): Promise<boolean> {
  const match = matchPageRoute(pathname);
  if (!match) return false;
  const { route, params } = match;
  if (route === '/products/:name?/:cate?/:cate_code?/:classCode?') {
    const resolved = resolveProductsRoute(params);
    // The listing reads `category` then `name` (catalogue scopeFor): the same lookup decides here.
    return listingCategoryExists(app.catalogue, resolved);
  }
  if (route === '/dispay-products/:cate')
    return listingCategoryExists(app.catalogue, { category: params.cate });
  if (route === '/description/:product_id/:country') {
    const country = OptionalCountryParam.safeParse(params.country);
    try {
      await getProductDetail(app.catalogue, params.product_id, 'en', {
        country: (country.success && country.data) || 'ca',
        priced: false,
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return false;
      throw error;
    }
  }
  return true;
}
