import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Field encryption at rest (docs/decisions/004-encryption-key-rotation.md): AES-256-GCM with a random 96-bit IV per
 * value. A ciphertext names the key that made it, so keys can be rotated
 * (docs/decisions/ for encryption key rotation):
 *
 *   enc:v1:<key id>:<iv>:<auth tag>:<ciphertext>      (base64url parts)
 *
 * The key id is the first 12 hex digits of SHA-256(key), never the key itself.
 */
export type FieldCipher = {
  /** Id of the key new values are encrypted with. */
  readonly keyId: string;
  encrypt: (plain: string, context: string) => string;
  decrypt: (sealed: string, context: string) => string;
  /** The key id a sealed value was made with (for re-encryption after rotation). */
  keyIdOf: (sealed: string) => string | null;
};

export class EncryptionKeyError extends Error {}

const PREFIX = 'enc:v1:';
export const DEV_KEY_FILE = 'dev-encryption.key';

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

function parseHexKey(hex: string, name: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex.trim())) {
    throw new EncryptionKeyError(`${name} must be 64 hexadecimal characters (a 256-bit key)`);
  }
  return Buffer.from(hex.trim(), 'hex');
}

/** Builds a cipher from the current key and any previous keys still needed to read old values. */
export function createFieldCipher(currentKey: Buffer, previousKeys: Buffer[] = []): FieldCipher {
  if (currentKey.length !== 32) throw new EncryptionKeyError('The encryption key must be 32 bytes');
  const keys = new Map<string, Buffer>();
  for (const k of [currentKey, ...previousKeys]) keys.set(keyIdOf(k), k);
  const currentId = keyIdOf(currentKey);
  return {
    keyId: currentId,
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      // NOTE: the context (e.g. "applications.sensitive:42") is authenticated data, so a sealed
      // value copied into another row or column fails to decrypt instead of being misread.
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${currentId}:${iv.toString('base64url')}:${tag.toString('base64url')}:${body.toString('base64url')}`;
    },
    decrypt(sealed, context) {
      if (!sealed.startsWith(PREFIX)) throw new Error('Not an encrypted value');
      const [kid, iv, tag, body] = sealed.slice(PREFIX.length).split(':');
      const key = keys.get(kid ?? '');
      if (!key)
        throw new Error(
          `No encryption key with id ${kid} is configured (see APP_ENCRYPTION_PREVIOUS_KEYS)`,
        );
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body ?? '', 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    keyIdOf(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      return sealed.slice(PREFIX.length).split(':')[0] ?? null;
    },
  };
}

/** Reads the development key from `<dataDir>/dev-encryption.key`, creating it (mode 0600) the first time. */
function devKey(dataDir: string): Buffer {
  const file = path.join(dataDir, DEV_KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one key.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let hex = fs.readFileSync(file, 'utf8').trim();
  // A concurrent creator may not have finished writing yet.
  for (let i = 0; i < 50 && hex.length < 64; i += 1) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    hex = fs.readFileSync(file, 'utf8').trim();
  }
  return parseHexKey(hex, file);
}

// NOTE: a memo, not app state: the cipher is a function of its Config (keys, data directory), which
// owns it (an app's config is built once and never changed); the entry goes with the Config.
// eslint-disable-next-line no-restricted-syntax -- a memo keyed by the Config that owns its value
const cache = new WeakMap<Config, FieldCipher>();

/**
 * The application's field cipher. Key: APP_ENCRYPTION_KEY (config.encryptionKey); earlier keys
 * still in use: APP_ENCRYPTION_PREVIOUS_KEYS (config.encryptionPreviousKeys). Without a key, development and
 * tests use a key generated once into the data directory; production refuses to start.
 */
export function getFieldCipher(config: Config): FieldCipher {
  const cached = cache.get(config);
  if (cached) return cached;
  let current: Buffer;
  if (config.encryptionKey) current = parseHexKey(config.encryptionKey, 'APP_ENCRYPTION_KEY');
  else if (config.env === 'production') {
    throw new EncryptionKeyError(
      'APP_ENCRYPTION_KEY is not set. In production the key that encrypts bank, SSN, licence and card details ' +
        'must come from the environment: generate one with `openssl rand -hex 32` and set APP_ENCRYPTION_KEY ' +
        '(keep it outside the database and its backups).',
    );
  } else current = devKey(config.dataDir);
  const previous = config.encryptionPreviousKeys.map((hex, i) =>
    parseHexKey(hex, `APP_ENCRYPTION_PREVIOUS_KEYS[${i}]`),
  );
  const cipher = createFieldCipher(current, previous);
  cache.set(config, cipher);
  return cipher;
}
