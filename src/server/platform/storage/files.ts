import { mkdir, open, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_VARIANT_WIDTHS, uploadFileName } from '../../../shared/upload-images';
import type { ImageType } from '../../domains/uploads/image-type';
import type { AppConfig } from '../env';

/**
 * A stored file: an upload's main image (`<uuid>.webp`), one of its variants (`<uuid>-640.webp`),
 * or an image stored before uploads were re-encoded (`<uuid>.jpg`, `.png`, `.gif`, `.webp`).
 */
export const STORED_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-(320|640|1280))?\.(jpg|png|gif|webp)$/;

export function parseStoredName(
  name: string,
): { id: string; ext: ImageType['ext']; variant: boolean } | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const [, id, width, ext] = match;
  // Variants only ever exist as WebP.
  if (width !== undefined && ext !== 'webp') return null;
  return { id: id as string, ext: ext as ImageType['ext'], variant: width !== undefined };
}

/** Every file an upload is stored as. */
export function uploadFileNames(id: string): string[] {
  return [uploadFileName(id), ...UPLOAD_VARIANT_WIDTHS.map((w) => uploadFileName(id, w))];
}

/** Where uploads wait while they arrive; never served (not a stored name). */
export function incomingDir(config: Pick<AppConfig, 'uploadsDir'>): string {
  return path.join(config.uploadsDir, '.incoming');
}

export async function ensureUploadDirs(config: Pick<AppConfig, 'uploadsDir'>): Promise<void> {
  await mkdir(incomingDir(config), { recursive: true });
}

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
