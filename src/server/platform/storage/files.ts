import { open, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Stored files on this server's disk (images and conversation attachments): writing one once,
 * removing, listing and reading the head of a file. What the files are named is their domain's.
 */

export async function writeNewFile(dir: string, name: string, data: Buffer): Promise<void> {
  await writeFile(path.join(dir, name), data, { flag: 'wx' });
}

/** Deletes files, ignoring those already gone. */
export async function removeFiles(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(
    names.map((name) =>
      unlink(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      }),
    ),
  );
}

export async function removeQuietly(file: string): Promise<void> {
  await rm(file, { force: true }).catch(() => undefined);
}

/** The first `length` bytes of a file (fewer if it is shorter): enough to recognise its format. */
export async function readHead(file: string, length = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A directory's entries; none when it does not exist (yet). */
export async function listDir(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** When a file was last written, or null when it is gone. */
export async function modifiedAt(file: string): Promise<number | null> {
  const info = await stat(file).catch(() => null);
  return info ? info.mtimeMs : null;
}
