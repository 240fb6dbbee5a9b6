import { z } from 'zod';
import { dataResponse, paginated, okResponse } from '../common';

/** docs/product/catalogue.md category tree: Sub-sub category. */
export const SubSubCategory = z.object({
  sub_subCat: z.string(),
  category: z.string(),
  cat_code: z.string(),
  /** Present (true) when staff hid it: the menu leaves it out (docs/product/back-office-catalogue.md). */
  hidden: z.boolean().optional(),
});

/** docs/product/catalogue.md category tree: Sub category. */
export const SubCategory = z.object({
  sub_cate: z.string(),
  category: z.string(),
  cat_code: z.string(),
  sub_subCat: z.array(SubSubCategory).optional(),
  hidden: z.boolean().optional(),
});

/**
 * A category as the tree names it: where a product sits (breadcrumbs, links back to the listing),
 * and the part every category answer (tree, tiles, search) starts with.
 */
export const ProductCategoryRef = z.object({
  name: z.string(),
  category: z.string(),
  cat_code: z.string(),
});
export type ProductCategoryRef = z.infer<typeof ProductCategoryRef>;

/** docs/product/catalogue.md category tree: Category with its New/Clear/Sale/Soon counts. */
export const Category = ProductCategoryRef.extend({
  New: z.number().int(),
  Clear: z.number().int(),
  Sale: z.number().int(),
  Soon: z.number().int(),
  sub_cate: z.array(SubCategory),
  hidden: z.boolean().optional(),
});
export type Category = z.infer<typeof Category>;
export type SubCategory = z.infer<typeof SubCategory>;

export const CategoriesResponse = dataResponse(z.array(Category));
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

/**
 * Why a signed-in customer's unit price is what it is (docs/product/pricing.md, the engine's
 * PriceReason on the wire): the catalogue's selling price, its second selling price (a sale), or an
 * entry of a price list given to the customer or to their group. Flat, the list's fields present
 * only for `price_list`; the list's id stays on the server.
 */
export const BuyerPriceReason = z.object({
  kind: z.enum(['selling', 'sale', 'price_list']),
  /** price_list: the list's name, shown to the buyer ("Contract price, list Maison Tremblay"). */
  list_name: z.string().optional(),
  /** price_list: given to the customer by name, or to a group they belong to. */
  assignee: z.enum(['customer', 'group']).optional(),
  /** price_list: the entry applies from this many ship packs (above 1: a volume break). */
  min_packs: z.number().int().optional(),
});
export type BuyerPriceReason = z.infer<typeof BuyerPriceReason>;

/** A pack count from which the buyer's unit price drops ("10+ packs: CA$0.20"), in dollars. */
export const BuyerPriceBreak = z.object({
  min_packs: z.number().int(),
  unit_price: z.number(),
});
export type BuyerPriceBreak = z.infer<typeof BuyerPriceBreak>;

/**
 * docs/product/catalogue.md product list item. Prices, stock (available) and the selling prices are present only
 * for signed-in callers: for guests the fields are absent from the JSON (docs/product/catalogue.md).
 * A signed-in customer who has price lists also gets their own price (`customer_price`, for one
 * pack), its reason and the volume breaks (docs/product/pricing.md "What the buyer sees"); a
 * customer without any list gets none of the three (the selling prices are their price).
 */
export const ProductCard = z.object({
  id: z.number().int(),
  product_id: z.string(),
  name: z.string(),
  country: z.enum(['ca', 'us']),
  class: z.string(),
  ship_pac: z.number().int(),
  types: z.string(),
  image: z.string(),
  brand: z.string().nullable(),
  color: z.string().nullable(),
  type: z.string().nullable(),
  size: z.string().nullable(),
  available: z.number().int().optional(),
  retail_price: z.number().optional(),
  selling_price: z.number().optional(),
  selling_price_2: z.number().nullable().optional(),
  /** The buyer's unit price for one ship pack, in dollars (the pricing engine's `priceFor`). */
  customer_price: z.number().optional(),
  /** Why `customer_price` is what it is. */
  price_reason: BuyerPriceReason.optional(),
  /** Where the unit price drops with more packs, ascending; empty when it never does. */
  price_breaks: z.array(BuyerPriceBreak).optional(),
});
export type ProductCard = z.infer<typeof ProductCard>;

/** Listing filters (docs/product/catalogue.md brand, color, type, size): comma-separated exact values from filter-options-by-category. */
export type ListingFilters = { brand: string[]; color: string[]; type: string[]; size: string[] };

/** A paginated list of product cards under `products` (docs/product/catalogue.md). */
export const ProductsResponse = okResponse({
  products: paginated(ProductCard),
});
export type ProductsResponse = z.infer<typeof ProductsResponse>;
export type ProductPage = ProductsResponse['products'];

/** Product detail: the card plus description, barcode, category path and related products. */
export const ProductDetail = ProductCard.extend({
  description: z.string(),
  barcode: z.string().nullable(),
  class_label: z.string(),
  categories: z.array(ProductCategoryRef),
  related: z.array(ProductCard),
  /** Every picture in order (docs/decisions/022-product-images.md); empty: `image` alone. */
  images: z.array(z.string()),
});
export type ProductDetail = z.infer<typeof ProductDetail>;
export const ProductDescriptionResponse = dataResponse(ProductDetail);
export type ProductDescriptionResponse = z.infer<typeof ProductDescriptionResponse>;

/** docs/product/catalogue.md class code entry: class, image, id (plus a translated label). */
export const ClassCodeEntry = z.object({
  id: z.number().int(),
  class: z.string(),
  image: z.string(),
  label: z.string(),
});
export type ClassCodeEntry = z.infer<typeof ClassCodeEntry>;
export const ClassCodesResponse = okResponse({
  class_codes: z.array(ClassCodeEntry),
});

/** Top-level categories shown as tiles (GET displayCategories). */
export const DisplayCategory = ProductCategoryRef.extend({ image: z.string() });
export type DisplayCategory = z.infer<typeof DisplayCategory>;
export const DisplayCategoriesResponse = dataResponse(z.array(DisplayCategory));

/** A filter value present in a category, with the number of products carrying it. */
export const FilterOption = z.object({ value: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof FilterOption>;
export const FilterOptions = z.object({
  brands: z.array(FilterOption),
  colors: z.array(FilterOption),
  types: z.array(FilterOption),
  sizes: z.array(FilterOption),
});
export type FilterOptions = z.infer<typeof FilterOptions>;
export const FilterOptionsResponse = dataResponse(FilterOptions);
export const BrandsResponse = dataResponse(
  z.array(z.object({ brand: z.string(), count: z.number().int() })),
);

/** GET /api/product_group/:id — docs/product/catalogue.md: data.title and data.data, paginated. */
export const ProductGroupResponse = dataResponse(
  z.object({ title: z.string(), ...paginated(ProductCard).shape }),
);
export type ProductGroupResponse = z.infer<typeof ProductGroupResponse>;

/** A category matching a search. */
export const SearchCategory = ProductCategoryRef.extend({ level: z.number().int() });
export type SearchCategory = z.infer<typeof SearchCategory>;

/** GET /api/search/ — the body's `data` holds the results (docs/product/catalogue.md). Names are plain text (HTML stripped). */
export const SearchResponse = dataResponse(
  z.object({
    products: ProductsResponse.shape.products,
    categories: z.array(SearchCategory),
  }),
);
export type SearchResponse = z.infer<typeof SearchResponse>;

/** GET /api/search/suggest — a few products and categories while the buyer types. */
export const SearchSuggestion = z.object({
  product_id: z.string(),
  name: z.string(),
  image: z.string(),
  country: z.enum(['ca', 'us']),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestion>;
export const SuggestResponse = dataResponse(
  z.object({ products: z.array(SearchSuggestion), categories: z.array(SearchCategory) }),
);
export type SuggestResponse = z.infer<typeof SuggestResponse>;

export * from './display';
export * from './page-names';
export * from './requests';
