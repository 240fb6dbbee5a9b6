import sanitizeHtml from 'sanitize-html';
import {
  fromCents,
  productImagePath,
  stripHtml,
  type Country,
  type CustomerPrice,
  type Lang,
  type PricedProduct,
  type ProductCard,
} from '@wholesale/contract';
import type { CardRow, CategoryRow } from './catalogue.queries';

/**
 * A signed-in customer's own prices, handed in by the routes from the pricing module (the catalogue
 * does not read price lists).
 */
export type CustomerPricing = {
  /**
   * False for a customer without any price list (most): the catalogue's prices are theirs. At once
   * when the pricing module keeps the answer (no promise on most pages).
   */
  hasLists: () => boolean | Promise<boolean>;
  /** Their prices of these products for one pack, in one statement for the page (or at once). */
  prices: (
    products: PricedProduct[],
  ) => ReadonlyMap<number, CustomerPrice> | Promise<ReadonlyMap<number, CustomerPrice>>;
};

/**
 * Who is looking: prices and stock are only for signed-in callers (docs/product/catalogue.md); a
 * signed-in customer's own prices come from `customerPrices` (catalogue.customer-prices.ts).
 */
export type Viewer = { country: Country; priced: boolean; customerPrices?: CustomerPricing };

// ---------------------------------------------------------------------------------------------
// Names: limited HTML, sanitised on write (docs/product/catalogue.md "name rendered as HTML").

/** The only markup a product name may carry. No attributes, so no event handlers or URLs. */
const NAME_ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'sup', 'sub', 'small', 'span'];

/**
 * Sanitises a product name to the allow-list above; everything else is removed (script and style
 * contents included). Call it wherever a name is written (seed, imports, admin edits).
 */
export function sanitizeProductName(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: NAME_ALLOWED_TAGS,
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Rows → DTO, in one place: the only function that decides whether price fields exist.

/** Maps a card row to the docs/product/catalogue.md product list item; price and stock fields only when `viewer.priced`. */
export function toCard(
  row: CardRow,
  viewer: Viewer,
  options: { plainName?: boolean } = {},
): ProductCard {
  const productId = row.product_id.trim();
  const name = row.name ?? productId;
  const card: ProductCard = {
    id: Number(row.id),
    product_id: productId,
    name: options.plainName ? stripHtml(name) : name,
    country: viewer.country,
    class: row.class_code.trim(),
    ship_pac: Number(row.ship_pack) > 0 ? Number(row.ship_pack) : 1,
    types: row.content_types ?? '',
    image: productImagePath(productId),
    brand: row.brand,
    color: row.colour,
    type: row.type,
    size: row.size,
  };
  if (!viewer.priced) return card;
  // Set on the card itself (no copy): a page maps up to 100 rows per request.
  card.available = Number(row.available);
  card.retail_price = fromCents(Number(row.retail_price_cents));
  card.selling_price = fromCents(Number(row.selling_price_cents));
  card.selling_price_2 =
    row.selling_price_2_cents === null ? null : fromCents(Number(row.selling_price_2_cents));
  return card;
}

/** A category's name in the interface language. */
export function categoryName(
  row: Pick<CategoryRow, 'nameEn' | 'nameFr' | 'nameEs'>,
  lang: Lang,
): string {
  return lang === 'fr' ? row.nameFr : lang === 'es' ? row.nameEs : row.nameEn;
}
