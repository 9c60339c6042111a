import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile } from '../../test/harness';
import { startTestS3, type TestS3 } from '../../test/s3';
import { FileNotFoundError, type FileStore, readWhole, storedSha256 } from './file-store';
import { createFsStore } from './fs-store';
import { CHUNK_BYTES, createPostgresStore } from './postgres-store';
import { createS3Store } from './s3-store';

/**
 * What every storage driver must do (decision 039), run against each: the app's images and
 * attachments go through nothing else, so a driver that passes this serves, sweeps and counts them
 * as any other.
 */
const h = harnessForFile();
let root: string;
let s3: TestS3;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-store-'));
  // An S3-protocol server of this test's own, with an empty bucket.
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

const DRIVERS: Array<[string, () => FileStore]> = [
  ['fs', () => createFsStore(root)],
  ['postgres', () => createPostgresStore(h.db)],
  // Under a prefix, as a bucket shared with other data would be.
  ['s3', () => createS3Store(s3.settings('simchahub/files/'))],
];

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const key = (area: 'images' | 'attachments' = 'attachments') => `${area}/${randomUUID()}`;

async function collect(iterable: AsyncIterable<{ key: string }>): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of iterable) keys.push(file.key);
  return keys.sort();
}

describe.each(DRIVERS)('the %s storage driver', (driver, make) => {
  const store = () => make();

  it('gives back a file of several chunks byte for byte, with its length and SHA-256', async () => {
    const data = randomBytes(CHUNK_BYTES * 3 + 12_345);
    const k = key();
    const written = await store().put(k, data, { contentType: 'application/pdf' });
    expect(written).toEqual({ bytes: data.length, sha256: sha(data) });
    const opened = await store().get(k);
    expect(opened.bytes).toBe(data.length);
    if (driver !== 'fs') expect(opened.contentType).toBe('application/pdf');
    opened.body.destroy();
    expect(sha(await readWhole(store(), k))).toBe(sha(data));
    expect(await storedSha256(store(), k)).toBe(sha(data));
    const info = await store().head(k);
    expect(info).toMatchObject({ key: k, bytes: data.length });
    expect(Math.abs((info?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('takes a stream as well as a buffer, and stores an empty file', async () => {
    const parts = [randomBytes(1000), randomBytes(CHUNK_BYTES), randomBytes(7)];
    const k = key('images');
    const written = await store().put(k, Readable.from(parts));
    expect(written.bytes).toBe(CHUNK_BYTES + 1007);
    // Compared by hash: a deep comparison of 260 KB takes vitest seconds.
    expect(sha(await readWhole(store(), k))).toBe(sha(Buffer.concat(parts)));
    const empty = key();
    expect(await store().put(empty, Buffer.alloc(0))).toEqual({ bytes: 0, sha256: sha(Buffer.alloc(0)) });
    expect((await readWhole(store(), empty)).length).toBe(0);
  });

  it('streams a 20 MB file in pieces without holding it whole', async () => {
    const size = 20 * 1024 * 1024;
    // A stream of generated pieces: the test itself holds no 20 MB buffer either.
    const piece = randomBytes(64 * 1024);
    const pieces = size / piece.length;
    const hash = createHash('sha256');
    async function* source() {
      for (let i = 0; i < pieces; i++) {
        hash.update(piece);
        yield piece;
      }
    }
    const k = key();
    const written = await store().put(k, source());
    expect(written).toEqual({ bytes: size, sha256: hash.digest('hex') });

    const opened = await store().get(k);
    expect(opened.bytes).toBe(size);
    const reading = createHash('sha256');
    let received = 0;
    let chunks = 0;
    let largest = 0;
    let mostBuffered = 0;
    for await (const chunk of opened.body as AsyncIterable<Buffer>) {
      reading.update(chunk);
      received += chunk.length;
      chunks += 1;
      largest = Math.max(largest, chunk.length);
      mostBuffered = Math.max(mostBuffered, opened.body.readableLength);
    }
    expect(received).toBe(size);
    expect(reading.digest('hex')).toBe(written.sha256);
    // Many pieces, none larger than a chunk, and never more than a couple waiting unread.
    expect(chunks).toBeGreaterThanOrEqual(size / CHUNK_BYTES);
    expect(largest).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(mostBuffered).toBeLessThanOrEqual(2 * CHUNK_BYTES);
    await store().delete([k]);
  }, 180_000);

  it('replaces a file written again under its key', async () => {
    const k = key();
    await store().put(k, Buffer.from('first version, longer than the second'));
    await store().put(k, Buffer.from('second'));
    expect((await readWhole(store(), k)).toString()).toBe('second');
    expect((await store().head(k))?.bytes).toBe(6);
  });

  it('deletes files, and deleting again or deleting a missing key is no error', async () => {
    const [a, b] = [key(), key()];
    await store().put(a, Buffer.from('a'));
    await store().put(b, Buffer.from('b'));
    await store().delete([a, b]);
    await store().delete([a, b, key()]);
    await store().delete([]);
    expect(await store().exists(a)).toBe(false);
    expect(await store().head(b)).toBeNull();
  });

  it('answers a missing key with a clear not-found error', async () => {
    const k = key('images');
    const error = await store()
      .get(k)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileNotFoundError);
    expect((error as Error).message).toBe(`No stored file ${k}`);
    expect(await store().exists(k)).toBe(false);
  });

  it('refuses keys that are not an area and a plain name', async () => {
    for (const bad of [
      'images/../etc',
      'images/.incoming',
      '/images/x',
      'other/x',
      'images/a/b',
      'images/',
    ]) {
      await expect(store().put(bad, Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
      await expect(store().get(bad)).rejects.toThrow(/Not a storage key/);
    }
  });

  it('lists the files under a prefix, with their size and time', async () => {
    const area = `${randomUUID()}`;
    const mine = [`images/${area}-1.webp`, `images/${area}-2.webp`, `images/${area}-640.webp`];
    for (const k of mine) await store().put(k, Buffer.from(k));
    const other = `attachments/${area}`;
    await store().put(other, Buffer.from('not an image'));
    expect(await collect(store().list(`images/${area}`))).toEqual(mine);
    const all = await collect(store().list(''));
    expect(all).toEqual(expect.arrayContaining([...mine, other]));
    expect(await collect(store().list('images/'))).not.toContain(other);
    const listed = [];
    for await (const f of store().list(`images/${area}-1`)) listed.push(f);
    expect(listed).toEqual([expect.objectContaining({ key: mine[0], bytes: mine[0]?.length })]);
  });

  it('stores distinct keys written at once', async () => {
    const files = Array.from({ length: 12 }, (_, i) => ({
      k: key(),
      data: randomBytes(i % 2 === 0 ? 1000 : CHUNK_BYTES + i),
    }));
    await Promise.all(files.map((f) => store().put(f.k, f.data)));
    for (const f of files) expect(sha(await readWhole(store(), f.k))).toBe(sha(f.data));
  });

  it('keeps the old file whole when a new one fails while arriving', async () => {
    const k = key();
    await store().put(k, Buffer.from('kept'));
    async function* failing() {
      yield randomBytes(CHUNK_BYTES + 1);
      throw new Error('the client went away');
    }
    await expect(store().put(k, failing())).rejects.toThrow('the client went away');
    expect((await readWhole(store(), k)).toString()).toBe('kept');
  });
});
