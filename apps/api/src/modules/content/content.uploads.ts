import { fileTypeFromBuffer } from 'file-type';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  PDF_TYPES,
  megabytes,
} from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import { loadSharp } from '../../lib/pictures';

export type UploadKind = 'pdf' | 'image';

/** A file as received: its form field, the name the browser gave it, its bytes. */
export type Upload = { field: string; filename: string; data: Buffer };

/** A checked upload: the real type found in its bytes and the extension to store it under. */
export type CheckedUpload = Upload & { mime: string; ext: string };

const EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export function limitFor(kind: UploadKind): number {
  return kind === 'pdf' ? MAX_PDF_BYTES : MAX_IMAGE_BYTES;
}

/** 413 naming the field and its limit. */
export function tooLarge(field: string, kind: UploadKind): AppError {
  const message = `${field} is larger than ${megabytes(limitFor(kind))}, the limit for ${kind === 'pdf' ? 'a PDF' : 'an image'}`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { fields: { [field]: message } });
}

/**
 * Checks an upload by its real type, found by content sniffing (file-type), never by its name or the
 * declared content type: a renamed executable saved as .pdf is refused (415). Images must also decode
 * (sharp), so a truncated or crafted file is refused before it is stored.
 */
export async function checkUpload(upload: Upload, kind: UploadKind): Promise<CheckedUpload> {
  if (upload.data.length > limitFor(kind)) throw tooLarge(upload.field, kind);
  if (upload.data.length === 0) {
    throw new AppError('VALIDATION_FAILED', `${upload.field} is empty`, {
      fields: { [upload.field]: 'The file is empty' },
    });
  }
  const found = await fileTypeFromBuffer(upload.data);
  const allowed: readonly string[] = kind === 'pdf' ? PDF_TYPES : IMAGE_TYPES;
  if (!found || !allowed.includes(found.mime)) {
    const expected = kind === 'pdf' ? 'a PDF document' : 'a JPEG, PNG or WebP image';
    const actual = found ? `${found.mime} content` : 'content of an unknown type';
    const message = `${upload.field} must be ${expected}; the file "${upload.filename}" holds ${actual}`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { fields: { [upload.field]: message } });
  }
  if (kind === 'image') {
    try {
      const meta = await (await loadSharp())(upload.data).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
    } catch {
      const message = `${upload.field} is not a readable image`;
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, {
        fields: { [upload.field]: message },
      });
    }
  }
  return { ...upload, mime: found.mime, ext: EXT[found.mime] };
}

/** The content type to serve a stored file with, from the extension the API itself chose. */
export function mimeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return Object.entries(EXT).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
}
