import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/create-db';
import {
  checkKey,
  checkPrefix,
  chunksOf,
  type FileBody,
  FileNotFoundError,
  type FileStore,
  type OpenedFile,
  type StoredFileInfo,
} from './file-store';

/** The bytes of one row of stored_file_chunks: one statement's worth, and what a reader holds at once. */
export const CHUNK_BYTES = 256 * 1024;
/** A file without a key this old was left by a crash while it was written. */
const UNFINISHED_MS = 24 * 60 * 60 * 1000;
const LIST_PAGE = 500;
const DELETE_BATCH = 1000;

function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * Files in the database (tables stored_files and stored_file_chunks, decision 039): every server
 * on the database sees the same files, with no other component to run. A file is written in chunks
 * of 256 KiB outside any transaction (the embedded database has one connection, and a long write
 * must not hold it), then given its key in one short transaction, replacing the file that had it.
 * A reader fetches one chunk at a time as the stream is consumed.
 */
export function createPostgresStore(db: Db, describe = 'files in the database'): FileStore {
  async function writeChunk(fileId: string, n: number, data: Buffer) {
    await db.insertInto('storedFileChunks').values({ fileId, n, data }).execute();
  }

  async function put(key: string, body: FileBody, options: { contentType?: string } = {}) {
    checkKey(key);
    const id = randomUUID();
    // What crashes left while writing: cheap (a partial index), and keeps the tables clean.
    await db
      .deleteFrom('storedFiles')
      .where('key', 'is', null)
      .where('createdAt', '<', new Date(Date.now() - UNFINISHED_MS))
      .execute();
    await db
      .insertInto('storedFiles')
      .values({ id, key: null, contentType: options.contentType ?? null, bytes: 0 })
      .execute();
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      let n = 0;
      let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let filled = 0;
      for await (const piece of chunksOf(body)) {
        const data = asBuffer(piece);
        hash.update(data);
        bytes += data.length;
        let at = 0;
        while (at < data.length) {
          const taken = data.copy(chunk, filled, at, at + (CHUNK_BYTES - filled));
          filled += taken;
          at += taken;
          if (filled === CHUNK_BYTES) {
            await writeChunk(id, n++, chunk);
            chunk = Buffer.allocUnsafe(CHUNK_BYTES);
            filled = 0;
          }
        }
      }
      if (filled > 0) await writeChunk(id, n, chunk.subarray(0, filled));
      const sha256 = hash.digest('hex');
      // Two writers of one key: the second waits for the first's commit, then fails on the unique
      // key and takes the place again.
      for (let attempt = 0; ; attempt++) {
        try {
          await db.transaction().execute(async (trx) => {
            await trx.deleteFrom('storedFiles').where('key', '=', key).execute();
            await trx
              .updateTable('storedFiles')
              .set({ key, bytes, sha256, createdAt: new Date() })
              .where('id', '=', id)
              .execute();
          });
          break;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
      return { bytes, sha256 };
    } catch (error) {
      await db
        .deleteFrom('storedFiles')
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
      throw error;
    }
  }

  async function get(key: string): Promise<OpenedFile> {
    checkKey(key);
    const row = await db
      .selectFrom('storedFiles')
      .select(['id', 'bytes', 'contentType'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) throw new FileNotFoundError(key);
    const total = Number(row.bytes);
    const fileId = row.id;
    async function* chunks() {
      let sent = 0;
      for (let n = 0; sent < total; n++) {
        const chunk = await db
          .selectFrom('storedFileChunks')
          .select('data')
          .where('fileId', '=', fileId)
          .where('n', '=', n)
          .executeTakeFirst();
        // Deleted (or replaced) while it was read: the answer is cut short rather than wrong.
        if (!chunk) throw new FileNotFoundError(key);
        const data = asBuffer(chunk.data);
        sent += data.length;
        yield data;
      }
    }
    return {
      body: Readable.from(chunks(), { objectMode: false }),
      bytes: total,
      contentType: row.contentType,
    };
  }

  async function head(key: string): Promise<StoredFileInfo | null> {
    checkKey(key);
    const row = await db
      .selectFrom('storedFiles')
      .select(['bytes', 'contentType', 'sha256', 'createdAt'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    return {
      key,
      bytes: Number(row.bytes),
      modifiedAt: new Date(row.createdAt),
      contentType: row.contentType,
      sha256: row.sha256,
    };
  }

  async function* list(prefix: string): AsyncIterable<StoredFileInfo> {
    checkPrefix(prefix);
    let after: string | null = null;
    for (;;) {
      let query = db
        .selectFrom('storedFiles')
        .select(['key', 'bytes', 'contentType', 'sha256', 'createdAt'])
        .where('key', 'is not', null);
      query = after === null ? query.where('key', '>=', prefix) : query.where('key', '>', after);
      const rows = await query.orderBy('key').limit(LIST_PAGE).execute();
      for (const row of rows) {
        const key = row.key as string;
        if (!key.startsWith(prefix)) return;
        yield {
          key,
          bytes: Number(row.bytes),
          modifiedAt: new Date(row.createdAt),
          contentType: row.contentType,
          sha256: row.sha256,
        };
      }
      if (rows.length < LIST_PAGE) return;
      after = rows[rows.length - 1]?.key as string;
    }
  }

  return {
    driver: 'postgres',
    describe,
    put,
    get,
    head,
    exists: async (key) => (await head(key)) !== null,
    async delete(keys) {
      for (const key of keys) checkKey(key);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        if (batch.length > 0) await db.deleteFrom('storedFiles').where('key', 'in', batch).execute();
      }
    },
    list,
  };
}
