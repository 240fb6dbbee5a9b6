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
  findOrderable,
  orderablesById,
  type ProductWindow,
} from './catalogue.snapshot';
export { cataloguePlugin, type Catalogue } from './catalogue.caches';
export { searchIndexBuilt, searchIndexProducts } from './catalogue.search-index';
export { findCategoryTile, findClassBadge, findProductSwatch } from './catalogue.swatch';
export {
  getCategoryTree,
  getProductDetail,
  invalidateCatalogueCaches,
  listingCategoryExists,
  sanitizeProductName,
  searchCatalogue,
  suggestCatalogue,
} from './catalogue.service';
// The back-office home's go-live checklist asks whether the catalogue has anything yet.
export { catalogueFacts } from './catalogue.home';
