import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  checkPrefix,
  chunksOf,
  type FileBody,
  FileNotFoundError,
  type FileStore,
  hashingStream,
  type OpenedFile,
  STORAGE_AREAS,
  type StorageArea,
  type StoredFileInfo,
} from './file-store';

/**
 * The folder of each area under the root, as the app has always laid them out: images in
 * `uploads/` (DATA_DIR/uploads), attachments in `attachments/`.
 */
const FOLDERS: Record<StorageArea, string> = { images: 'uploads', attachments: 'attachments' };

/** The name of a file being written, until it is renamed into place. */
const PUT_PREFIX = '.put-';
/** A file still being written after this long was left by a crash. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;

async function removeIfAbandoned(file: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (info && info.mtimeMs < Date.now() - ABANDONED_MS)
    await rm(file, { force: true }).catch(() => undefined);
}

/**
 * Files on this server's disk under `root` (DATA_DIR): the driver of the embedded database, where
 * there is one server. Names starting with a dot (the upload routes' `.incoming` folders, this
 * driver's files being written) are never listed or served.
 */
export function createFsStore(root: string): FileStore {
  const folderOf = (area: StorageArea) => path.join(root, FOLDERS[area]);
  const fileOf = (key: string) => {
    const [area, name] = checkKey(key).split('/') as [StorageArea, string];
    return { dir: folderOf(area), file: path.join(folderOf(area), name) };
  };

  async function put(key: string, body: FileBody, _options?: { contentType?: string }) {
    const { dir, file } = fileOf(key);
    await mkdir(dir, { recursive: true });
    // Written beside its place and renamed into it: a reader sees the old file or the new one whole.
    const temp = path.join(dir, `${PUT_PREFIX}${randomUUID()}`);
    const count = hashingStream();
    try {
      await pipeline(chunksOf(body), count, createWriteStream(temp, { flags: 'wx' }));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw error;
    }
    return count.sum();
  }

  async function get(key: string): Promise<OpenedFile> {
    const { file } = fileOf(key);
    // Opened before answering, so a file deleted meanwhile is a FileNotFoundError, not a broken stream.
    const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new FileNotFoundError(key);
      throw error;
    });
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new FileNotFoundError(key);
      return { body: handle.createReadStream(), bytes: info.size, contentType: null };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function head(key: string): Promise<StoredFileInfo | null> {
    const info = await stat(fileOf(key).file).catch(() => null);
    if (!info?.isFile()) return null;
    return { key, bytes: info.size, modifiedAt: info.mtime, contentType: null, sha256: null };
  }

  async function* list(prefix: string): AsyncIterable<StoredFileInfo> {
    checkPrefix(prefix);
    for (const area of STORAGE_AREAS) {
      if (!`${area}/`.startsWith(prefix) && !prefix.startsWith(`${area}/`)) continue;
      let names: string[];
      try {
        names = await readdir(folderOf(area));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      for (const name of names) {
        const key = `${area}/${name}`;
        if (name.startsWith(PUT_PREFIX)) await removeIfAbandoned(path.join(folderOf(area), name));
        if (name.startsWith('.') || !key.startsWith(prefix)) continue;
        const info = await stat(path.join(folderOf(area), name)).catch(() => null);
        // Gone meanwhile, or a folder.
        if (!info?.isFile()) continue;
        yield { key, bytes: info.size, modifiedAt: info.mtime, contentType: null, sha256: null };
      }
    }
  }

  return {
    driver: 'fs',
    describe: `files under ${root}`,
    put,
    get,
    head,
    exists: async (key) => (await head(key)) !== null,
    async delete(keys) {
      await Promise.all(
        keys.map((key) =>
          unlink(fileOf(key).file).catch((error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') throw error;
          }),
        ),
      );
    },
    list,
  };
}
