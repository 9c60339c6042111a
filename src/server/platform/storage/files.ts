import { open, readdir, rm, stat } from 'node:fs/promises';

/*
 * Files on this server's own disk while an upload arrives and is checked (the `.incoming` folders):
 * removing, listing and reading the head of one. Stored images and attachments are the file
 * store's (file-store.ts), never these.
 */

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
