import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';

/*
 * Where the app keeps the files people upload (images and conversation attachments), shared by
 * every server process that uses the same store (decision 039). A file is named by a key of two
 * parts, `<area>/<name>` (`images/<uuid>-640.webp`, `attachments/<uuid>`): no local path ever
 * leaves a driver, so a driver may keep files on a disk, in the database or in an S3 bucket.
 * Reads are streams: no driver holds a whole file in memory to serve it.
 */

/** What a store knows of one of its files. */
export interface StoredFileInfo {
  key: string;
  bytes: number;
  /** When it was written (a sweeper judges a file without a row by it). */
  modifiedAt: Date;
  /** As given to put; null where the driver does not keep it (fs). */
  contentType: string | null;
  /**
   * Hex SHA-256 of its bytes, where the driver keeps it (postgres; s3's head, from the object's
   * metadata); null otherwise (fs, s3's list).
   */
  sha256: string | null;
}

/** A file being read: its bytes as a stream, and their length (the Content-Length of an answer). */
export interface OpenedFile {
  body: Readable;
  bytes: number;
  contentType: string | null;
}

export type FileBody = Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array>;

export interface FileStore {
  /** 'fs', 'postgres' or 's3'. */
  readonly driver: StorageDriver;
  /** Where the files are, for logs; never a password. */
  readonly describe: string;
  /**
   * Writes a file whole under `key`, replacing any file of that key; readers see the old file or
   * the new one, never a part. Answers the bytes written and their SHA-256.
   */
  put(
    key: string,
    body: FileBody,
    options?: { contentType?: string },
  ): Promise<{ bytes: number; sha256: string }>;
  /** Opens a file for reading; a missing one is a FileNotFoundError. */
  get(key: string): Promise<OpenedFile>;
  /** What the store knows of a file, or null when there is none. */
  head(key: string): Promise<StoredFileInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes files; keys without a file are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every file whose key starts with `prefix` (`images/`, or '' for all), in no promised order. */
  list(prefix: string): AsyncIterable<StoredFileInfo>;
  /**
   * Checked at start-up, before the server listens, where the store can be missing or refuse this
   * server (s3: the bucket and its credentials): throws one sentence saying what to fix.
   */
  check?(): Promise<void>;
}

export type StorageDriver = 'fs' | 'postgres' | 's3';

export class FileNotFoundError extends Error {
  readonly code = 'FILE_NOT_FOUND';
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
  }
}

export function isFileNotFound(error: unknown): error is FileNotFoundError {
  return error instanceof FileNotFoundError;
}

/** The areas files are stored in; the first part of every key. */
export const STORAGE_AREAS = ['images', 'attachments'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

const KEY = /^(images|attachments)\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Refuses a key that is not `<area>/<name>` with a plain name (no path parts, no dot first). */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Refuses a prefix that is not '' or an area followed by the start of a name. */
export function checkPrefix(prefix: string): string {
  if (!/^((images|attachments)\/[A-Za-z0-9._-]*)?$/.test(prefix)) {
    throw new Error(`Not a storage key prefix: ${JSON.stringify(prefix)}`);
  }
  return prefix;
}

/** A body as a stream of byte chunks. */
export function chunksOf(body: FileBody): AsyncIterable<Uint8Array> {
  if (body instanceof Uint8Array) return Readable.from([body]);
  return body;
}

/** Counts and hashes (SHA-256) the bytes that pass through it; `sum` once they all have. */
export function hashingStream(): Transform & { sum: () => { bytes: number; sha256: string } } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  let digest: string | undefined;
  return Object.assign(stream, {
    sum: () => {
      digest ??= hash.digest('hex');
      return { bytes, sha256: digest };
    },
  });
}

/** The SHA-256 of a stream's bytes (consuming it). */
export async function sha256Of(body: AsyncIterable<Uint8Array>): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** A wrapping store keeps the start-up check of the store it wraps (a bucket's), or has none. */
export function checkOf(store: FileStore): Pick<FileStore, 'check'> {
  return store.check ? { check: store.check.bind(store) } : {};
}

/** A stored file's SHA-256: the one its driver keeps, or read through and hashed. */
export async function storedSha256(store: FileStore, key: string): Promise<string> {
  const info = await store.head(key);
  if (!info) throw new FileNotFoundError(key);
  if (info.sha256) return info.sha256;
  return (await sha256Of((await store.get(key)).body)).sha256;
}

/** A stored file's bytes whole: for tests and small files only (serving streams). */
export async function readWhole(store: FileStore, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of (await store.get(key)).body) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}
