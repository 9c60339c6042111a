import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { createUser } from '../../demo/factories';
import { uploadKeys } from '../../domains/uploads/upload-files';
import { harnessForFile } from '../../test/harness';
import { imageForm, phoneJpeg, postUpload } from '../../test/uploads';
import { loadConfig } from '../env';
import { type DiskCacheOptions, withDiskCache } from './disk-cache';
import { FileNotFoundError, type FileStore, type OpenedFile, readWhole } from './file-store';
import { CHUNK_BYTES, createPostgresStore } from './postgres-store';
import { createServerFileStore } from './stores';

/**
 * The image cache in front of the database store (decision 039), on the test database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL) and a real folder.
 */
const h = harnessForFile();
let root: string;
let store: FileStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-cache-'));
  store = createPostgresStore(h.db);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const imageKey = () => `images/${randomUUID()}-640.webp`;

interface Made {
  cached: ReturnType<typeof withDiskCache>;
  dir: string;
  warnings: string[];
  clock: { ms: number };
}

async function cache(options: Partial<DiskCacheOptions> = {}): Promise<Made> {
  const dir = options.dir ?? path.join(root, randomUUID());
  const warnings: string[] = [];
  const clock = { ms: Date.now() };
  const cached = withDiskCache(store, {
    dir,
    maxBytes: 10 * 1024 * 1024,
    now: () => clock.ms,
    log: { warn: (_obj, msg) => warnings.push(msg) },
    ...options,
  });
  await cached.cache.ready;
  return { cached, dir, warnings, clock };
}

async function readAll(opened: OpenedFile): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of opened.body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

async function stored(bytes: number): Promise<{ key: string; data: Buffer }> {
  const key = imageKey();
  const data = randomBytes(bytes);
  await store.put(key, data, { contentType: 'image/webp' });
  return { key, data };
}

/** The folder's cached files and leftover temporary files. */
async function folder(dir: string): Promise<{ files: string[]; temps: string[] }> {
  const names = await readdir(dir);
  return {
    files: names.filter((n) => !n.startsWith('.')),
    temps: names.filter((n) => n.startsWith('.')),
  };
}

async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the image cache on disk', () => {
  it('fills on a miss, then serves from the disk without reading the store', async () => {
    const { cached, dir } = await cache({ recheckMs: 60_000 });
    const { key, data } = await stored(CHUNK_BYTES + 1000);

    const first = await cached.get(key);
    expect(first.bytes).toBe(data.length);
    expect(first.contentType).toBe('image/webp');
    expect(sha(await readAll(first))).toBe(sha(data));
    expect(cached.cache.keys()).toEqual([key]);
    expect(cached.cache.usedBytes()).toBe(data.length);
    const { files } = await folder(dir);
    expect(files).toHaveLength(1);
    expect((await stat(path.join(dir, files[0] as string))).size).toBe(data.length);

    // Gone from the store behind the cache's back (as through another server): still served from
    // the disk until the store is asked again.
    await store.delete([key]);
    const hit = await cached.get(key);
    expect(hit.contentType).toBe('image/webp');
    expect(sha(await readAll(hit))).toBe(sha(data));
  });

  it('serves an image deleted through another server for at most recheckMs, then forgets it', async () => {
    const { cached, dir, clock } = await cache({ recheckMs: 60_000 });
    const { key, data } = await stored(5000);
    await readAll(await cached.get(key));
    await store.delete([key]);
    clock.ms += 59_000;
    expect((await readAll(await cached.get(key))).equals(data)).toBe(true);
    clock.ms += 2000;
    await expect(cached.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(cached.cache.keys()).toEqual([]);
    expect(cached.cache.usedBytes()).toBe(0);
    expect((await folder(dir)).files).toEqual([]);
  });

  it('fetches again an image whose bytes the store has replaced, once rechecked', async () => {
    const { cached, clock } = await cache({ recheckMs: 1000 });
    const { key } = await stored(3000);
    await readAll(await cached.get(key));
    // As `storage migrate` repairing a copy: the same key, other bytes of the same length.
    const repaired = randomBytes(3000);
    await store.put(key, repaired);
    clock.ms += 1500;
    expect((await readAll(await cached.get(key))).equals(repaired)).toBe(true);
    expect((await readAll(await cached.get(key))).equals(repaired)).toBe(true);
    expect(cached.cache.usedBytes()).toBe(3000);
  });

  it('drops its copy at once when the image is written or deleted through it', async () => {
    const { cached, dir } = await cache({ recheckMs: 3_600_000 });
    const { key } = await stored(2000);
    await readAll(await cached.get(key));
    const replaced = randomBytes(1500);
    await cached.put(key, replaced);
    expect(cached.cache.keys()).toEqual([]);
    expect((await readAll(await cached.get(key))).equals(replaced)).toBe(true);
    await cached.delete([key]);
    expect((await folder(dir)).files).toEqual([]);
    await expect(cached.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('never caches attachments', async () => {
    const { cached, dir } = await cache();
    const key = `attachments/${randomUUID()}`;
    await store.put(key, Buffer.from('%PDF- private'));
    expect((await readAll(await cached.get(key))).toString()).toBe('%PDF- private');
    expect(cached.cache.keys()).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('stays within its bytes, evicting the least recently served first', async () => {
    const { cached, dir } = await cache({ maxBytes: 400_000 });
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => stored(100_000)));
    for (const f of [a, b, c]) await readAll(await cached.get(f?.key as string));
    await readAll(await cached.get(a?.key as string));
    await readAll(await cached.get(d?.key as string));
    expect(cached.cache.usedBytes()).toBe(400_000);
    await readAll(await cached.get(e?.key as string));
    expect(cached.cache.keys()).toEqual([c, a, d, e].map((f) => f?.key));
    expect(cached.cache.usedBytes()).toBe(400_000);
    expect((await folder(dir)).files).toHaveLength(4);
    // b was evicted: read from the store again, and cached again in place of the oldest.
    expect((await readAll(await cached.get(b?.key as string))).equals(b?.data as Buffer)).toBe(true);
    expect(cached.cache.keys()).toEqual([a, d, e, b].map((f) => f?.key));

    // A file over a quarter of the cache is served, never cached.
    const big = await stored(100_001);
    expect((await readAll(await cached.get(big.key))).equals(big.data)).toBe(true);
    expect(cached.cache.keys()).not.toContain(big.key);
  });

  it('streams a miss and a hit in pieces, never holding the file whole', async () => {
    const size = 8 * 1024 * 1024;
    const { cached, dir } = await cache({ maxBytes: 64 * 1024 * 1024 });
    const piece = randomBytes(64 * 1024);
    const hash = createHash('sha256');
    async function* source() {
      for (let i = 0; i < size / piece.length; i++) {
        hash.update(piece);
        yield piece;
      }
    }
    const key = imageKey();
    await store.put(key, source());
    const expected = hash.digest('hex');

    async function measure(opened: OpenedFile, during?: () => Promise<void>) {
      const reading = createHash('sha256');
      let received = 0;
      let chunks = 0;
      let largest = 0;
      let mostBuffered = 0;
      for await (const chunk of opened.body as AsyncIterable<Buffer>) {
        if (chunks === 1) await during?.();
        reading.update(chunk);
        received += chunk.length;
        chunks += 1;
        largest = Math.max(largest, chunk.length);
        mostBuffered = Math.max(mostBuffered, opened.body.readableLength);
      }
      return { sha256: reading.digest('hex'), received, chunks, largest, mostBuffered };
    }

    const miss = await measure(await cached.get(key), async () => {
      // Half-way: the copy is a temporary file no reader is given; a second reader reads the store.
      expect(cached.cache.keys()).toEqual([]);
      expect((await folder(dir)).files).toEqual([]);
      expect((await folder(dir)).temps).toHaveLength(1);
      expect((await readAll(await cached.get(key))).length).toBe(size);
    });
    expect(miss).toMatchObject({ sha256: expected, received: size });
    expect(miss.chunks).toBeGreaterThanOrEqual(size / CHUNK_BYTES);
    expect(miss.largest).toBeLessThanOrEqual(CHUNK_BYTES);
    expect(miss.mostBuffered).toBeLessThanOrEqual(2 * CHUNK_BYTES);
    expect(await folder(dir)).toEqual({ files: [expect.any(String)], temps: [] });

    const hit = await measure(await cached.get(key));
    expect(hit).toMatchObject({ sha256: expected, received: size });
    expect(hit.largest).toBeLessThanOrEqual(64 * 1024);
    expect(hit.mostBuffered).toBeLessThanOrEqual(2 * CHUNK_BYTES);
    await store.delete([key]);
  }, 180_000);

  it('gives every one of concurrent misses the whole file, and caches one copy', async () => {
    const { cached, dir } = await cache();
    const { key, data } = await stored(CHUNK_BYTES * 3 + 17);
    const results = await Promise.all(
      Array.from({ length: 8 }, async () => sha(await readAll(await cached.get(key)))),
    );
    expect(new Set(results)).toEqual(new Set([sha(data)]));
    expect(await folder(dir)).toEqual({ files: [expect.any(String)], temps: [] });
    expect(cached.cache.usedBytes()).toBe(data.length);
    expect(sha(await readAll(await cached.get(key)))).toBe(sha(data));
  });

  it('keeps nothing of a miss whose reader went away', async () => {
    const { cached, dir } = await cache();
    const { key, data } = await stored(CHUNK_BYTES * 3);
    const opened = await cached.get(key);
    for await (const _chunk of opened.body) break;
    await until(async () => (await readdir(dir)).length === 0);
    expect(cached.cache.keys()).toEqual([]);
    // Nor of one that went away before reading anything.
    const unread = await cached.get(key);
    unread.body.destroy();
    await new Promise((resolve) => unread.body.once('close', resolve));
    expect(await readdir(dir)).toEqual([]);
    // The next reader fills it.
    expect((await readAll(await cached.get(key))).equals(data)).toBe(true);
    expect(cached.cache.keys()).toEqual([key]);
  });

  it('serves from the store, with a warning, when its folder cannot be used', async () => {
    // A file where the folder should be: it cannot be made at start.
    const blocked = path.join(root, randomUUID());
    await writeFile(blocked, 'not a folder');
    const off = await cache({ dir: blocked });
    const { key, data } = await stored(4000);
    expect(off.cached.cache.enabled()).toBe(false);
    expect((await readAll(await off.cached.get(key))).equals(data)).toBe(true);
    expect(off.warnings).toEqual([expect.stringMatching(/folder unusable/)]);

    // Taken away while serving: every miss still answered from the store, the failure logged.
    const broken = await cache();
    await rm(broken.dir, { recursive: true });
    await writeFile(broken.dir, 'not a folder either');
    for (let i = 0; i < 3; i++) expect((await readAll(await broken.cached.get(key))).equals(data)).toBe(true);
    expect(broken.cached.cache.keys()).toEqual([]);
    // Logged once, not at every request.
    expect(broken.warnings).toEqual([expect.stringMatching(/could not be cached/)]);
  });

  it('reads its folder back at a restart: the same files, bytes and order, rechecked with the store', async () => {
    const first = await cache({ maxBytes: 1_000_000 });
    const files = await Promise.all([1, 2, 3].map((n) => stored(n * 50_000)));
    for (const f of files) await readAll(await first.cached.get(f.key));
    await readAll(await first.cached.get(files[0]?.key as string));
    // A fill a stopped process left unfinished.
    await writeFile(path.join(first.dir, '.fill-leftover'), randomBytes(1000));

    const again = await cache({ dir: first.dir, maxBytes: 1_000_000 });
    expect(again.cached.cache.usedBytes()).toBe(300_000);
    expect(new Set(again.cached.cache.keys())).toEqual(new Set(files.map((f) => f.key)));
    expect((await folder(first.dir)).temps).toEqual([]);
    const [one, two] = files as [(typeof files)[0], (typeof files)[0]];
    expect((await readAll(await again.cached.get(one.key))).equals(one.data)).toBe(true);
    // Its first hit asks the store again: a file deleted while it was stopped is not served.
    await store.delete([two.key]);
    await expect(again.cached.get(two.key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(again.cached.cache.usedBytes()).toBe(200_000);

    // Restarted with less room: the oldest go until the rest fit.
    const smaller = await cache({ dir: first.dir, maxBytes: 160_000 });
    expect(smaller.cached.cache.usedBytes()).toBeLessThanOrEqual(160_000);
    expect((await folder(first.dir)).files).toHaveLength(smaller.cached.cache.keys().length);
    expect((await readWhole(smaller.cached, one.key)).equals(one.data)).toBe(true);
  });
});

describe('the store of a server process (STORAGE_CACHE_MB, STORAGE_CACHE_DIR)', () => {
  const log = { warn: () => {} };

  it('caches images by default when the store is not this disk, in DATA_DIR/cache/files', async () => {
    const config = loadConfig({ DATA_DIR: root, STORAGE_URL: 'postgres:' });
    expect(config.storageCache).toEqual({
      dir: path.join(root, 'cache', 'files'),
      maxBytes: 512 * 1024 * 1024,
    });
    const served = createServerFileStore(config, h.db, log);
    expect(served.driver).toBe('postgres');
    expect(served.describe).toBe(
      `files in the database; images cached in ${config.storageCache.dir} (up to 512 MB)`,
    );
    if (!('cache' in served)) throw new Error('not cached');
    await (served as ReturnType<typeof withDiskCache>).cache.ready;
    const { key, data } = await stored(1000);
    expect((await readWhole(served, key)).equals(data)).toBe(true);
    expect((await folder(config.storageCache.dir)).files).toHaveLength(1);
  });

  it('caches nothing with STORAGE_CACHE_MB=0 or the fs store, and takes a folder of its own', () => {
    const off = loadConfig({ DATA_DIR: root, STORAGE_URL: 'postgres:', STORAGE_CACHE_MB: '0' });
    expect('cache' in createServerFileStore(off, h.db, log)).toBe(false);
    const disk = loadConfig({ DATA_DIR: root, STORAGE_URL: 'fs:' });
    expect('cache' in createServerFileStore(disk, h.db, log)).toBe(false);
    expect(
      loadConfig({ STORAGE_CACHE_DIR: '/var/cache/simchahub', STORAGE_CACHE_MB: '64' }).storageCache,
    ).toEqual({
      dir: '/var/cache/simchahub',
      maxBytes: 64 * 1024 * 1024,
    });
    expect(() => loadConfig({ STORAGE_CACHE_MB: '-1' })).toThrow(/STORAGE_CACHE_MB/);
  });

  it("keeps the store's start-up check: a bucket that does not answer still stops the server", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const config = loadConfig({
      DATA_DIR: root,
      STORAGE_URL: 's3://photos',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      STORAGE_CACHE_DIR: path.join(root, randomUUID()),
    });
    const served = createServerFileStore(config, h.db, log);
    expect('cache' in served).toBe(true);
    // Without credentials in the environment the check says so first; with some, that no one answers.
    await expect(served.check?.()).rejects.toThrow(
      new RegExp(
        `^(No credentials for the bucket photos|The S3 endpoint http://127.0.0.1:${port} did not answer)`,
      ),
    );
  });
});

describe('GET /uploads/<name> on a server caching images', () => {
  it('serves a hit as it serves the store, and a 404 once deleted elsewhere and rechecked', async () => {
    const { cached, clock } = await cache({ recheckMs: 60_000 });
    const dir = await mkdtemp(path.join(root, 'server-'));
    const storage = { driver: 'postgres' as const, root: dir, explicit: true };
    const config = { ...h.deps.config, dataDir: dir, uploadsDir: path.join(dir, 'uploads'), storage };
    const app = await buildServer({ ...h.deps, config, files: cached });
    try {
      const user = await createUser(h.db, { role: 'customer', emailConfirmed: true });
      const res = await postUpload(app, imageForm(await phoneJpeg(400, 300)), await h.cookieFor(user.id));
      expect(res.statusCode, res.body).toBe(201);
      const url = res.json().url.replace('.webp', '-640.webp');
      const miss = await app.inject({ method: 'GET', url });
      expect(cached.cache.keys()).toEqual([`images${url.slice('/uploads'.length)}`]);
      const hit = await app.inject({ method: 'GET', url });
      for (const answer of [miss, hit]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe('image/webp');
        expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(answer.headers['content-length']).toBe(String(cached.cache.usedBytes()));
      }
      expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);

      // Deleted through another server: served from this one's disk for at most a minute.
      await store.delete(uploadKeys(res.json().url.slice('/uploads/'.length, -'.webp'.length)));
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      clock.ms += 61_000;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect(cached.cache.keys()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
