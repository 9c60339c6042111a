import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { hashingStream } from '../storage/file-store';

/*
 * A backup archive (decision 042): one tar file, read and written as a stream.
 *
 *   manifest.json     what the archive is: format, when, the database's kind and migration level
 *   database.sql      the embedded database's dump (plain SQL), or
 *   database.pgdump   PostgreSQL's (pg_dump's custom format)
 *   files/<key>       every stored file not inside the dump
 *   checksums.json    last: the size and SHA-256 of the dump and of every file
 *
 * The checksums come last because they are known only once everything before them was read: a
 * writer would otherwise read every file twice. An archive without them was cut short.
 */

export const ARCHIVE_FORMAT = 1;
export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.json';
export const FILES_PREFIX = 'files/';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Manifest {
  app: 'simchahub';
  format: number;
  createdAt: string;
  /** The latest migration applied to the dumped database. */
  migration: string;
  database: { kind: DatabaseKind; entry: string; format: 'plain' | 'custom' };
  /** The store the files came from; `inDatabase` when their bytes are in the dump (the postgres store). */
  files: { driver: string; inDatabase: boolean };
}

export interface FileSum {
  key: string;
  bytes: number;
  sha256: string;
}

export interface Checksums {
  database: { bytes: number; sha256: string };
  /** Every stored file of the backup, in the archive or (inDatabase) in the dump. */
  files: FileSum[];
  fileCount: number;
  fileBytes: number;
  /** Files listed by the store but deleted before they were copied (no row of the snapshot named them). */
  vanished: number;
  /** How long the app's statements waited for the dump (the embedded database's one session). */
  databaseHeldMs: number | null;
}

/** Writes an archive's entries in order into `out`; `finish` ends it and waits for `out`. */
export class ArchiveWriter {
  readonly #pack = tar.pack();
  readonly #done: Promise<void>;

  constructor(out: Writable) {
    this.#done = pipeline(this.#pack, out);
    // Reported by finish(); a failing output must not be an unhandled rejection meanwhile.
    this.#done.catch(() => undefined);
  }

  async json(name: string, value: unknown): Promise<void> {
    const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    await new Promise<void>((resolve, reject) => {
      this.#pack.entry({ name, size: body.length, mode: 0o600 }, body, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  /** An entry of `size` bytes from a stream; answers its SHA-256. */
  async stream(name: string, size: number, body: Readable | AsyncIterable<Uint8Array>): Promise<FileSum> {
    const sum = hashingStream();
    const entry = this.#pack.entry({ name, size, mode: 0o600 });
    await pipeline(body, sum, entry);
    const { bytes, sha256 } = sum.sum();
    if (bytes !== size) throw new Error(`${name} changed while it was copied (${size} bytes, then ${bytes})`);
    return { key: name, bytes, sha256 };
  }

  async finish(): Promise<void> {
    this.#pack.finalize();
    await this.#done;
  }
}

export class ArchiveError extends Error {}

function truncated(error: unknown): ArchiveError {
  const reason = error instanceof Error ? error.message : String(error);
  return new ArchiveError(`The archive is truncated or corrupt (${reason})`);
}

/** What a reader does with each entry after the manifest; an entry it does not consume is skipped. */
export interface EntryHandlers {
  manifest?(manifest: Manifest): Promise<void> | void;
  database?(body: Readable): Promise<void>;
  file?(key: string, body: Readable): Promise<void>;
}

export interface ReadResult {
  manifest: Manifest;
  checksums: Checksums;
}

/**
 * Reads an archive through, checking as it goes: the manifest first, every entry's SHA-256 against
 * checksums.json at the end, nothing missing and nothing extra. Handlers see each entry's bytes as
 * they arrive (a restore writes them); they must not keep what they wrote if this then fails.
 */
export async function readArchive(file: string, handlers: EntryHandlers = {}): Promise<ReadResult> {
  const extract = tar.extract();
  const source = createReadStream(file);
  const feeding = pipeline(source, extract).catch((error: unknown) => {
    extract.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  let manifest: Manifest | undefined;
  let checksums: Checksums | undefined;
  let database: { bytes: number; sha256: string } | undefined;
  const files = new Map<string, { bytes: number; sha256: string }>();
  // A handler's failure (a tool refusing the dump) is its own, not a sign of a damaged archive.
  const fromHandlers = new WeakSet<object>();
  const handled = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof Object) fromHandlers.add(error);
      throw error;
    }
  };
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifest === undefined) {
        if (name !== MANIFEST) throw new ArchiveError(`Not a SimchaHub backup: it starts with ${name}`);
        manifest = JSON.parse((await text(entry)).toString('utf8')) as Manifest;
        if (manifest.app !== 'simchahub') throw new ArchiveError('Not a SimchaHub backup');
        if (manifest.format !== ARCHIVE_FORMAT) {
          throw new ArchiveError(
            `This archive has format ${manifest.format}; this version reads ${ARCHIVE_FORMAT}`,
          );
        }
        await handlers.manifest?.(manifest);
        continue;
      }
      if (checksums !== undefined) throw new ArchiveError(`Unexpected ${name} after ${CHECKSUMS}`);
      if (name === CHECKSUMS) {
        checksums = JSON.parse((await text(entry)).toString('utf8')) as Checksums;
        continue;
      }
      const sum = hashingStream();
      entry.on('error', (error) => sum.destroy(error));
      entry.pipe(sum);
      const checked: Readable = sum;
      if (name === manifest.database.entry) {
        const { database: load } = handlers;
        if (load) await handled(() => load(checked));
        await drain(checked);
        database = sum.sum();
      } else if (name.startsWith(FILES_PREFIX)) {
        const key = name.slice(FILES_PREFIX.length);
        const { file: write } = handlers;
        if (write) await handled(() => write(key, checked));
        await drain(checked);
        files.set(key, sum.sum());
      } else {
        throw new ArchiveError(`Unexpected entry ${name}`);
      }
    }
    await feeding;
  } catch (error) {
    if (error instanceof ArchiveError || (error instanceof Object && fromHandlers.has(error))) throw error;
    throw truncated(error);
  }
  if (!manifest) throw new ArchiveError('The archive is empty');
  if (!checksums) throw new ArchiveError(`The archive is truncated: it ends before ${CHECKSUMS}`);
  if (!database) throw new ArchiveError(`The archive holds no ${manifest.database.entry}`);
  if (database.sha256 !== checksums.database.sha256 || database.bytes !== checksums.database.bytes) {
    throw new ArchiveError(`${manifest.database.entry} is corrupt: its SHA-256 is not the one recorded`);
  }
  const listed = manifest.files.inDatabase ? [] : checksums.files;
  for (const expected of listed) {
    const found = files.get(expected.key);
    if (!found) throw new ArchiveError(`The archive lacks the file ${expected.key}`);
    if (found.sha256 !== expected.sha256 || found.bytes !== expected.bytes) {
      throw new ArchiveError(`The file ${expected.key} is corrupt: its SHA-256 is not the one recorded`);
    }
    files.delete(expected.key);
  }
  const extra = [...files.keys()][0];
  if (extra !== undefined) throw new ArchiveError(`The file ${extra} is not among the recorded ones`);
  return { manifest, checksums };
}

async function text(entry: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of entry) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** Reads what a handler left unread (or all of it when there is no handler). */
async function drain(body: Readable): Promise<void> {
  if (body.readableEnded) return;
  for await (const _ of body) {
    // Only counted and hashed.
  }
}
