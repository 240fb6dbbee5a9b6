import { z } from 'zod';
import { paginated } from '../common';
import { countField, safeText } from '../common/safe-input';
import { IMPORT_COLUMNS, type ImportColumn } from './columns';

/**
 * The product editor (docs/product/back-office-catalogue.md "Product editor"). A product's editable
 * fields are the import file's columns with the same names and the same text formats (amounts in
 * dollars, stock in ship packs, `yes`/`no`), so the editor, the import and the export validate and
 * write through one path.
 */
export const PRODUCT_FIELDS = IMPORT_COLUMNS.filter(
  (c): c is Exclude<ImportColumn, 'sku' | 'image'> => c !== 'sku' && c !== 'image',
);
export type ProductField = (typeof PRODUCT_FIELDS)[number];

const fieldText = (field: ProductField) =>
  safeText(field.startsWith('description_') ? 20_000 : 500, field);

export const AdminProductFields = z.object(
  Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, fieldText(f)])) as Record<
    ProductField,
    ReturnType<typeof fieldText>
  >,
);
export type AdminProductFields = z.infer<typeof AdminProductFields>;

/** One of a product's pictures (docs/decisions/022-product-images.md); `url` never changes. */
export const AdminProductImage = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminProductImage = z.infer<typeof AdminProductImage>;

/** What an upload, a reorder or a delete answers: the pictures as they are now. */
export const AdminProductImages = z.object({ images: z.array(AdminProductImage) });
export type AdminProductImages = z.infer<typeof AdminProductImages>;

/** The most pictures a product may hold. */
export const PRODUCT_IMAGES_MAX = 12;
/** The largest picture staff may upload. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const AdminProduct = z.object({
  sku: z.string(),
  /** Changes whenever any field changes: sent back with an edit, 409 when it no longer matches. */
  version: z.string(),
  fields: AdminProductFields,
  /** In order: the first is the one listings, cards and carts show. */
  images: z.array(AdminProductImage),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductBody = z.object({
  version: z.string().min(1, { message: 'version is required' }).max(64),
  fields: AdminProductFields.partial(),
});
export type AdminProductBody = z.infer<typeof AdminProductBody>;

export const AdminProductParams = z.object({
  sku: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: 'sku must be letters, digits, - or _' }),
});

const IMAGE_ID_MESSAGE = 'id must be a whole number';
export const AdminProductImageParams = AdminProductParams.extend({
  id: z.coerce
    .number({ error: IMAGE_ID_MESSAGE })
    .int({ error: IMAGE_ID_MESSAGE })
    .min(1, { error: IMAGE_ID_MESSAGE })
    .max(2_147_483_647, { error: IMAGE_ID_MESSAGE }),
});

/** PUT /api/admin/products/:sku/images/order: every picture's id once, first shown first. */
export const AdminProductImagesOrder = z.object({
  ids: z
    .array(z.number({ error: 'ids must be image ids' }).int({ error: 'ids must be image ids' }), {
      error: 'ids must be a list of image ids',
    })
    .max(PRODUCT_IMAGES_MAX, { error: `ids must list at most ${PRODUCT_IMAGES_MAX} images` }),
});
export type AdminProductImagesOrder = z.infer<typeof AdminProductImagesOrder>;

export const AdminProductsQuery = z.object({
  q: safeText(100, 'q').optional(),
  page: countField(100_000, 'page must be a whole number of at least 1').default(1),
  per_page: countField(100, 'per_page must be a whole number from 1 to 100').default(25),
});
export type AdminProductsQuery = z.output<typeof AdminProductsQuery>;

export const AdminProductSummary = z.object({
  sku: z.string(),
  name_en: z.string(),
  barcode: z.string(),
  active: z.boolean(),
  price_ca: z.string(),
  stock_ca: z.string(),
  price_us: z.string(),
  stock_us: z.string(),
});
export type AdminProductSummary = z.infer<typeof AdminProductSummary>;

export const AdminProductsPage = paginated(AdminProductSummary);
export type AdminProductsPage = z.infer<typeof AdminProductsPage>;
