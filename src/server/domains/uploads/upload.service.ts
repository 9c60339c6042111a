import { randomUUID } from 'node:crypto';
import { UPLOAD_VARIANT_WIDTHS, uploadFileName, uploadSrcSet } from '../../../shared/upload-images';
import { removeFiles, writeNewFile } from '../../platform/storage/files';
import type { AppDeps } from '../../platform/trpc/context';
import type { EncodedFile } from './process-image';
import { fitInQuota, roomLeft, type UserStorage } from './quota';
import { uploadFileNames } from './upload-files';
import { deleteUnreferencedUploads, insertUpload, storedBytesOf } from './uploads.queries';

/** An upload no row refers to is kept this long: the form that uploaded it may not be saved yet. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export interface StoredUpload {
  url: string;
  srcset: string;
  variants: Array<{ width: number; url: string }>;
}

const MB = 1024 * 1024;

/** "200 MB", "12 KB": an amount of storage as people read it. */
export function storageAmount(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function quotaMessage(quotaBytes: number): string {
  return `You have used your ${storageAmount(quotaBytes)} of image storage. Delete unused images and try again.`;
}

export class QuotaExceededError extends Error {
  constructor(quotaBytes: number) {
    super(quotaMessage(quotaBytes));
  }
}

/**
 * Frees the user's uploads that are over a day old and that no row uses (images they removed from
 * their events and listing), so "delete unused images" works at once rather than at the next sweep.
 * Runs inside the caller's transaction; the files are deleted only after it commits.
 */
async function reclaimUnused(trx: AppDeps['db'], userId: string, now: Date) {
  return deleteUnreferencedUploads(trx, {
    cutoff: new Date(now.getTime() - ORPHAN_GRACE_MS),
    limit: 10_000,
    userId,
  });
}

async function deleteFilesOf(deps: AppDeps, uploads: ReadonlyArray<{ id: string }>): Promise<void> {
  for (const { id } of uploads) await removeFiles(deps.config.uploadsDir, uploadFileNames(id));
}

/** Images within the user's image quota; unused ones are freed by reclaimUnused. */
const IMAGE_STORAGE: UserStorage<{ id: string }> = {
  lockScope: 'uploads',
  bytesOf: storedBytesOf,
  reclaim: reclaimUnused,
};

/** Whether the user has any room left for images (see roomLeft), checked before 5 MB are read. */
export async function hasRoomLeft(deps: AppDeps, userId: string): Promise<boolean> {
  const { room, freed } = await roomLeft(
    deps.db,
    IMAGE_STORAGE,
    userId,
    deps.config.uploadQuotaBytes,
    deps.now(),
  );
  await deleteFilesOf(deps, freed);
  return room;
}

/**
 * Writes an encoded upload's files and its row, if the user's stored bytes stay within the quota.
 * The check and the insert happen under a per-user lock, so concurrent uploads (on any server
 * process) cannot together pass the quota. The files are written inside the same transaction: a row
 * exists exactly when its files do.
 */
export async function storeUpload(
  deps: AppDeps,
  userId: string,
  files: EncodedFile[],
): Promise<StoredUpload> {
  const id = randomUUID();
  const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
  const quota = deps.config.uploadQuotaBytes;
  const now = deps.now();
  const dir = deps.config.uploadsDir;
  let freed: Array<{ id: string }> = [];

  const stored = await deps.db.transaction().execute(async (trx) => {
    const room = await fitInQuota(trx, IMAGE_STORAGE, { userId, bytes, quotaBytes: quota, now });
    freed = room.freed;
    if (!room.fits) return false;
    await insertUpload(trx, { id, userId, name: uploadFileName(id), bytes, createdAt: now });
    const written: string[] = [];
    try {
      for (const file of files) {
        const name = uploadFileName(id, file.width);
        await writeNewFile(dir, name, file.data);
        written.push(name);
      }
    } catch (error) {
      await removeFiles(dir, written);
      throw error;
    }
    return true;
  });

  await deleteFilesOf(deps, freed);
  if (!stored) throw new QuotaExceededError(quota);
  const url = `/uploads/${uploadFileName(id)}`;
  return {
    url,
    srcset: uploadSrcSet(url) ?? url,
    variants: UPLOAD_VARIANT_WIDTHS.map((width) => ({ width, url: `/uploads/${uploadFileName(id, width)}` })),
  };
}
