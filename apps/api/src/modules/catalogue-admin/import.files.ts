import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type yauzl from 'yauzl';
import { IMPORT_COLUMNS, revealUnsafeText, type ImportColumn } from '@wholesale/contract';
import {
  checkedEntries,
  FileRefusal,
  openZipOrRefuse,
  readHead,
  type FileFormat,
  type ZipLimits,
} from './import.records';

/** Checks on an uploaded file in the API process: its kind, its header, an images ZIP. */

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The format a file name claims; anything else is refused (415). */
export function formatOfName(fileName: string): FileFormat {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  throw new FileRefusal(
    `The file "${fileName}" must be a .csv or .xlsx file (as the template)`,
    415,
  );
}

/**
 * Checks a stored upload by its bytes, not its name: empty, a binary file named .csv, something that
 * is not a workbook named .xlsx are refused before any job exists.
 */
export async function checkFileKind(filePath: string, format: FileFormat, fileName: string) {
  const head = await readHead(filePath);
  if (head.length === 0) throw new FileRefusal('The file is empty');
  const found = await fileTypeFromBuffer(head);
  if (format === 'csv') {
    if (found || head.includes(0))
      throw new FileRefusal(
        `"${fileName}" is not CSV text: it holds ${found ? `${found.mime} content` : 'binary data'}`,
        415,
      );
  } else if (found?.mime !== XLSX_MIME) {
    throw new FileRefusal(`"${fileName}" is not an Excel workbook (.xlsx)`, 415);
  }
}

/**
 * The columns a header row names: each one of `columns`, once, with every one of `required` among
 * them (trailing empty cells are no column). Price list files are read by the same rule.
 */
export function headerColumns<C extends string>(
  cells: string[],
  columns: readonly C[],
  required: readonly C[],
): C[] {
  // No known column holds a NUL or a direction control: such a header cell refuses the whole file
  // as an unknown column, named with the character shown as its code point.
  const names = cells.map((c) => c.trim().toLowerCase());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (!(columns as readonly string[]).includes(name))
      throw new FileRefusal(
        `Unknown column "${revealUnsafeText(cells[i].trim())}" in the header (column ${i + 1}); the columns are ${columns.join(', ')}`,
      );
    if (seen.has(name)) throw new FileRefusal(`The column ${name} appears twice in the header`);
    seen.add(name);
  });
  for (const column of required)
    if (!seen.has(column)) throw new FileRefusal(`The header has no ${column} column`);
  return names as C[];
}

/** Reads the header row: known column names, each once, `sku` among them. */
export function parseHeader(cells: string[]): ImportColumn[] {
  if (cells.every((c) => c.trim() === ''))
    throw new FileRefusal('The first row must be the header row');
  return headerColumns(cells, IMPORT_COLUMNS, ['sku']);
}

/** Limits of an images ZIP (import.records.ts checkedEntries). */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 100,
};
/** Largest single image inside the ZIP. */
const MAX_ZIP_IMAGE_BYTES = 20 * 1024 * 1024;
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;

export type ImagesZip = {
  names: Set<string>;
  read: (name: string) => Promise<Buffer>;
  close: () => void;
};

/**
 * Opens an images ZIP after checking its central directory against the limits (entry count, total
 * unpacked size, compression ratio of each entry). yauzl also stops an entry that unpacks to more
 * than it declared. Images are found by file name, folders ignored.
 */
export async function openImagesZip(
  filePath: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ImagesZip> {
  const zip = await openZipOrRefuse(filePath, 'The images file is not a readable ZIP');
  const entries = new Map<string, yauzl.Entry>();
  try {
    for (const entry of await checkedEntries(zip, limits)) {
      const name = path.posix.basename(entry.fileName);
      const isFile = !entry.fileName.endsWith('/');
      if (isFile && !entry.fileName.startsWith('__MACOSX/') && !name.startsWith('.')) {
        if (IMAGE_NAME.test(name)) entries.set(name, entry);
      }
    }
  } catch (error) {
    zip.close();
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`The images ZIP cannot be read: ${(error as Error).message}`);
  }
  return {
    names: new Set(entries.keys()),
    close: () => zip.close(),
    read: (name) =>
      new Promise((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(new FileRefusal(`No image named ${name} in the ZIP`));
        if (entry.uncompressedSize > MAX_ZIP_IMAGE_BYTES)
          return reject(new FileRefusal(`The image ${name} is larger than 20 MB`));
        zip.openReadStream(entry, (error, stream?: Readable) => {
          if (error || !stream) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  };
}
