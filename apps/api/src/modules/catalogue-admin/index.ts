// The catalogue's write side for staff and machines: the stock/price feed, file imports and exports,
// the product editor, and the catalogue's structure (categories, classes, brands).
export { feedRoutes } from './feed.routes';
export { importRoutes } from './import.routes';
export { productEditorRoutes } from './products.routes';
export { catalogueStructureRoutes } from './structure.routes';
