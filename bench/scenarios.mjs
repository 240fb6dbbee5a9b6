// Load scenarios for bench/run.mjs. Add yours here: one entry per endpoint worth watching.
//
// Each scenario:
//   name      shown in bench/RESULTS.md (say what is asked: method, path, who)
//   group     'platform' | 'catalogue' | 'cart' | … — `--scenario <group>` runs one group, `all` every one
//   auth      true: the request carries the signed-in buyer.ca@example.com's bearer token
//   method    'GET' by default
//   path      a string, or (ctx) => string
//   body      optional object (sent as JSON), or (ctx) => object
//   requests  optional (ctx) => autocannon request list, for rotating paths (then path is only the first)
//
// ctx: { token, userId, headers (auth headers), productIds (up to 500 sample SKU codes sold in 'ca'),
//        query(sql, params) → rows (on the bench database) }

/** @type {Array<{name: string, group: string, auth?: boolean, method?: string, path: string | ((ctx: any) => string), body?: unknown, requests?: (ctx: any) => Array<object>}>} */
export const scenarios = [
  { name: 'GET /api/health', group: 'platform', path: '/api/health' },
  { name: 'GET /api/categories?lang=fr (guest)', group: 'catalogue', path: '/api/categories?lang=fr' },
  { name: 'GET /api/categories?lang=fr (signed in)', group: 'catalogue', auth: true, path: '/api/categories?lang=fr' },
  {
    name: 'GET /images/products/:id.jpg (stored swatch, 500 SKUs)',
    group: 'catalogue',
    path: (ctx) => `/images/products/${ctx.productIds[0]}.jpg`,
    requests: (ctx) => ctx.productIds.map((id) => ({ method: 'GET', path: `/images/products/${id}.jpg` })),
  },
  // Catalogue & search (issue 3). BT (Buttons) is the largest top-level category of the generator
  // (~9 % of the products); 'Maple Notions' is one of its three brands.
  {
    name: 'GET /api/cadProducts BT, brand filter, 25/page (signed in)',
    group: 'catalogue',
    auth: true,
    path: `/api/cadProducts?category=BT&brand=${encodeURIComponent('Maple Notions')}&pagination=25&lang=en`,
  },
  { name: 'GET /api/cadProducts BT page 1 (signed in)', group: 'catalogue', auth: true, path: '/api/cadProducts?category=BT&pagination=25&page=1' },
  { name: 'GET /api/cadProducts BT page 200 (signed in)', group: 'catalogue', auth: true, path: '/api/cadProducts?category=BT&pagination=25&page=200' },
  {
    name: 'GET /api/productDescription (signed in, 500 SKUs)',
    group: 'catalogue',
    auth: true,
    path: (ctx) => `/api/productDescription?product_id=${encodeURIComponent(ctx.productIds[0])}&country=ca`,
    requests: (ctx) =>
      ctx.productIds.map((id) => ({ method: 'GET', path: `/api/productDescription?product_id=${encodeURIComponent(id)}&country=ca&lang=en` })),
  },
  { name: 'GET /api/search/ "wooden button" (en, signed in)', group: 'search', auth: true, path: `/api/search/?search_term=${encodeURIComponent('wooden button')}&lang_code=` },
  { name: 'GET /api/search/ "bouton bois" (fr, signed in)', group: 'search', auth: true, path: `/api/search/?search_term=${encodeURIComponent('bouton bois')}&lang_code=fr` },
  { name: 'GET /api/search/ "botón madera" (es, signed in)', group: 'search', auth: true, path: `/api/search/?search_term=${encodeURIComponent('botón madera')}&lang_code=es` },
  { name: 'GET /api/search/suggest?q=butt (guest)', group: 'search', path: '/api/search/suggest?q=butt&lang_code=en' },
];
