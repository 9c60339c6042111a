import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { UPLOAD_VARIANT_WIDTHS, uploadFileName, uploadIdOf } from '../../shared/upload-images';
import type { StorageSettings } from '../platform/env';
import { type FileStore, readWhole } from '../platform/storage/file-store';
import { filesOf } from '../platform/storage/stores';
import type { TestHarness } from './harness';

/**
 * Upload and attachment tests run through each file store (decision 039): the routes, services and
 * sweepers reach the store through filesOf(deps), which follows deps.config.storage, so a describe
 * block can put the harness's server (and everything else on its deps) on another store.
 */
export const STORE_DRIVERS: ReadonlyArray<StorageSettings['driver']> = ['fs', 'postgres'];

/** The enclosing describe's tests run with the harness on `driver`'s store; the file's own store after. */
export function onStore(h: Pick<TestHarness, 'deps'>, driver: StorageSettings['driver']): void {
  let saved: StorageSettings | undefined;
  beforeAll(() => {
    saved = h.deps.config.storage;
    h.deps.config.storage = { ...saved, driver };
    if (filesOf(h.deps).driver !== driver) throw new Error(`The harness is not on the ${driver} store`);
  });
  afterAll(() => {
    if (saved) h.deps.config.storage = saved;
  });
}

/** The store the harness uses now. */
export const storeOf = (h: Pick<TestHarness, 'deps'>): FileStore => filesOf(h.deps);

export async function storedExists(h: Pick<TestHarness, 'deps'>, key: string): Promise<boolean> {
  return storeOf(h).exists(key);
}

export async function storedBytes(h: Pick<TestHarness, 'deps'>, key: string): Promise<Buffer> {
  return readWhole(storeOf(h), key);
}

/** The keys the harness's store holds under a prefix, sorted. */
export async function storedKeys(h: Pick<TestHarness, 'deps'>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storeOf(h).list(prefix)) keys.push(file.key);
  return keys.sort();
}

/**
 * Makes a stored file look written at `at` (a sweeper judges files without a row by their time):
 * the file's time on disk, or its row's in the database.
 */
export async function backdateStored(h: Pick<TestHarness, 'deps' | 'db'>, key: string, at: Date) {
  const { storage } = h.deps.config;
  if (storage.driver === 'postgres') {
    await h.db.updateTable('storedFiles').set({ createdAt: at }).where('key', '=', key).execute();
    return;
  }
  const [area, name] = key.split('/') as [string, string];
  const file = path.join(storage.root, area === 'images' ? 'uploads' : 'attachments', name);
  await utimes(file, at, at);
}

/** Every stored file of an upload (its main image and variants) by name, read from the store. */
export async function storedImagesOf(
  h: Pick<TestHarness, 'deps'>,
  url: string,
): Promise<Map<string, Buffer>> {
  const id = uploadIdOf(url);
  if (!id) throw new Error(`not an upload with variants: ${url}`);
  const files = new Map<string, Buffer>();
  for (const name of [uploadFileName(id), ...UPLOAD_VARIANT_WIDTHS.map((w) => uploadFileName(id, w))]) {
    files.set(name, await storedBytes(h, `images/${name}`));
  }
  return files;
}
