// NOTE: named i18next.d.ts, not i18n.d.ts: TypeScript skips a .d.ts that shares its name with a .ts file.
import 'i18next';
import type common from '../locales/en/common.json';
import type errors from '../locales/en/errors.json';
import type content from '../locales/en/content.json';
import type adminContent from '../locales/en/admin-content.json';
import type accounts from '../locales/en/accounts.json';
import type registration from '../locales/en/registration.json';
import type admin from '../locales/en/admin.json';
import type catalogue from '../locales/en/catalogue.json';
import type customerPrice from '../locales/en/customer-price.json';
import type search from '../locales/en/search.json';
import type cart from '../locales/en/cart.json';
import type favourites from '../locales/en/favourites.json';
import type orders from '../locales/en/orders.json';
import type opticon from '../locales/en/opticon.json';
import type adminOrders from '../locales/en/admin-orders.json';
import type adminIntegrations from '../locales/en/admin-integrations.json';
import type adminCatalogue from '../locales/en/admin-catalogue.json';
import type adminPricing from '../locales/en/admin-pricing.json';
import type adminProducts from '../locales/en/admin-products.json';
import type staff from '../locales/en/staff.json';
import type checkout from '../locales/en/checkout.json';
import type adminPeople from '../locales/en/admin-people.json';
import type attributes from '../locales/en/attributes.json';
import type adminHome from '../locales/en/admin-home.json';
import type adminSettings from '../locales/en/admin-settings.json';
import type addresses from '../locales/en/addresses.json';
import type adminCredit from '../locales/en/admin-credit.json';
import type credit from '../locales/en/credit.json';
import type returns from '../locales/en/returns.json';
import type adminReturns from '../locales/en/admin-returns.json';
import type receivables from '../locales/en/receivables.json';
import type adminReceivables from '../locales/en/admin-receivables.json';
import type adminTaxExemptions from '../locales/en/admin-tax-exemptions.json';
import type invoices from '../locales/en/invoices.json';
import type adminInvoices from '../locales/en/admin-invoices.json';

// Typed translation keys (docs/conventions.md #8): a missing key is a type error. A feature that adds a
// namespace adds one line here (its en file).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      content: typeof content;
      'admin-content': typeof adminContent;
      accounts: typeof accounts;
      registration: typeof registration;
      admin: typeof admin;
      catalogue: typeof catalogue;
      'customer-price': typeof customerPrice;
      search: typeof search;
      cart: typeof cart;
      favourites: typeof favourites;
      orders: typeof orders;
      opticon: typeof opticon;
      'admin-orders': typeof adminOrders;
      'admin-integrations': typeof adminIntegrations;
      'admin-catalogue': typeof adminCatalogue;
      'admin-pricing': typeof adminPricing;
      'admin-products': typeof adminProducts;
      staff: typeof staff;
      checkout: typeof checkout;
      'admin-people': typeof adminPeople;
      'admin-settings': typeof adminSettings;
      attributes: typeof attributes;
      'admin-home': typeof adminHome;
      addresses: typeof addresses;
      'admin-credit': typeof adminCredit;
      credit: typeof credit;
      returns: typeof returns;
      'admin-returns': typeof adminReturns;
      receivables: typeof receivables;
      'admin-receivables': typeof adminReceivables;
      'admin-tax-exemptions': typeof adminTaxExemptions;
      invoices: typeof invoices;
      'admin-invoices': typeof adminInvoices;
    };
  }
}
