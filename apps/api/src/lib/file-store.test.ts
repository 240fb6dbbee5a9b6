import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore, InvalidFileKeyError, isValidKey } from './file-store';

describe('DiskFileStore', () => {
  let root: string;
  let store: DiskFileStore;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'file-store-'));
    store = new DiskFileStore(path.join(root, 'files'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('puts, gets, lists and deletes files by key', async () => {
    expect(await store.get('images/products/BT-1.jpg')).toBeNull();
    await store.put('images/products/BT-1.jpg', Buffer.from('one'), 'image/jpeg');
    await store.put('images/products/BT-2.jpg', Buffer.from('two'));
    await store.put('images/classes/F.png', Buffer.from('f'));
    expect((await store.get('images/products/BT-1.jpg'))?.toString()).toBe('one');
    expect(await store.list('images/products/')).toEqual([
      'images/products/BT-1.jpg',
      'images/products/BT-2.jpg',
    ]);
    expect(await store.list('images/')).toHaveLength(3);
    expect(await store.list('nothing/here/')).toEqual([]);
    await store.put('images/products/BT-1.jpg', Buffer.from('replaced'));
    expect((await store.get('images/products/BT-1.jpg'))?.toString()).toBe('replaced');
    await store.delete('images/products/BT-1.jpg');
    await store.delete('images/products/BT-1.jpg');
    expect(await store.get('images/products/BT-1.jpg')).toBeNull();
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '',
      '..',
      'a/./b',
      'a\\..\\b',
      'images/%2e%2e/x',
    ]) {
      expect(isValidKey(key), key).toBe(false);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
    await expect(fs.access(path.join(root, 'x'))).rejects.toThrow();
  });
});
