/**
 * Typed route map (docs/conventions.md): every link is built here, never by string concatenation.
 * Segments are URL-encoded; the route table is docs/product/storefront-ux.md.
 */
const seg = (value: string | number) => encodeURIComponent(String(value));

export type ClassCode = 'F' | 'R' | 'Y' | 'N';

export type ProductsArgs = {
  name?: string;
  category?: string;
  catCode?: string;
  classCode?: ClassCode | string;
};

export const paths = {
  home: () => '/',
  login: (redirect?: string) =>
    redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login',
  register: () => '/register',
  successPage: () => '/success-page',
  resetPassword: () => '/reset-password',
  forgetPassword: () => '/forget-password',
  accountRegistration: () => '/account-registration',
  welcome: () => '/welcome',
  welcomeMobile: () => '/welcome-mobile',
  /** /products/{name}/{category}/{cat_code}[/{F|R|Y|N}] */
  products: ({ name, category, catCode, classCode }: ProductsArgs = {}) =>
    ['/products', name, category, catCode, classCode]
      .filter((p, i) => i === 0 || (p !== undefined && p !== ''))
      .map((p, i) => (i === 0 ? p : seg(p as string)))
      .join('/'),
  displayProducts: (cate: string) => `/dispay-products/${seg(cate)}`,
  /** /search-page/{query}/{page} */
  search: (query: string, page = 1) => `/search-page/${seg(query)}/${seg(page)}`,
  categoryPage: (title: string) => `/category-page/${seg(title)}`,
  description: (productId: string, country: string) =>
    `/description/${seg(productId.trim())}/${seg(country)}`,
  productGroup: (id: number | string) => `/product-groups/${seg(id)}`,
  favorite: () => '/favorite',
  favouriteView: () => '/favourite-view',
  cart: () => '/cart',
  orderConfirm: () => '/order-confirm',
  profile: () => '/profile',
  profilePassword: () => '/profile/password',
  profileAddresses: () => '/profile/addresses',
  profileReturns: () => '/profile/returns',
  accountCredit: () => '/profile/credit',
  invoices: () => '/invoices',
  pdata: () => '/pdata',
  order: () => '/order',
  pform: () => '/pform',
  orderDetails: (orderId: number | string) => `/orderdetails/${seg(orderId)}`,
  password: () => '/password',
  opticon: () => '/opticon',
  printOrder: () => '/print-order',
  aboutUs: () => '/about-us',
  catalogues: () => '/catalogues',
  newsletter: () => '/newsletter',
  customerSupport: () => '/customer-support',
  freePatterns: () => '/free-patterns',
  admin: () => '/admin',
  adminContent: () => '/admin/content',
  adminApplications: () => '/admin/applications',
  adminApplication: (id: number | string) => `/admin/applications/${seg(id)}`,
  adminIntegrations: () => '/admin/integrations',
  adminInvoices: () => '/admin/invoices',
  adminOrders: () => '/admin/orders',
  adminOrder: (id: number | string) => `/admin/orders/${seg(id)}`,
  adminPhoneOrders: () => '/admin/orders/phone',
  adminPhoneOrder: (customerId: number | string) => `/admin/orders/phone/${seg(customerId)}`,
  adminCatalogue: () => '/admin/catalogue',
  adminCatalogueStructure: () => '/admin/catalogue/structure',
  adminProducts: () => '/admin/products',
  adminPrices: () => '/admin/prices',
  adminProduct: (sku: string) => `/admin/products/${seg(sku)}`,
  adminStaff: () => '/admin/staff',
  adminCustomers: () => '/admin/customers',
  adminCustomer: (id: number | string) => `/admin/customers/${seg(id)}`,
  adminAudit: () => '/admin/audit',
  adminReceivables: () => '/admin/receivables',
  adminSettings: () => '/admin/settings',
  adminReturns: () => '/admin/returns',
  devMailbox: () => '/dev/mailbox',
} as const;
