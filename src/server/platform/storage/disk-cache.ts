import { createHash, randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  checkOf,
  type FileBody,
  FileNotFoundError,
  type FileStore,
  type OpenedFile,
  type StoredFileInfo,
} from './file-store';

/*
 * Images served from this server's own disk rather than read from a shared store each time
 * (decision 039). Only image keys are cached: an image's name is a fresh UUID at every upload and is
 * never written again with other bytes, so a cached copy cannot go stale; it can only outlive a
 * delete made by another server, which the store is asked about again after `recheckMs`.
 * Attachments are never cached: they are private, and each is read after an access check.
 * The disk is scratch space: the store is the truth, and any error of the cache (a full disk, a
 * folder that cannot be written) is logged and the file served from the store.
 */

export interface DiskCacheLog {
  warn(obj: object, msg: string): void;
}

export interface DiskCacheOptions {
  /** A folder of this server process's own; made when missing. */
  dir: string;
  /** The most the cached files may take together; the least recently served go first. */
  maxBytes: number;
  /**
   * How long a cached image is served without asking the store whether it still has it. An image
   * deleted through another server is served here for at most this long; one deleted through this
   * server is gone from the cache at once.
   */
  recheckMs?: number;
  log?: DiskCacheLog;
  now?: () => number;
}

export interface DiskCacheState {
  /** Resolves once the folder has been read at start (never rejects: a broken folder turns the cache off). */
  ready: Promise<void>;
  /** The bytes of the cached files. */
  usedBytes(): number;
  /** The cached keys, least recently served first. */
  keys(): string[];
  /** False when the folder could not be made or read at start: every read goes to the store. */
  enabled(): boolean;
}

export interface CachedFileStore extends FileStore {
  readonly cache: DiskCacheState;
}

const DEFAULT_RECHECK_MS = 60_000;
/** A file larger than this share of the cache is served without being cached. */
const LARGEST_SHARE = 4;
/** Leftovers of fills a stopped process did not finish; removed at start. */
const TEMP_PREFIX = '.fill-';
/** `<name>~<first 32 hex digits of its SHA-256>`: a key's name never holds a `~`. */
const CACHED_NAME = /^([A-Za-z0-9][A-Za-z0-9._-]{0,199})~([0-9a-f]{32})$/;
const CACHED_AREA = 'images/';
/** Repeated warnings (a full disk fails every fill) are logged at most this often. */
const WARN_EVERY_MS = 60_000;

interface Entry {
  file: string;
  bytes: number;
  sha: string;
  /** When the store last said it still had this file (0: not since this process started). */
  checkedAt: number;
  contentType: string | null;
}

interface Fill {
  cancelled: boolean;
}

function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** `store`, with the images it serves kept in `options.dir` up to `options.maxBytes`. */
export function withDiskCache(store: FileStore, options: DiskCacheOptions): CachedFileStore {
  const { dir, maxBytes } = options;
  const recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
  const now = options.now ?? Date.now;
  const largest = Math.floor(maxBytes / LARGEST_SHARE);
  // In the order they were last served: a Map keeps insertion order, and a hit moves its key last.
  const entries = new Map<string, Entry>();
  const fills = new Map<string, Fill>();
  let used = 0;
  let enabled = true;

  let lastWarnAt = Number.NEGATIVE_INFINITY;
  let quietWarnings = 0;
  function warn(error: unknown, msg: string) {
    const at = now();
    if (at - lastWarnAt < WARN_EVERY_MS) {
      quietWarnings += 1;
      return;
    }
    lastWarnAt = at;
    const err = error instanceof Error ? error.message : String(error);
    options.log?.warn({ err, dir, ...(quietWarnings > 0 ? { since: quietWarnings } : {}) }, msg);
    quietWarnings = 0;
  }

  async function removeFile(file: string) {
    await rm(file, { force: true }).catch((error: unknown) =>
      warn(error, 'Image cache: a cached file could not be removed'),
    );
  }

  async function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    used -= entry.bytes;
    await removeFile(entry.file);
  }

  async function evict() {
    // Unlinking a file being served does not cut its answer short: the reader holds it open.
    for (const [key] of entries) {
      if (used <= maxBytes) return;
      await forget(key);
    }
  }

  /** What the folder holds from before this process started: the cache survives a restart. */
  async function start() {
    try {
      await mkdir(dir, { recursive: true });
      const found: Array<{ key: string; entry: Entry; at: number }> = [];
      for (const name of await readdir(dir)) {
        const file = path.join(dir, name);
        if (name.startsWith(TEMP_PREFIX)) {
          await removeFile(file);
          continue;
        }
        const match = CACHED_NAME.exec(name);
        if (!match) continue;
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) continue;
        found.push({
          key: `${CACHED_AREA}${match[1]}`,
          entry: { file, bytes: info.size, sha: match[2] as string, checkedAt: 0, contentType: null },
          at: info.mtimeMs,
        });
      }
      // The order they were cached in stands for the order they were served in.
      found.sort((a, b) => a.at - b.at);
      for (const { key, entry } of found) {
        await forget(key);
        entries.set(key, entry);
        used += entry.bytes;
      }
      await evict();
    } catch (error) {
      enabled = false;
      options.log?.warn(
        { err: error instanceof Error ? error.message : String(error), dir },
        'Image cache folder unusable: images are served from the store uncached',
      );
    }
  }
  const ready = start();

  const cacheable = (key: string) => key.startsWith(CACHED_AREA);

  /** The cached copy opened, or null to read the store; a file the store no longer has is a FileNotFoundError. */
  async function openCached(key: string): Promise<OpenedFile | null> {
    const entry = entries.get(key);
    if (!entry) return null;
    if (now() - entry.checkedAt >= recheckMs) {
      const info = await store.head(key);
      if (entries.get(key) !== entry) return null;
      if (!info) {
        await forget(key);
        throw new FileNotFoundError(key);
      }
      if (info.bytes !== entry.bytes || (info.sha256 && !info.sha256.startsWith(entry.sha))) {
        await forget(key);
        return null;
      }
      entry.checkedAt = now();
      entry.contentType = info.contentType;
    }
    let handle: FileHandle;
    try {
      handle = await open(entry.file, 'r');
      const { size } = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (size !== entry.bytes) {
        await handle.close();
        throw new Error(`the cached copy of ${key} has ${size} bytes, not ${entry.bytes}`);
      }
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') warn(error, 'Image cache: a cached file could not be read');
      if (entries.get(key) === entry) await forget(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return {
      body: handle.createReadStream({ highWaterMark: 64 * 1024 }),
      bytes: entry.bytes,
      contentType: entry.contentType,
    };
  }

  /**
   * The store's file, streamed to the reader and at once into a temporary file, renamed to its
   * cached name only once complete with the length the store gave: no reader ever opens a part.
   * A second miss for a key being filled reads the store without caching.
   */
  async function fill(key: string): Promise<OpenedFile> {
    const opened = await store.get(key);
    if (!enabled || opened.bytes > largest || fills.has(key)) return opened;
    const state: Fill = { cancelled: false };
    fills.set(key, state);
    const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    let out: FileHandle | null = null;
    let started = false;
    const hash = createHash('sha256');
    let written = 0;

    async function drop() {
      await out?.close().catch(() => undefined);
      out = null;
      await removeFile(temp);
    }

    async function keep() {
      const writing = out as FileHandle;
      out = null;
      // On disk before it has its name: a crash must not leave a cached name on a short file.
      await writing.datasync();
      await writing.close();
      if (state.cancelled || !enabled) {
        await removeFile(temp);
        return;
      }
      const sha = hash.digest('hex').slice(0, 32);
      const file = path.join(dir, `${key.slice(CACHED_AREA.length)}~${sha}`);
      await rename(temp, file);
      if (state.cancelled) {
        // Written or deleted through this server while the rename was under way.
        if (entries.get(key)?.file !== file) await removeFile(file);
        return;
      }
      const previous = entries.get(key);
      if (previous) {
        entries.delete(key);
        used -= previous.bytes;
        if (previous.file !== file) await removeFile(previous.file);
      }
      entries.set(key, { file, bytes: written, sha, checkedAt: now(), contentType: opened.contentType });
      used += written;
      await evict();
    }

    async function* teed() {
      started = true;
      let complete = false;
      try {
        try {
          out = await open(temp, 'wx');
        } catch (error) {
          warn(error, 'Image cache: an image could not be cached');
        }
        for await (const piece of opened.body) {
          const chunk = asBuffer(piece as Uint8Array);
          if (out) {
            try {
              await out.write(chunk);
              hash.update(chunk);
              written += chunk.length;
            } catch (error) {
              warn(error, 'Image cache: an image could not be cached');
              await drop();
            }
          }
          yield chunk;
        }
        complete = true;
      } finally {
        // Before the reader sees the end: once an answer is complete, its copy is in the cache.
        if (out && complete && written === opened.bytes) {
          await keep().catch(async (error: unknown) => {
            warn(error, 'Image cache: an image could not be cached');
            await removeFile(temp);
          });
        } else if (out) {
          await drop();
        }
        if (fills.get(key) === state) fills.delete(key);
      }
    }

    const body = Readable.from(teed(), { objectMode: false });
    // A reader gone before reading anything: the generator never ran, so its finally never will.
    body.once('close', () => {
      if (started) return;
      if (fills.get(key) === state) fills.delete(key);
      opened.body.destroy();
    });
    return {
      body,
      bytes: opened.bytes,
      contentType: opened.contentType,
    };
  }

  /** After a write or delete through this server: its cached copies and fills are dropped. */
  async function invalidate(keys: readonly string[]) {
    await ready;
    for (const key of keys) {
      if (!cacheable(key)) continue;
      const filling = fills.get(key);
      if (filling) filling.cancelled = true;
      await forget(key);
    }
  }

  return {
    driver: store.driver,
    describe: `${store.describe}; images cached in ${dir} (up to ${Math.round(maxBytes / (1024 * 1024))} MB)`,
    async put(key: string, body: FileBody, putOptions?: { contentType?: string }) {
      const written = await store.put(key, body, putOptions);
      await invalidate([key]);
      return written;
    },
    async get(key: string): Promise<OpenedFile> {
      if (!cacheable(key)) return store.get(key);
      await ready;
      if (!enabled) return store.get(key);
      return (await openCached(key)) ?? fill(key);
    },
    // The store's own start-up check (a bucket's, say): a cache in front must not hide it.
    ...checkOf(store),
    head: (key: string): Promise<StoredFileInfo | null> => store.head(key),
    exists: (key: string) => store.exists(key),
    async delete(keys: readonly string[]) {
      await store.delete(keys);
      await invalidate(keys);
    },
    list: (prefix: string) => store.list(prefix),
    cache: {
      ready,
      usedBytes: () => used,
      keys: () => [...entries.keys()],
      enabled: () => enabled,
    },
  };
}
