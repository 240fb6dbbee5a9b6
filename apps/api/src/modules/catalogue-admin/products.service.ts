import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  PRODUCT_FIELDS,
  toPage,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductFields,
  type AdminProductsPage,
  type AdminProductsQuery,
  type ImportColumn,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAuditBy } from '../audit';
import { afterCatalogueWrite, type CatalogueWriter } from './catalogue-writes';
import { catalogueRecordMapper, moneyText, selectCatalogueRows } from './catalogue-rows';
import { selectImportReferences } from './import.queries';
import { selectProductImages } from './product-images.queries';
import { imageDtos } from './product-images.service';
import { rowContext, validateRow } from './import.rows';
import { applyStagedRows, diffStagedRows, stageRows } from './staging.queries';

/*
 * The product editor (docs/product/back-office-catalogue.md "Product editor"). An edit is a one-row
 * import: the same validation, sanitiser and set-based writes, so the change feed and the caches
 * follow it exactly as they follow a file.
 */

export type StaffActor = { id: number; email: string };

/** A version that changes whenever any editable field does (prices and stock included). */
function versionOf(fields: AdminProductFields): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
}

async function readProduct(
  tx: Tx,
  sku: string,
  forUpdate = false,
): Promise<{ id: number; fields: AdminProductFields } | null> {
  const [row] = await selectCatalogueRows(tx, { sku, forUpdate });
  if (!row) return null;
  const record = catalogueRecordMapper(await selectImportReferences(tx))(row);
  const fields = Object.fromEntries(
    PRODUCT_FIELDS.map((f) => [f, String(record[f])]),
  ) as AdminProductFields;
  return { id: row.id, fields };
}

async function toDto(
  tx: Tx,
  sku: string,
  product: { id: number; fields: AdminProductFields },
): Promise<AdminProduct> {
  return {
    sku,
    version: versionOf(product.fields),
    fields: product.fields,
    images: imageDtos(await selectProductImages(tx, product.id)),
  };
}

/** GET /api/admin/products/:sku */
export async function getAdminProduct(tx: Tx, sku: string): Promise<AdminProduct> {
  const product = await readProduct(tx, sku);
  if (!product) throw new AppError('NOT_FOUND', `There is no product ${sku}`);
  return toDto(tx, sku, product);
}

const likePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/admin/products: staff-side search by SKU (prefix), barcode (exact) or English name. */
export async function searchAdminProducts(
  tx: Tx,
  query: AdminProductsQuery,
): Promise<AdminProductsPage> {
  const q = query.q?.trim() ?? '';
  const where = q
    ? sql`(p.product_id ILIKE ${`${likePattern(q)}%`} OR p.barcode = ${q}
        OR en.name ILIKE ${`%${likePattern(q)}%`})`
    : sql`true`;
  const from = sql`FROM products p
    LEFT JOIN product_translations en ON en.product_id = p.id AND en.lang = 'en'`;
  const [count] = (
    (await tx.execute(sql`SELECT count(*)::int AS total ${from} WHERE ${where}`)) as unknown as {
      rows: { total: number }[];
    }
  ).rows;
  const rows = (
    (await tx.execute(sql`
      SELECT p.product_id, p.barcode, p.active, en.name AS name_en,
        ca.selling_price_cents AS price_ca, ca.available AS stock_ca,
        us.selling_price_cents AS price_us, us.available AS stock_us
      ${from}
      LEFT JOIN product_prices ca ON ca.product_id = p.id AND ca.country = 'ca'
      LEFT JOIN product_prices us ON us.product_id = p.id AND us.country = 'us'
      WHERE ${where}
      ORDER BY p.product_id
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`)) as unknown as {
      rows: {
        product_id: string;
        barcode: string | null;
        active: boolean;
        name_en: string | null;
        price_ca: number | null;
        stock_ca: number | null;
        price_us: number | null;
        stock_us: number | null;
      }[];
    }
  ).rows;
  const data = rows.map((r) => ({
    sku: r.product_id.trim(),
    name_en: r.name_en ?? '',
    barcode: r.barcode ?? '',
    active: r.active,
    price_ca: moneyText(r.price_ca),
    stock_ca: r.stock_ca === null ? '' : String(r.stock_ca),
    price_us: moneyText(r.price_us),
    stock_us: r.stock_us === null ? '' : String(r.stock_us),
  }));
  return toPage(data, Number(count?.total ?? 0), query.page, query.per_page);
}

function fieldErrors(fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', Object.values(fields)[0], { fields });
}

/** Only the fields that differ, for the audit row. */
function changedFields(before: AdminProductFields, after: AdminProductFields) {
  const b: Record<string, string> = {};
  const a: Record<string, string> = {};
  for (const f of PRODUCT_FIELDS)
    if (before[f] !== after[f]) {
      b[f] = before[f];
      a[f] = after[f];
    }
  return { before: b, after: a };
}

/**
 * PUT/PATCH /api/admin/products/:sku: applies the sent fields if `version` still matches (409
 * otherwise), validated and sanitised as an import row; the writes and the audit row (changed fields
 * before and after) commit together, then this process's listing caches are dropped.
 */
export async function updateAdminProduct(
  catalogue: CatalogueWriter,
  sku: string,
  body: AdminProductBody,
  actor: StaffActor,
): Promise<AdminProduct> {
  const result = await catalogue.db.transaction(async (tx) => {
    const current = await readProduct(tx, sku, true);
    if (!current) throw new AppError('NOT_FOUND', `There is no product ${sku}`);
    if (versionOf(current.fields) !== body.version)
      throw new AppError(
        'CONFLICT',
        'Someone else changed this product meanwhile: reload it to see their change',
      );
    const sent = PRODUCT_FIELDS.filter((f) => body.fields[f] !== undefined);
    if (sent.includes('name_en') && !body.fields.name_en?.trim())
      throw fieldErrors({ name_en: 'name_en is required' });
    const columns: ImportColumn[] = ['sku', ...sent];
    const cells = [sku, ...sent.map((f) => body.fields[f] ?? '')];
    const ctx = rowContext(await selectImportReferences(tx), {
      columns,
      images: null,
      firstRowOfSku: new Map(),
    });
    const { row, errors } = validateRow(cells, 1, ctx);
    if (!row) throw fieldErrors(Object.fromEntries(errors.map((e) => [e.column, e.message])));
    const staging = { barcodeSent: sent.includes('barcode'), brandSent: sent.includes('brand') };
    await stageRows(tx, [row]);
    const [diff] = await diffStagedRows(tx, staging);
    if (diff?.ca_needs_price)
      throw fieldErrors({
        price_ca: 'price_ca is required: the product has no Canadian price yet',
      });
    if (diff?.us_needs_price)
      throw fieldErrors({ price_us: 'price_us is required: the product has no US price yet' });
    await applyStagedRows(tx, staging);
    const updated = (await readProduct(tx, sku))!;
    const changes = changedFields(current.fields, updated.fields);
    if (Object.keys(changes.after).length)
      await recordAuditBy(tx, actor, {
        action: 'product.update',
        entity: 'product',
        entityId: sku,
        ...changes,
      });
    return { dto: await toDto(tx, sku, updated), changed: Object.keys(changes.after).length > 0 };
  });
  if (result.changed) afterCatalogueWrite(catalogue);
  return result.dto;
}
