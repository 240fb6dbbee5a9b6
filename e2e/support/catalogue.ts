/** A category of the tree's top level, as GET /api/categories answers it. */
export type Cat = { name: string; category: string; cat_code: string };

/** The categories the storefront's menu shows in `lang`. */
export async function categories(baseUrl: string, lang = 'en'): Promise<Cat[]> {
  const response = await fetch(`${baseUrl}/api/categories?lang=${lang}`);
  return ((await response.json()) as { data: Cat[] }).data;
}

/** A category's listing page (its product cards), built like paths.products(). */
export const listingPathOf = (c: Cat) =>
  `/products/${[c.name, c.category, c.cat_code].map(encodeURIComponent).join('/')}`;

/** The listing of an ordinary category (not Zippers or Promotions), for a journey that needs products. */
export async function someListingPath(baseUrl: string): Promise<string> {
  const all = await categories(baseUrl);
  return listingPathOf(all.find((c) => c.name !== 'Zippers' && c.name !== 'Promotions') ?? all[0]);
}
