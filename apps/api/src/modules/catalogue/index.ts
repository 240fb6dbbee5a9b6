// Public entry of the catalogue module (see accounts/index.ts for the rule).
export {
  findOrderableByCodes,
  findProductIdsByCodes,
  getOrderableProducts,
  productNamesIn,
  returnStock,
  stockLevelsUpdate,
  suggestOrderable,
  type OrderableProduct,
} from './catalogue.pricing';
export {
  announceStockChange,
  CATALOGUE_CHANNEL,
  findOrderable,
  orderablesById,
} from './catalogue.snapshot';
export {
  cataloguePlugin,
  invalidateCatalogueCaches,
  LISTING_DROP_WINDOW_MS,
  type Catalogue,
  type CatalogueContext,
  type ProductWindow,
} from './catalogue.caches';
export { findCategoryTile, findClassBadge, findProductSwatch } from './catalogue.swatch';
export { allCategories, getCategoryTree, listingCategoryExists } from './catalogue.categories';
export { getProductDetail } from './catalogue.detail';
export { categoryName, sanitizeProductName, toCard, type Viewer } from './catalogue.dto';
// Search lays a signed-in customer's own prices on its page of cards as listings do.
export { layCustomerPrices } from './catalogue.customer-prices';
export { searchCardRows } from './catalogue.service';
// Search asks who is looking as listings do.
export { requestViewer } from './request-viewer';
// The search module reads the category list as the catalogue does, and card rows for its pages.
export { selectAllCategories, type CardRow, type CategoryRow } from './catalogue.queries';
// The search index holds the category list with its lookups (a card's price reads its ancestors).
export { CategoryList } from './catalogue.category-list';
// The back-office home's go-live checklist asks whether the catalogue has anything yet.
export { catalogueFacts } from './catalogue.home';
