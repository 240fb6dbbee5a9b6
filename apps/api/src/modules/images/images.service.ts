import { createHash } from 'node:crypto';
import type { Tx } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { findCategoryTile, findClassBadge, findProductSwatch } from '../catalogue';
import { renderCategoryTile, renderClassBadge, renderProductSwatch } from './images.render';

export type ImageKind = 'products' | 'gallery' | 'classes' | 'categories';
export type Image = { data: Buffer; contentType: string; etag: string };

/**
 * File names each kind accepts: a product id, class code or cat_code and the extension. Anything
 * else (dots, slashes, encoded `..`) never reaches the store or the database.
 */
const FILE_NAME: Record<ImageKind, { pattern: RegExp; contentType: string }> = {
  products: { pattern: /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.jpg$/, contentType: 'image/jpeg' },
  gallery: { pattern: /^([1-9][0-9]{0,9})\.jpg$/, contentType: 'image/jpeg' },
  classes: { pattern: /^([A-Za-z0-9]{1,4})\.png$/, contentType: 'image/png' },
  categories: { pattern: /^([A-Za-z0-9][A-Za-z0-9_-]{0,31})\.jpg$/, contentType: 'image/jpeg' },
};

function etagOf(data: Buffer): string {
  return `"${createHash('sha1').update(data).digest('base64url').slice(0, 22)}"`;
}

/**
 * Product, class badge and category images: served from the file store when present (an uploaded
 * picture replaces the generated one under the same key), otherwise generated once from the
 * catalogue and stored. Null when the name is not acceptable or nothing by that code exists.
 */
export function createImageService(store: FileStore) {
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function generate(tx: Tx, kind: ImageKind, code: string): Promise<Buffer | null> {
    // A gallery picture exists only as uploaded (decision 022): nothing to draw.
    if (kind === 'gallery') return null;
    if (kind === 'products') {
      const swatch = await findProductSwatch(tx, code);
      return swatch ? renderProductSwatch(swatch) : null;
    }
    if (kind === 'classes') {
      const badge = await findClassBadge(tx, code);
      return badge ? renderClassBadge(badge) : null;
    }
    const tile = await findCategoryTile(tx, code);
    return tile ? renderCategoryTile(tile) : null;
  }

  return {
    async get(tx: Tx, kind: ImageKind, file: string): Promise<Image | null> {
      const spec = FILE_NAME[kind];
      const match = spec.pattern.exec(file);
      if (!match) return null;
      const key = `images/${kind}/${file}`;
      let data = await store.get(key);
      if (!data) {
        // Concurrent first requests for one image share a single render.
        let pending = inFlight.get(key);
        if (!pending) {
          pending = generate(tx, kind, match[1]!).then(async (generated) => {
            if (generated) await store.put(key, generated, spec.contentType);
            return generated;
          });
          inFlight.set(key, pending);
          void pending.finally(() => inFlight.delete(key)).catch(() => {});
        }
        data = await pending;
      }
      return data ? { data, contentType: spec.contentType, etag: etagOf(data) } : null;
    },
  };
}
