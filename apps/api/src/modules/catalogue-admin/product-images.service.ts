import {
  PRODUCT_IMAGES_MAX,
  productGalleryPath,
  type AdminProductImage,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { AppError, fieldError } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import { recordAuditBy } from '../audit';
import { afterCatalogueWrite, type CatalogueWriter } from './catalogue-writes';
import {
  deleteProductImageRow,
  insertProductImage,
  lockProductBySku,
  selectProductIdBySku,
  selectProductImages,
  updateProductImagePositions,
  type ProductImageRow,
} from './product-images.queries';
import { loadSharp, uprightPicture } from '../../lib/pictures';

/*
 * A product's ordered pictures (docs/decisions/022-product-images.md). Each picture's JPEG is
 * written once under images/gallery/<id>.jpg (so its URL is cached for a year); the first one is
 * also copied to images/products/<sku>.jpg, the path every listing, card and cart already shows.
 */

type StaffActor = { id: number; email: string };
type AuditChange = { before?: Record<string, string>; after?: Record<string, string> };

const galleryKey = (id: number) => `images/gallery/${id}.jpg`;
const firstKey = (sku: string) => `images/products/${sku}.jpg`;

/** The pictures as the editor receives them. */
export const imageDtos = (rows: ProductImageRow[]): AdminProductImage[] =>
  rows.map((r) => ({ id: r.id, url: productGalleryPath(r.id), width: r.width, height: r.height }));

/** The longest side a stored picture keeps (larger uploads are scaled down). */
const MAX_SIDE = 1600;

export type PreparedImage = { jpeg: Buffer; width: number; height: number };

/**
 * Decodes an upload (JPEG, PNG or WebP, told by decoding it, never by its name) and re-encodes it
 * as an upright JPEG of at most MAX_SIDE pixels a side. A 400 naming the `image` field otherwise.
 */
export async function prepareProductImage(upload: Buffer): Promise<PreparedImage> {
  const { data, info } = await uprightPicture(upload, 'image', MAX_SIDE, (image) =>
    image
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true }),
  );
  return { jpeg: data, width: info.width, height: info.height };
}

/** Keeps images/products/<sku>.jpg equal to the first picture (none: the generated swatch returns). */
async function mirrorFirst(store: FileStore, sku: string, rows: ProductImageRow[]): Promise<void> {
  const first = rows[0];
  const data = first ? await store.get(galleryKey(first.id)) : null;
  if (data) await store.put(firstKey(sku), data, 'image/jpeg');
  else await store.delete(firstKey(sku));
}

/**
 * Locks the product, runs `change` and writes its audit row in one transaction. After the commit,
 * the first picture is mirrored under the SKU and this process's catalogue caches are dropped
 * (other processes follow the change feed, migration 0021).
 */
async function changeImages(
  catalogue: CatalogueWriter,
  store: FileStore,
  sku: string,
  actor: StaffActor,
  action: string,
  change: (tx: Tx, productId: number, current: ProductImageRow[]) => Promise<AuditChange>,
): Promise<AdminProductImage[]> {
  const rows = await catalogue.db.transaction(async (tx) => {
    const productId = await lockProductBySku(tx, sku);
    if (productId === null) throw new AppError('NOT_FOUND', `There is no product ${sku}`);
    const audit = await change(tx, productId, await selectProductImages(tx, productId));
    await recordAuditBy(tx, actor, {
      action,
      entity: 'product',
      entityId: sku,
      ...audit,
    });
    return selectProductImages(tx, productId);
  });
  // NOTE: after the commit (the table is the truth): a crash right here leaves the previous first
  // picture under the SKU until the next change of this product's pictures.
  await mirrorFirst(store, sku, rows);
  afterCatalogueWrite(catalogue);
  return imageDtos(rows);
}

const order = (rows: ProductImageRow[]) => rows.map((r) => r.id).join(',');

/** POST /api/admin/products/:sku/images: adds a picture after the others. */
export async function addProductImage(
  catalogue: CatalogueWriter,
  store: FileStore,
  sku: string,
  upload: Buffer,
  actor: StaffActor,
): Promise<AdminProductImage[]> {
  const image = await prepareProductImage(upload);
  return changeImages(
    catalogue,
    store,
    sku,
    actor,
    'product.image_add',
    async (tx, productId, rows) => {
      if (rows.length >= PRODUCT_IMAGES_MAX)
        throw fieldError({
          image: `image: a product holds at most ${PRODUCT_IMAGES_MAX} pictures; delete one first`,
        });
      const id = await insertProductImage(tx, productId, {
        width: image.width,
        height: image.height,
        bytes: image.jpeg.length,
      });
      // Written before the commit: a failed commit leaves a file no row names, never the reverse.
      await store.put(galleryKey(id), image.jpeg, 'image/jpeg');
      return {
        before: { images: order(rows) },
        after: { images: [...rows.map((r) => r.id), id].join(',') },
      };
    },
  );
}

/** PUT /api/admin/products/:sku/images/order: every picture's id once, all or nothing. */
export async function reorderProductImages(
  catalogue: CatalogueWriter,
  store: FileStore,
  sku: string,
  ids: number[],
  actor: StaffActor,
): Promise<AdminProductImage[]> {
  return changeImages(
    catalogue,
    store,
    sku,
    actor,
    'product.image_order',
    async (tx, productId, rows) => {
      const current = new Set(rows.map((r) => r.id));
      const sent = new Set(ids);
      if (
        sent.size !== ids.length ||
        sent.size !== current.size ||
        ids.some((id) => !current.has(id))
      )
        throw fieldError({ ids: "ids must list each of the product's pictures exactly once" });
      await updateProductImagePositions(tx, productId, ids);
      return { before: { images: order(rows) }, after: { images: ids.join(',') } };
    },
  );
}

/** DELETE /api/admin/products/:sku/images/:id: the file goes once the row is gone. */
export async function deleteProductImage(
  catalogue: CatalogueWriter,
  store: FileStore,
  sku: string,
  imageId: number,
  actor: StaffActor,
): Promise<AdminProductImage[]> {
  const images = await changeImages(
    catalogue,
    store,
    sku,
    actor,
    'product.image_delete',
    async (tx, productId, rows) => {
      if (!(await deleteProductImageRow(tx, productId, imageId)))
        throw new AppError('NOT_FOUND', `Product ${sku} has no picture ${imageId}`);
      return {
        before: { images: order(rows) },
        after: { images: order(rows.filter((r) => r.id !== imageId)) },
      };
    },
  );
  await store.delete(galleryKey(imageId));
  return images;
}

/**
 * The import's `image` column (docs/product/back-office-catalogue.md "Import file"): the picture
 * becomes the product's first, in the batch's transaction (replacing the first one if any). The
 * caller writes the SKU's copy, as it did before pictures were a list. NOTE: the replaced picture's
 * file stays in the store (the batch may still roll back); it is no longer named by any row.
 */
export async function setFirstProductImage(
  tx: Tx,
  store: FileStore,
  sku: string,
  jpeg: Buffer,
): Promise<void> {
  const productId = await selectProductIdBySku(tx, sku);
  if (productId === null) return;
  const meta = await (await loadSharp())(jpeg).metadata();
  const [first] = await selectProductImages(tx, productId);
  if (first) await deleteProductImageRow(tx, productId, first.id);
  const id = await insertProductImage(tx, productId, {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    bytes: jpeg.length,
    position: first?.position,
  });
  await store.put(galleryKey(id), jpeg, 'image/jpeg');
}
