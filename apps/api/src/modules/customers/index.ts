/** The customers module's door: the back office's customer administration routes. */
export { customersRoutes } from './customers.routes';
