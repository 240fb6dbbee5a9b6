import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { addressBookRoutes } from './accounts/addresses.routes';
import { cataloguePlugin } from './catalogue';
import { pricingPlugin } from './pricing';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { sitemapRoutes } from './catalogue/catalogue.sitemap.routes';
import { searchIndexPlugin } from './search';
import { searchRoutes } from './search/search.routes';
import { mailRoutes } from './mail/mail.routes';
import { healthRoutes } from './health/health.routes';
import { imagesRoutes } from './images/images.routes';
import { favouritesRoutes } from './favourites/favourites.routes';
import { cartRoutes } from './cart/cart.routes';
import { ordersRoutes } from './orders/orders.routes';
import { orderDeskRoutes } from './orders/order-desk.routes';
import { orderCreditRoutes } from './orders/order-credit.routes';
import { webhooksRoutes } from './webhooks';
import { opticonRoutes } from './opticon/opticon.routes';
import { applicationsRoutes } from './applications/applications.routes';
import { contentRoutes } from './content/content.routes';
import { integrationsRoutes } from './integrations/integrations.routes';
import {
  catalogueStructureRoutes,
  feedRoutes,
  importRoutes,
  productEditorRoutes,
} from './catalogue-admin';
import { auditRoutes } from './audit';
import { staffAdminRoutes } from './staff';
import { adminHomeRoutes } from './admin-home';
import { customerPasswordRoutes } from './customers/customer-password.routes';
import { storeIdentityPlugin } from './identity';
import { identityRoutes } from './identity/identity.routes';
import { customerAddressesRoutes, customersRoutes } from './customers';
import { creditRoutes } from './receivables';
import { returnsRoutes } from './receivables';
import { paymentsRoutes } from './receivables';
import { taxExemptionRoutes } from './receivables/tax-exemptions.routes';
import { invoicesRoutes } from './receivables/invoices.routes';
import { waitingOrdersRoutes } from './receivables/waiting-orders.routes';
import { priceListRoutes } from './pricing/price-lists.routes';

/** Every API module's routes, registered in order by app.ts. Add a module here. */
export const apiModules: FastifyPluginAsync[] = [
  // The catalogue's caches, read by the catalogue, search, cart and catalogue-admin modules.
  cataloguePlugin,
  // Whether each customer has a price list (app.pricing), read by the catalogue's and search's routes.
  pricingPlugin,
  // The in-process search index (app.searchIndex), followed through the change feed.
  searchIndexPlugin,
  // The store's identity (app.storeIdentity), read by page heads, mails and PDFs.
  storeIdentityPlugin,
  healthRoutes,
  catalogueRoutes,
  sitemapRoutes,
  searchRoutes,
  accountsRoutes,
  mailRoutes,
  favouritesRoutes,
  cartRoutes,
  ordersRoutes,
  orderDeskRoutes,
  orderCreditRoutes,
  webhooksRoutes,
  opticonRoutes,
  applicationsRoutes,
  imagesRoutes(),
  contentRoutes(),
  integrationsRoutes,
  feedRoutes,
  importRoutes,
  productEditorRoutes,
  catalogueStructureRoutes,
  auditRoutes,
  staffAdminRoutes,
  customersRoutes,
  adminHomeRoutes,
  customerPasswordRoutes,
  identityRoutes,
  customerAddressesRoutes,
  addressBookRoutes,
  creditRoutes,
  returnsRoutes,
  paymentsRoutes,
  taxExemptionRoutes,
  invoicesRoutes,
  waitingOrdersRoutes,
  priceListRoutes,
];
