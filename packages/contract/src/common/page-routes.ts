// The pages the web app has (apps/web/src/app/route-table.ts: router.tsx and admin-routes.tsx),
// for the server that serves its index.html: an address none of them matches answers HTTP 404 with
// the not-found page (docs/product/overview-and-routes.md), so crawlers and monitors do not take it
// for a page.
// A web test checks this list against the router's, route for route and guard for guard.

/**
 * Every page path of the web router, as React Router writes them (":x" one segment, ":x?" optional),
 * by the guard it sits under (docs/product/overview-and-routes.md "Routes", its "who" column).
 */
export const PAGE_ROUTES_BY_GUARD = {
  /** Everyone's pages: the home page, the catalogue and the content pages. */
  public: [
    '/',
    '/products/:name?/:cate?/:cate_code?/:classCode?',
    '/dispay-products/:cate',
    '/search-page/:product/:search',
    '/category-page/:title',
    '/description/:product_id/:country',
    '/product-groups/:id',
    '/about-us',
    '/catalogues',
    '/newsletter',
    '/customer-support',
    '/free-patterns',
    '/dev/mailbox',
  ],
  /** The sign-in, application and password-recovery pages: only a guest sees them. */
  guest: [
    '/login',
    '/register',
    '/success-page',
    '/reset-password',
    '/account-registration',
    '/welcome',
    '/welcome-mobile',
    '/forget-password',
  ],
  /** A signed-in customer's pages. */
  protected: [
    '/favourite-view',
    '/favorite',
    '/cart',
    '/profile',
    '/profile/password',
    '/profile/addresses',
    '/profile/returns',
    '/profile/credit',
    '/invoices',
    '/order-confirm',
    '/order',
    '/orderdetails/:order_id',
    '/print-order',
    '/opticon',
    '/pdata',
    '/pform',
    '/password',
  ],
  /** The back office. */
  staff: [
    '/admin',
    '/admin/content',
    '/admin/applications',
    '/admin/applications/:id',
    '/admin/integrations',
    '/admin/invoices',
    '/admin/orders',
    '/admin/orders/:id',
    '/admin/orders/phone',
    '/admin/orders/phone/:customerId',
    '/admin/catalogue',
    '/admin/catalogue/structure',
    '/admin/products',
    '/admin/products/:sku',
    '/admin/prices',
    '/admin/staff',
    '/admin/customers',
    '/admin/customers/:id',
    '/admin/audit',
    '/admin/receivables',
    '/admin/settings',
    '/admin/returns',
  ],
} as const;

/** Every page path of the web router, whoever may open it. */
export const PAGE_ROUTES = [
  ...PAGE_ROUTES_BY_GUARD.public,
  ...PAGE_ROUTES_BY_GUARD.guest,
  ...PAGE_ROUTES_BY_GUARD.protected,
  ...PAGE_ROUTES_BY_GUARD.staff,
] as const;

export type PageRoute = (typeof PAGE_ROUTES)[number];

/** The path's segments, decoded; null when one cannot be decoded. */
export function decodedSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The parameters of `pattern` read from `parts`, or null when the pattern does not match them. */
function matchPattern(pattern: string, parts: string[]): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  if (parts.length > wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [i, piece] of wanted.entries()) {
    const part = parts[i];
    if (!piece.startsWith(':')) {
      // Static segments compare case-insensitively, as React Router does.
      if (part === undefined || part.toLowerCase() !== piece.toLowerCase()) return null;
    } else if (part !== undefined) {
      params[piece.slice(1).replace(/\?$/, '')] = part;
    } else if (!piece.endsWith('?')) {
      return null;
    }
  }
  return params;
}

/**
 * The page an address opens, with its decoded parameters; null for an address the web app has no
 * page for (it would show its not-found page). Static routes win over parameters, as in React Router.
 */
export function matchPageRoute(
  pathname: string,
): { route: PageRoute; params: Record<string, string> } | null {
  const parts = decodedSegments(pathname);
  if (!parts) return null;
  let best: { route: PageRoute; params: Record<string, string> } | null = null;
  for (const route of PAGE_ROUTES) {
    const params = matchPattern(route, parts);
    if (!params) continue;
    // Fewer parameters = more static segments matched (/admin/orders/phone over /admin/orders/:id).
    if (!best || Object.keys(params).length < Object.keys(best.params).length)
      best = { route, params };
  }
  return best;
}
