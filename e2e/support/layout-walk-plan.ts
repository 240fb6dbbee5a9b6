import { STAFF_ROLES, type StaffRole } from '@wholesale/contract';
import { categories } from './catalogue';
import {
  apiCall,
  apiSignIn,
  cartWithProducts,
  FRENCH_BUYER,
  type ApiSession,
} from './demo-accounts';

// The layout walk's plan (e2e/support/layout-walk.ts walks it): the router's pages, the personas,
// who may open what, and the real records the pages with parameters open.

/** What the walk knows of a page: apps/web/src/app/route-access.ts PageAccess. */
export type PageAccess = {
  path: string;
  guard: 'public' | 'guest' | 'protected' | 'staff';
  staffRoles: StaffRole[];
};

/**
 * Every page of the web router with who may open it, read off the router's own route table and
 * guards (a new route is walked without editing the walk). Imported from the web's sources at run
 * time: the e2e project's type check does not compile the web app.
 */
export async function routerPages(): Promise<PageAccess[]> {
  const web = '../../apps/web/src/app';
  // The whole table: the router itself gets the back office's routes only on a staff address.
  const { allRoutes } = (await import(/* @vite-ignore */ `${web}/route-table`)) as {
    allRoutes: unknown[];
  };
  const { pageAccess } = (await import(/* @vite-ignore */ `${web}/route-access`)) as {
    pageAccess: (list: unknown[]) => PageAccess[];
  };
  return pageAccess(allRoutes);
}

/** A person the walk signs in as (none for a guest), and what the route guards call them. */
export type Persona = { name: string; email?: string; is: 'guest' | 'customer' | StaffRole };

export const GUEST: Persona = { name: 'guest', is: 'guest' };
export const BUYER: Persona = { name: 'buyer', email: 'buyer.ca@example.com', is: 'customer' };
/** One demo account per staff role (apps/api/src/db/seed/demo.ts): `<role>@example.com`. */
export const STAFF: Persona[] = STAFF_ROLES.map((role) => ({
  name: role,
  email: `${role}@example.com`,
  is: role,
}));

/**
 * Whether the route guards let `persona` open `page`. Outside the back office no guard reads a
 * staff member's roles (ProtectedRoute asks only "signed in"), so there the first staff persona
 * stands for every staff member; in the back office each role the page opens to walks it.
 */
export function mayOpen(persona: Persona, page: PageAccess): boolean {
  const staffRole = persona.is !== 'guest' && persona.is !== 'customer' ? persona.is : null;
  switch (page.guard) {
    case 'public':
      return staffRole === null || staffRole === STAFF_ROLES[0];
    case 'guest':
      return persona.is === 'guest';
    case 'protected':
      return persona.is === 'customer' || staffRole === STAFF_ROLES[0];
    case 'staff':
      return staffRole !== null && page.staffRoles.includes(staffRole);
  }
}

/** Real records the pages with parameters open, read from the demo data through the API. */
export type WalkData = {
  category: { name: string; category: string; cat_code: string };
  productCode: string;
  orderId: number;
  applicationId: number;
  customerId: number;
  sku: string;
  productGroupId: number;
};

/**
 * A concrete address for every route whose pattern has parameters, keyed by the pattern as the
 * router writes it. A new route with a parameter fails the walk until it has an entry here: name
 * which real record it opens.
 */
export const PARAM_ROUTES: Record<string, (d: WalkData) => string> = {
  '/orderdetails/:order_id': (d) => `/orderdetails/${d.orderId}`,
  '/admin/applications/:id': (d) => `/admin/applications/${d.applicationId}`,
  '/admin/orders/:id': (d) => `/admin/orders/${d.orderId}`,
  '/admin/orders/phone/:customerId': (d) => `/admin/orders/phone/${d.customerId}`,
  '/admin/products/:sku': (d) => `/admin/products/${encodeURIComponent(d.sku)}`,
  '/admin/customers/:id': (d) => `/admin/customers/${d.customerId}`,
  '/products/:name?/:cate?/:cate_code?/:classCode?': (d) =>
    `/products/${[d.category.name, d.category.category, d.category.cat_code, 'F'].map(encodeURIComponent).join('/')}`,
  '/dispay-products/:cate': (d) => `/dispay-products/${encodeURIComponent(d.category.cat_code)}`,
  '/search-page/:product/:search': () => '/search-page/button/1',
  '/category-page/:title': (d) => `/category-page/${encodeURIComponent(d.category.name)}`,
  '/description/:product_id/:country': (d) => `/description/${d.productCode}/ca`,
  '/product-groups/:id': (d) => `/product-groups/${d.productGroupId}`,
  '/*': () => '/walk-no-such-page',
};

/** The address the walk opens for a route pattern; throws for a parameter without an entry. */
export function addressOf(pattern: string, data: WalkData): string {
  const fill = PARAM_ROUTES[pattern];
  if (fill) return fill(data);
  if (/[:*]/.test(pattern))
    throw new Error(
      `The layout walk cannot open ${pattern}: add it to PARAM_ROUTES in e2e/support/layout-walk-plan.ts with a real record`,
    );
  return pattern;
}

export async function getJson<T>(s: ApiSession, path: string): Promise<T> {
  const response = await fetch(`${s.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

type Rows<T> = { data: T[] };

/**
 * Writes audit entries with a before/after table, so the audit log the walk opens shows change
 * tables even on a fresh server where no journey has written one (its headings broke mid-word
 * only once there were entries): a staff member renames a category in French and Spanish with a
 * long name and puts the names back at once, before any page is walked.
 */
async function writeAuditEntries(admin: ApiSession): Promise<void> {
  const { categories } = await getJson<{
    categories: { id: number; name_fr: string; name_es: string }[];
  }>(admin, '/api/admin/catalogue/categories');
  const { id, name_fr, name_es } = categories[0];
  const url = `/api/admin/catalogue/categories/${id}`;
  const long = ' – layout walk, https://example.com/a-long-address-without-spaces-to-wrap';
  const longer = (name: string) => (name + long).slice(0, 100);
  await apiCall(admin, 'PATCH', url, { name_fr: longer(name_fr), name_es: longer(name_es) });
  await apiCall(admin, 'PATCH', url, { name_fr, name_es });
}

/**
 * Reads the records the walk opens, gives the buyer a cart with lines and a favourite (the demo
 * data has orders, applications, customers and product groups) and the audit log two entries.
 * Answers an undo for what it added.
 */
export async function prepareWalkData(
  baseUrl: string,
): Promise<{ data: WalkData; cleanUp: () => Promise<void> }> {
  const buyer = await apiSignIn(baseUrl, BUYER.email!);
  const admin = await apiSignIn(baseUrl, 'admin@example.com');
  const all = await categories(baseUrl);
  const category = all.find((c) => c.name !== 'Zippers' && c.name !== 'Promotions') ?? all[0];
  const [productCode] = await cartWithProducts(buyer, 3);
  const favourite = new URLSearchParams({ product_id: productCode, user_id: String(buyer.userId) });
  const added = await fetch(`${baseUrl}/api/fav/add?${favourite}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${buyer.token}` },
  });
  if (!added.ok) throw new Error(`adding a favourite: ${added.status}`);
  const orders = await getJson<Rows<{ order_id: number }>>(
    buyer,
    `/api/order-history?user_id=${buyer.userId}`,
  );
  const applications = await getJson<Rows<{ id: number }>>(admin, '/api/admin/applications');
  const customers = await getJson<Rows<{ id: number }>>(
    admin,
    `/api/admin/customers?q=${FRENCH_BUYER.code}`,
  );
  const products = await getJson<Rows<{ sku: string }>>(admin, '/api/admin/products?per_page=1');
  const productGroupId = 1;
  await getJson(buyer, `/api/product_group/${productGroupId}`);
  await writeAuditEntries(admin);
  const first = <T>(rows: Rows<T>, what: string): T => {
    if (rows.data.length === 0) throw new Error(`the demo data has no ${what}`);
    return rows.data[0];
  };
  return {
    data: {
      category,
      productCode,
      orderId: first(orders, 'order of the buyer').order_id,
      applicationId: first(applications, 'application').id,
      customerId: first(customers, `customer ${FRENCH_BUYER.code}`).id,
      sku: first(products, 'product').sku,
      productGroupId,
    },
    cleanUp: async () => {
      await fetch(`${baseUrl}/api/fav/delete?${favourite}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${buyer.token}` },
      });
    },
  };
}

/** The addresses `persona` walks: every router page its guards let it open, parameters filled. */
export function addressesFor(persona: Persona, pages: PageAccess[], data: WalkData): string[] {
  // Diagnostic (WALK_ONLY=<regular expression>): walk only the addresses it matches.
  const only = process.env.WALK_ONLY ? new RegExp(process.env.WALK_ONLY) : null;
  return pages
    .filter((p) => mayOpen(persona, p))
    .map((p) => addressOf(p.path, data))
    .filter((address) => !only || only.test(address));
}
