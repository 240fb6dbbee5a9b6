// Public entry of the pricing module (see accounts/index.ts for the rule): customer prices from
// price lists, worked out by the contract's one engine (docs/product/pricing.md).
export { customerPrices } from './pricing.service';
export { keptPriceColumns, keptPriceReason, type KeptPriceColumns } from './price-reason';
export { customerHasPriceLists } from './pricing.queries';
// The app's has-lists check per customer (followed on ws_pricing) and what the catalogue's routes
// hand their services for a signed-in customer's own prices; the cart asks the same check.
// The shop's day, worked out once a minute per app, for the cart's prices as the catalogue's.
export { customerPricesKept, customerPricesOf, pricingPlugin, shopDayAt } from './pricing.caches';
