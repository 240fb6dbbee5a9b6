import { z } from 'zod';
import {
  COUNTRIES,
  LangParam,
  OptionalCountryParam,
  PageParam,
  PageSizeParam,
  okResponse,
} from '../common';
import { idSchema, ProductIdText } from '../common/safe-input';

// Query strings and bodies of the catalogue calls (docs/product/catalogue.md), shared by the API's
// routes (validation and OpenAPI) and any client that builds these calls.

/** One request parameter that may hold several exact values separated by commas (brand=Ab,Cd). */
export const FilterValuesParam = z
  .string()
  .max(500, { message: 'Filter is too long' })
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v.length > 0)
      .slice(0, 20),
  );

const text = (description: string) => z.string().max(200).optional().describe(description);

const filterParams = {
  brand: FilterValuesParam.describe(
    'Brands to keep: comma-separated exact values from filter-options-by-category (brands[].value)',
  ),
  color: FilterValuesParam.describe(
    'Colours to keep: comma-separated exact values (colors[].value)',
  ),
  type: FilterValuesParam.describe('Types to keep: comma-separated exact values (types[].value)'),
  size: FilterValuesParam.describe('Sizes to keep: comma-separated exact values (sizes[].value)'),
};

/** Only a language. */
export const LangQuery = z.object({ lang: LangParam });

/** A language and an optional country (a signed-in customer's own country wins on the server). */
export const LangCountryQuery = z.object({ lang: LangParam, country: OptionalCountryParam });

/** GET cadProducts / usProducts (without country) and classCode: a category listing page. */
export const ListingQuery = z.object({
  lang: LangParam,
  name: text('Category name (English URL key of /products/{name}/…); used when category is absent'),
  category: text(
    'cat_code of a category at any level (or its name); its sub categories are included',
  ),
  page: PageParam,
  pagination: PageSizeParam.describe('Records per page: 25, 50, 75, 100, 125 or 300'),
  country: OptionalCountryParam.describe(
    'ca or us; a signed-in customer always sees their own country',
  ),
  ...filterParams,
});
export type ListingQuery = z.infer<typeof ListingQuery>;

/** GET classCode: a listing limited to class codes. */
export const ClassCodeListingQuery = ListingQuery.extend({
  class_codes: FilterValuesParam.describe(
    'Class codes to keep, comma-separated (F new, R clearance, Y on sale, N coming soon)',
  ),
});

/** GET filter-options-by-category and brands-by-category. */
export const CategoryFilterQuery = z.object({
  category: text('cat_code (or name) of the category'),
  name: text('Category name, used when category is absent'),
  classCode: FilterValuesParam.describe('Optional class codes (F, R, Y, N), comma-separated'),
  country: OptionalCountryParam,
});

/** GET displayProducts: products of a category for /dispay-products/:cate. */
export const DisplayProductsQuery = z.object({
  category: text('cat_code or name of the category'),
  country: OptionalCountryParam,
  lang: LangParam,
  page: PageParam,
  pagination: PageSizeParam,
});

/** GET productDescription. */
export const ProductDescriptionQuery = z.object({
  product_id: ProductIdText,
  country: OptionalCountryParam,
  lang: LangParam,
});

/** GET product_group/:id path. */
export const ProductGroupParams = z.object({ id: idSchema('id') });

/** GET product_group/:id query. */
export const ProductGroupQuery = z.object({
  lang: LangParam,
  page: PageParam,
  pagination: PageSizeParam,
  country: OptionalCountryParam,
});

/** POST dev/products (development and browser journeys only): one product with its prices. */
export const DevProductBody = z.object({
  product_id: z.string().trim().min(1).max(40),
  category: z.string().min(1).max(100),
  class: z.string().trim().min(1).max(4).default('A'),
  names: z.object({
    en: z.string().min(1).max(500),
    fr: z.string().max(500).optional(),
    es: z.string().max(500).optional(),
  }),
  ship_pack: z.number().int().min(1).max(10_000).default(1),
  prices: z
    .array(
      z.object({
        country: z.enum(COUNTRIES),
        retail: z.number().min(0),
        selling: z.number().min(0),
        selling_2: z.number().min(0).nullable().default(null),
        available: z.number().int().min(0).default(0),
      }),
    )
    .max(2)
    .default([]),
  raw_names: z.boolean().default(false),
});
export type DevProductBody = z.infer<typeof DevProductBody>;

/** The answer of POST dev/products. */
export const DevProductResponse = okResponse({ id: z.number().int() });
