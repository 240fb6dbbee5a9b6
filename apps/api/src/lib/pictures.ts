import type { Sharp } from 'sharp';
import { fieldError } from './app-error';

/**
 * sharp, loaded at its first use (a picture drawn or an upload read): libvips adds ~9 MB to a
 * process's resident memory, which a process that draws no picture need not carry (bench/RESULTS.md,
 * the import's peak RSS). Node keeps the module, so later calls cost a settled promise.
 */
export async function loadSharp() {
  return (await import('sharp')).default;
}

/**
 * An uploaded picture, decoded (JPEG, PNG or WebP, told by decoding it, never by its name), turned
 * upright and scaled down to at most `side` pixels a side, as `encode` writes it; a 400 naming
 * `field` when it is not such a picture.
 */
export async function uprightPicture<T>(
  upload: Buffer,
  field: string,
  side: number,
  encode: (picture: Sharp) => Promise<T>,
): Promise<T> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(upload).metadata();
    if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) throw new Error(meta.format);
    const upright = sharp(upload)
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true });
    return await encode(upright);
  } catch {
    throw fieldError({ [field]: `${field} must be a JPEG, PNG or WebP picture` });
  }
}
