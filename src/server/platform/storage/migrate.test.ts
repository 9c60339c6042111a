import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile } from '../../test/harness';
import { type FileStore, readWhole, storedSha256 } from './file-store';
import { createFsStore } from './fs-store';
import { filesMissingFrom, migrateFiles } from './migrate';
import { CHUNK_BYTES, createPostgresStore } from './postgres-store';

const h = harnessForFile();
let root: string;
let disk: FileStore;
let database: FileStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-migrate-'));
  disk = createFsStore(root);
  database = createPostgresStore(h.db);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('migrateFiles (cli.js storage migrate)', () => {
  it('copies every file, checked by SHA-256, and a second run copies nothing', async () => {
    const files = new Map<string, Buffer>([
      [`images/${randomUUID()}.webp`, randomBytes(2000)],
      [`images/${randomUUID()}-640.webp`, randomBytes(CHUNK_BYTES * 2 + 5)],
      [`attachments/${randomUUID()}`, randomBytes(300)],
    ]);
    for (const [key, data] of files) await disk.put(key, data);
    // What the upload routes leave on disk while a file arrives is no stored file.
    await writeFile(path.join(root, 'uploads', '.incoming-leftover'), 'x');

    expect(await filesMissingFrom(disk, database)).toBe(3);
    const first = await migrateFiles(disk, database);
    expect(first).toMatchObject({ files: 3, copied: 3, skipped: 0, failed: [] });
    expect(first.bytes).toBe([...files.values()].reduce((sum, d) => sum + d.length, 0));
    for (const [key, data] of files) {
      expect((await readWhole(database, key)).equals(data)).toBe(true);
      expect(await storedSha256(database, key)).toBe(await storedSha256(disk, key));
    }
    expect((await database.head([...files.keys()][0] as string))?.contentType).toBe('image/webp');
    expect(await filesMissingFrom(disk, database)).toBe(0);

    const again = await migrateFiles(disk, database);
    expect(again).toMatchObject({ files: 3, copied: 0, skipped: 3, bytes: 0, failed: [] });
  });

  it('copies again a file whose copy differs, and one added since', async () => {
    const changed = `attachments/${randomUUID()}`;
    await disk.put(changed, Buffer.from('the right bytes'));
    await migrateFiles(disk, database);
    // A copy cut short or altered: the same key with other bytes.
    await database.put(changed, Buffer.from('the wrong bytes'));
    const added = `images/${randomUUID()}.png`;
    await disk.put(added, randomBytes(100));

    const run = await migrateFiles(disk, database);
    expect(run.copied).toBe(2);
    expect(run.failed).toEqual([]);
    expect((await readWhole(database, changed)).toString()).toBe('the right bytes');
    expect((await database.head(added))?.contentType).toBe('image/png');
  });

  it('copies back from the database to a disk the same way', async () => {
    const back = createFsStore(await mkdtemp(path.join(root, 'back-')));
    const run = await migrateFiles(database, back);
    expect(run.failed).toEqual([]);
    expect(run.copied).toBe(run.files);
    for await (const file of database.list('')) {
      expect(await storedSha256(back, file.key)).toBe(file.sha256);
    }
  });
});
