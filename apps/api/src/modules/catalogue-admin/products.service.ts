import { createHash } from 'node:crypto';
import sharp from 'sharp';
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
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { recordAudit } from '../audit';
import { afterCatalogueWrite } from './catalogue-writes';
import { catalogueRecordMapper, moneyText, selectCatalogueRows } from './catalogue-rows';
import { selectImportReferences } from './import.queries';
import { rowContext, validateRow } from './import.rows';
import { applyStagedRows, diffStagedRows, stageRows } from './staging.queries';

/*
 * The product editor (docs/product/back-office-catalogue.md "Product editor"). An edit is a one-row
 * import: the same validation, sanitiser and set-based writes, so the change feed and the caches
 * follow it exactly as they follow a file.
 */

export type StaffActor = { id: number; email: string };

const imageKey = (sku: string) => `images/products/${sku}.jpg`;

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

const toDto = (sku: string, fields: AdminProductFields, imageVersion = ''): AdminProduct => ({
  sku,
  version: versionOf(fields),
  fields,
  image_url: `/images/products/${sku}.jpg${imageVersion ? `?v=${imageVersion}` : ''}`,
});

/** GET /api/admin/products/:sku */
export async function getAdminProduct(tx: Tx, sku: string): Promise<AdminProduct> {
  const product = await readProduct(tx, sku);
  if (!product) throw new AppError('NOT_FOUND', `There is no product ${sku}`);
  return toDto(sku, product.fields);
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
  db: Database,
  sku: string,
  body: AdminProductBody,
  actor: StaffActor,
): Promise<AdminProduct> {
  const result = await db.transaction(async (tx) => {
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
      await recordAudit(tx, {
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'product.update',
        entity: 'product',
        entityId: sku,
        ...changes,
      });
    return { fields: updated.fields, changed: Object.keys(changes.after).length > 0 };
  });
  if (result.changed) afterCatalogueWrite(db);
  return toDto(sku, result.fields);
}

/** Locks the product, writes the picture's audit row and runs `write` inside that transaction. */
function pictureChange(
  db: Database,
  sku: string,
  actor: StaffActor,
  change: { before?: Record<string, string>; after?: Record<string, string> },
  write: () => Promise<void>,
): Promise<AdminProductFields> {
  return db.transaction(async (tx) => {
    const product = await readProduct(tx, sku, true);
    if (!product) throw new AppError('NOT_FOUND', `There is no product ${sku}`);
    await recordAudit(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: change.after ? 'product.image' : 'product.image_delete',
      entity: 'product',
      entityId: sku,
      ...change,
    });
    await write();
    return product.fields;
  });
}

/** Largest picture a staff member may upload. */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Replaces the product's picture: the upload must decode as JPEG, PNG or WebP (checked by decoding,
 * not by its name); it is stored as JPEG under the SKU, as an import stores it.
 */
export async function replaceProductImage(
  db: Database,
  store: FileStore,
  sku: string,
  upload: Buffer,
  actor: StaffActor,
): Promise<AdminProduct> {
  let jpeg: Buffer;
  try {
    const meta = await sharp(upload).metadata();
    if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) throw new Error(meta.format);
    jpeg = await sharp(upload).rotate().jpeg({ quality: 85 }).toBuffer();
  } catch {
    throw fieldErrors({ image: 'image must be a JPEG, PNG or WebP picture' });
  }
  // Stored before the commit: a failed commit leaves a new picture without its audit row.
  const fields = await pictureChange(
    db,
    sku,
    actor,
    { after: { image: `${jpeg.length} bytes` } },
    () => store.put(imageKey(sku), jpeg, 'image/jpeg'),
  );
  return toDto(sku, fields, createHash('sha1').update(jpeg).digest('hex').slice(0, 10));
}

/** Removes the uploaded picture: the storefront shows the generated one again. */
export async function deleteProductImage(
  db: Database,
  store: FileStore,
  sku: string,
  actor: StaffActor,
): Promise<AdminProduct> {
  const fields = await pictureChange(db, sku, actor, { before: { image: 'uploaded' } }, () =>
    store.delete(imageKey(sku)),
  );
  return toDto(sku, fields, 'generated');
}
