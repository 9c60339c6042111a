import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile } from '../../test/harness';
import { startTestS3, type TestS3 } from '../../test/s3';
import { type FileStore, readWhole, storedSha256 } from './file-store';
import { createFsStore } from './fs-store';
import { filesMissingFrom, migrateFiles } from './migrate';
import { CHUNK_BYTES, createPostgresStore } from './postgres-store';
import { createS3Store, PART_BYTES } from './s3-store';

const h = harnessForFile();
let root: string;
let disk: FileStore;
let database: FileStore;
let s3: TestS3;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-migrate-'));
  disk = createFsStore(root);
  database = createPostgresStore(h.db);
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
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

describe('migrateFiles with a bucket', () => {
  it('copies a disk into a bucket and the bucket into a database, checked, and again safely', async () => {
    const from = createFsStore(await mkdtemp(path.join(root, 'to-s3-')));
    const bucket = createS3Store(s3.settings('moved/'));
    const into = createPostgresStore(h.db, 'another set of files in the database');
    const files = new Map<string, Buffer>([
      [`images/${randomUUID()}-640.webp`, randomBytes(3000)],
      // Several parts in the bucket.
      [`attachments/${randomUUID()}`, randomBytes(PART_BYTES + 1000)],
      [`attachments/${randomUUID()}`, Buffer.alloc(0)],
    ]);
    for (const [key, data] of files) await from.put(key, data);

    expect(await migrateFiles(from, bucket)).toMatchObject({ files: 3, copied: 3, skipped: 0, failed: [] });
    for (const [key, data] of files) {
      expect((await readWhole(bucket, key)).equals(data)).toBe(true);
      // Kept in the object's metadata, so a second run compares without reading the bytes.
      expect((await bucket.head(key))?.sha256).toBe(await storedSha256(from, key));
    }
    expect((await bucket.head([...files.keys()][0] as string))?.contentType).toBe('image/webp');
    expect(await migrateFiles(from, bucket)).toMatchObject({ copied: 0, skipped: 3, failed: [] });

    // Out of the bucket: the database's rows keep the SHA-256 the bucket's metadata had.
    const moved = [...files.keys()];
    await into.delete(moved);
    expect(await migrateFiles(bucket, into)).toMatchObject({ files: 3, copied: 3, failed: [] });
    for (const [key, data] of files) {
      expect((await readWhole(into, key)).equals(data)).toBe(true);
      expect((await into.head(key))?.sha256).toBe((await bucket.head(key))?.sha256);
    }
    // A copy altered since is copied again; the rest are skipped.
    await into.put(moved[0] as string, Buffer.from('not the same'));
    expect(await migrateFiles(bucket, into)).toMatchObject({ copied: 1, skipped: 2, failed: [] });
    expect((await readWhole(into, moved[0] as string)).equals(files.get(moved[0] as string) as Buffer)).toBe(
      true,
    );
  }, 60_000);
});
