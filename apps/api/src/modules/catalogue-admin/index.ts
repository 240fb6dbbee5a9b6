// The catalogue's write side for staff and machines: the stock/price feed, file imports and exports.
export { feedRoutes } from './feed.routes';
export { importRoutes } from './import.routes';
