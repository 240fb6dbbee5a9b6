import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Where the API keeps files (generated images, uploads): keys are slash-separated relative paths such
 * as `images/products/BT-10234.jpg`. The disk store below is the default; a CDN or S3-compatible store
 * can implement the same interface (docs/decisions/011-pluggable-third-parties.md).
 */
export interface FileStore {
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Stores (or replaces) a file. The content type is a hint for stores that keep it (S3). */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Removes a file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Keys under a prefix (e.g. `images/products/`), when the store can list. */
  list?(prefix: string): Promise<string[]>;
}

/** A key is one or more safe path segments: letters, digits, dot, dash, underscore; no `..`, no leading slash. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 500) return false;
  return key
    .split('/')
    .every((segment) => SEGMENT.test(segment) && segment !== '.' && !segment.includes('..'));
}

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Invalid file key: ${JSON.stringify(key).slice(0, 80)}`);
  }
}

/** Files on the local disk under one root directory. Writes are atomic (temporary file, then rename). */
export class DiskFileStore implements FileStore {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  /** The absolute path of a key; throws for a key that could leave the root. */
  private pathOf(key: string): string {
    if (!isValidKey(key)) throw new InvalidFileKeyError(key);
    const full = path.resolve(this.rootDir, ...key.split('/'));
    if (!full.startsWith(this.rootDir + path.sep)) throw new InvalidFileKeyError(key);
    return full;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'ENOENT' ||
        (error as NodeJS.ErrnoException).code === 'EISDIR'
      )
        return null;
      throw error;
    }
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, full);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
        else if (!entry.name.endsWith('.tmp') && key.startsWith(prefix)) keys.push(key);
      }
    };
    // Walk only the deepest directory named entirely by the prefix.
    const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    if (dirPart && !isValidKey(dirPart)) return [];
    await walk(dirPart ? path.join(this.rootDir, ...dirPart.split('/')) : this.rootDir, dirPart);
    return keys.sort();
  }
}

/** The application's file store: `<DATA_DIR>/files` on disk. */
export function createFileStore(config: Pick<Config, 'dataDir'>): FileStore {
  return new DiskFileStore(path.join(config.dataDir, 'files'));
}
