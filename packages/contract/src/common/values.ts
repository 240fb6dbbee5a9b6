// Shared values and helpers without zod: the storefront's pages use them at first paint, so they
// stay out of the schemas' chunk (home route JS budget, docs/product/storefront-ux.md).

/** Languages of the storefront. docs/product/errors-and-constants.md: '' means English on the wire. */
export const LANGS = ['en', 'fr', 'es'] as const;
export type Lang = (typeof LANGS)[number];

/** Countries whose price lists exist. The cflag cookie and API use 'ca' and 'us'. */
export const COUNTRIES = ['ca', 'us'] as const;
export type Country = (typeof COUNTRIES)[number];

/** docs/product/errors-and-constants.md: records per page. */
export const PAGE_SIZES = [25, 50, 75, 100, 125, 300] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type Paginated<T> = {
  data: T[];
  total: number;
  current_page: number;
  last_page: number;
  per_page: number;
};

/** Builds the pagination envelope from a page of rows and the total count. */
export function toPage<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return {
    data,
    total,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
  };
}

/**
 * Finds the key under which `messages` holds a message (an English field message as the API
 * answers it), so the web can show it in the reader's language; undefined for any other text.
 */
export function messageKeyLookup<K extends string>(messages: Readonly<Record<K, string>>) {
  const keys = Object.keys(messages) as K[];
  return (message: string | undefined): K | undefined =>
    message ? keys.find((k) => messages[k] === message) : undefined;
}
