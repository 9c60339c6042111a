import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_VARIANT_WIDTHS, uploadFileName } from '../../../shared/upload-images';
import type { AppConfig } from '../../platform/env';
import type { ImageType } from './image-type';

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

/** Where the file of this name is in the file store: `/uploads/<name>` is `images/<name>`. */
export const IMAGE_PREFIX = 'images/';

export function imageKey(name: string): string {
  return `${IMAGE_PREFIX}${name}`;
}

/** The store keys of every file of an upload. */
export function uploadKeys(id: string): string[] {
  return uploadFileNames(id).map(imageKey);
}

/**
 * Where uploads wait while they arrive, on this server's own disk whatever the file store (they are
 * read by the image decoder, and swept by the server that received them); never served.
 */
export function incomingDir(config: Pick<AppConfig, 'uploadsDir'>): string {
  return path.join(config.uploadsDir, '.incoming');
}

export async function ensureUploadDirs(config: Pick<AppConfig, 'uploadsDir'>): Promise<void> {
  await mkdir(incomingDir(config), { recursive: true });
}
