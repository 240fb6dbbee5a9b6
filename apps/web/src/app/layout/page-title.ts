import type common from '@/locales/en/common.json';

export type TitleKey = keyof (typeof common)['titles'];

const BY_FIRST_SEGMENT: Record<string, TitleKey> = {
  '': 'home',
  login: 'login',
  register: 'register',
  'success-page': 'successPage',
  'reset-password': 'resetPassword',
  'forget-password': 'forgetPassword',
  'account-registration': 'accountRegistration',
  welcome: 'welcome',
  'welcome-mobile': 'welcome',
  products: 'products',
  'dispay-products': 'displayProducts',
  'search-page': 'search',
  'category-page': 'categoryPage',
  description: 'description',
  'product-groups': 'productGroup',
  favorite: 'favorite',
  'favourite-view': 'favouriteView',
  cart: 'cart',
  'order-confirm': 'orderConfirm',
  profile: 'profile',
  pdata: 'pdata',
  order: 'order',
  pform: 'pform',
  orderdetails: 'orderDetails',
  invoices: 'invoices',
  password: 'password',
  opticon: 'opticon',
  'print-order': 'printOrder',
  'about-us': 'aboutUs',
  catalogues: 'catalogues',
  newsletter: 'newsletter',
  'customer-support': 'customerSupport',
  'free-patterns': 'freePatterns',
  admin: 'admin',
  dev: 'devMailbox',
};

/** The mobile header's title for a path (the route's name, in common:titles). */
export function titleKeyForPath(pathname: string): TitleKey {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'profile' && parts[1] === 'password') return 'profilePassword';
  if (parts[0] === 'profile' && parts[1] === 'addresses') return 'profileAddresses';
  if (parts[0] === 'admin' && parts[1] === 'content') return 'adminContent';
  return BY_FIRST_SEGMENT[parts[0] ?? ''] ?? 'home';
}
