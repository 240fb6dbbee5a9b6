// The catalogue's write side for staff and machines: the stock/price feed, file imports and exports,
// the product editor, and the catalogue's structure (categories, classes, brands).
export { feedRoutes } from './feed.routes';
export { importRoutes } from './import.routes';
export { productEditorRoutes } from './products.routes';
// The back-office home shows the imports running or failed.
export { importsSummary } from './import.home';
export { catalogueStructureRoutes } from './structure.routes';
