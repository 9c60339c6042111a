import { randomUUID } from 'node:crypto';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import { UPLOAD_VARIANT_WIDTHS, uploadFileName, uploadSrcSet } from '../../../shared/upload-images';
import { filesOf } from '../../platform/storage/stores';
import type { AppDeps } from '../../platform/trpc/context';
import type { EncodedFile } from './process-image';
import {
  fitInQuota,
  roomLeft,
  type StorageRefusal,
  type StorageRefusedError,
  storageAmount,
  storageRefusedError,
  type UserStorage,
} from './quota';
import { imageKey, uploadKeys } from './upload-files';
import { deleteUnreferencedUploads, insertUpload, storedBytesOf } from './uploads.queries';

/** An upload no row refers to is kept this long: the form that uploaded it may not be saved yet. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

export interface StoredUpload {
  url: string;
  srcset: string;
  variants: Array<{ width: number; url: string }>;
}

export function quotaMessage(quotaBytes: number): string {
  return HTTP_MESSAGES.imageQuotaUsed(storageAmount(quotaBytes));
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
  if (uploads.length > 0) await filesOf(deps).delete(uploads.flatMap(({ id }) => uploadKeys(id)));
}

/** Images within the user's image quota; unused ones are freed by reclaimUnused. */
export const IMAGE_STORAGE: UserStorage<{ id: string }> = {
  bytesOf: storedBytesOf,
  reclaim: reclaimUnused,
  quotaOf: (config) => config.uploadQuotaBytes,
  quotaMessage,
};

/**
 * What refuses an image now, if anything (see roomLeft), checked before its 5 MB are read: the
 * site's ceiling, the image quota, the small quota of an unconfirmed account.
 */
export async function imageRefusal(deps: AppDeps, userId: string): Promise<StorageRefusedError | null> {
  const { refusal, freed } = await roomLeft(deps.db, IMAGE_STORAGE, deps.config, userId, deps.now());
  await deleteFilesOf(deps, freed);
  return refusal ? storageRefusedError(deps.config, IMAGE_STORAGE, refusal) : null;
}

/**
 * Writes an encoded upload's files and its row, if the user's stored bytes stay within the quotas
 * and the site's within its ceiling (else a StorageRefusedError).
 * The check and the insert happen under a per-user lock, so concurrent uploads (on any server
 * process) cannot together pass the quota. The files are put in the store first and deleted again
 * when the row is refused or not written: no row ever names a missing file, and files a crash left
 * without a row are the sweeper's (decision 039). The quota counts the encoded bytes, the same
 * through every store.
 */
export async function storeUpload(
  deps: AppDeps,
  userId: string,
  files: EncodedFile[],
): Promise<StoredUpload> {
  const id = randomUUID();
  const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
  const now = deps.now();
  const store = filesOf(deps);
  let freed: Array<{ id: string }> = [];

  const written: string[] = [];
  let refusal: StorageRefusal | null;
  try {
    for (const file of files) {
      const key = imageKey(uploadFileName(id, file.width));
      written.push(key);
      await store.put(key, file.data, { contentType: 'image/webp' });
    }
    refusal = await deps.db.transaction().execute(async (trx) => {
      const room = await fitInQuota(trx, IMAGE_STORAGE, { userId, bytes, config: deps.config, now });
      freed = room.freed;
      if (room.refusal) return room.refusal;
      await insertUpload(trx, { id, userId, name: uploadFileName(id), bytes, createdAt: now });
      return null;
    });
  } catch (error) {
    await store.delete(written).catch(() => undefined);
    throw error;
  }
  if (refusal) await store.delete(written);

  await deleteFilesOf(deps, freed);
  if (refusal) throw storageRefusedError(deps.config, IMAGE_STORAGE, refusal);
  const url = `/uploads/${uploadFileName(id)}`;
  return {
    url,
    srcset: uploadSrcSet(url) ?? url,
    variants: UPLOAD_VARIANT_WIDTHS.map((width) => ({ width, url: `/uploads/${uploadFileName(id, width)}` })),
  };
}
