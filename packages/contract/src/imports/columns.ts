/**
 * The catalogue file's columns (docs/product/back-office-catalogue.md "Import file"), in the order the
 * template and the export write them. Only `sku` is required; an absent column leaves its field as is.
 */
export const IMPORT_COLUMNS = [
  'sku',
  'barcode',
  'category',
  'subcategory',
  'brand',
  'class',
  'ship_pack',
  'name_en',
  'name_fr',
  'name_es',
  'description_en',
  'description_fr',
  'description_es',
  'price_ca',
  'sale_price_ca',
  'retail_ca',
  'stock_ca',
  'price_us',
  'sale_price_us',
  'retail_us',
  'stock_us',
  'active',
  'image',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
