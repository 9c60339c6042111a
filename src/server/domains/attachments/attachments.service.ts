import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import type { AppConfig } from '../../platform/env';
import { removeFiles, removeQuietly } from '../../platform/storage/files';
import type { AppDeps } from '../../platform/trpc/context';
import { fitInQuota, roomLeft, type UserStorage } from '../uploads/quota';
import { storageAmount } from '../uploads/upload.service';
import type { PreparedAttachment } from './attachment-file';
import { attachmentBytesOf, deleteUnlinkedAttachments, insertAttachment } from './attachments.queries';

/** An attachment not sent with a message is kept this long: the form it was picked in may still be open. */
export const UNLINKED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Where attachments are stored, one file per id. Private: no route serves this directory as is. */
export function attachmentsDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'attachments');
}

/** Where attachments wait while they arrive, on the same disk so storing one is a rename. */
export function attachmentsIncomingDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(attachmentsDir(config), '.incoming');
}

export async function ensureAttachmentDirs(config: Pick<AppConfig, 'dataDir'>): Promise<void> {
  await mkdir(attachmentsIncomingDir(config), { recursive: true });
}

export function attachmentQuotaMessage(quotaBytes: number): string {
  return `You have used your ${storageAmount(quotaBytes)} of storage for attachments. Files you uploaded but did not send are freed after a day.`;
}

export class AttachmentQuotaError extends Error {
  constructor(quotaBytes: number) {
    super(attachmentQuotaMessage(quotaBytes));
  }
}

/**
 * Frees the user's uploads that were never sent and are over a day old, in the caller's
 * transaction, so a full account gets room back at once rather than at the next sweep.
 */
function reclaimUnlinked(trx: AppDeps['db'], uploaderId: string, now: Date): Promise<string[]> {
  return deleteUnlinkedAttachments(trx, {
    cutoff: new Date(now.getTime() - UNLINKED_GRACE_MS),
    limit: 10_000,
    uploaderId,
  });
}

/** Attachments within the user's attachment quota; unsent ones are freed by reclaimUnlinked. */
const ATTACHMENT_STORAGE: UserStorage<string> = {
  lockScope: 'attachments',
  bytesOf: attachmentBytesOf,
  reclaim: reclaimUnlinked,
};

/** Whether the user has any room left for attachments (see roomLeft), checked before 10 MB are read. */
export async function hasAttachmentRoom(deps: AppDeps, userId: string): Promise<boolean> {
  const quotaBytes = deps.config.attachmentQuotaBytes;
  const { room, freed } = await roomLeft(deps.db, ATTACHMENT_STORAGE, userId, quotaBytes, deps.now());
  await removeFiles(attachmentsDir(deps.config), freed);
  return room;
}

/**
 * Stores a prepared attachment under a new id and writes its row, if the user's stored bytes stay
 * within the quota. The check and the insert happen under a per-user lock, so concurrent uploads on
 * any server process cannot pass the quota together. The file is moved into place inside the
 * transaction and removed again if the transaction fails: a row exists exactly when its file does.
 */
export async function storeAttachment(
  deps: AppDeps,
  upload: { uploaderId: string; name: string; prepared: PreparedAttachment },
): Promise<AttachmentDto> {
  const { uploaderId, name, prepared } = upload;
  const id = randomUUID();
  const dir = attachmentsDir(deps.config);
  const target = path.join(dir, id);
  const quota = deps.config.attachmentQuotaBytes;
  const now = deps.now();
  let freed: string[] = [];
  let placed = false;

  let stored: AttachmentDto | null;
  try {
    stored = await deps.db.transaction().execute(async (trx) => {
      const room = await fitInQuota(trx, ATTACHMENT_STORAGE, {
        userId: uploaderId,
        bytes: prepared.bytes,
        quotaBytes: quota,
        now,
      });
      freed = room.freed;
      if (!room.fits) return null;
      const dto = await insertAttachment(trx, {
        id,
        uploaderId,
        name,
        contentType: prepared.contentType,
        bytes: prepared.bytes,
        createdAt: now,
      });
      await rename(prepared.file, target);
      placed = true;
      return dto;
    });
  } catch (error) {
    if (placed) await removeQuietly(target);
    throw error;
  }

  await removeFiles(dir, freed);
  if (!stored) throw new AttachmentQuotaError(quota);
  return stored;
}
