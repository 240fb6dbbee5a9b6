/** The customers module's door: the back office's customer administration routes. */
export { customersRoutes } from './customers.routes';
// The customer screen's address book (its own routes: credit and admin change it, audited).
export { customerAddressesRoutes } from './customer-addresses.routes';
