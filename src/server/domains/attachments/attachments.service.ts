import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import type { AttachmentPurpose } from '../../platform/db/types';
import type { AppConfig } from '../../platform/env';
import { removeFiles, removeQuietly } from '../../platform/storage/files';
import type { AppDeps } from '../../platform/trpc/context';
import {
  fitInQuota,
  roomLeft,
  type StorageRefusal,
  type StorageRefusedError,
  storageAmount,
  storageRefusedError,
  type UserStorage,
} from '../uploads/quota';
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
  bytesOf: attachmentBytesOf,
  reclaim: reclaimUnlinked,
  quotaOf: (config) => config.attachmentQuotaBytes,
  quotaMessage: attachmentQuotaMessage,
};

/** What refuses an attachment now, if anything (see roomLeft), checked before its 10 MB are read. */
export async function attachmentRefusal(deps: AppDeps, userId: string): Promise<StorageRefusedError | null> {
  const { refusal, freed } = await roomLeft(deps.db, ATTACHMENT_STORAGE, deps.config, userId, deps.now());
  await removeFiles(attachmentsDir(deps.config), freed);
  return refusal ? storageRefusedError(deps.config, ATTACHMENT_STORAGE, refusal) : null;
}

/**
 * Stores a prepared attachment under a new id and writes its row, if the user's stored bytes stay
 * within the quotas and the site's within its ceiling (else a StorageRefusedError). The check and the insert happen under a per-user lock, so concurrent uploads on
 * any server process cannot pass the quota together. The file is moved into place inside the
 * transaction and removed again if the transaction fails: a row exists exactly when its file does.
 */
export async function storeAttachment(
  deps: AppDeps,
  upload: {
    uploaderId: string;
    name: string;
    prepared: PreparedAttachment;
    purpose?: AttachmentPurpose;
    /**
     * Runs in the storing transaction once the row is written (a kashrut certificate names it on its
     * listing there): its failure stores nothing. Returns ids of attachments to delete with their files.
     */
    adopt?: (trx: AppDeps['db'], stored: AttachmentDto) => Promise<string[]>;
  },
): Promise<AttachmentDto> {
  const { uploaderId, name, prepared, purpose, adopt } = upload;
  const id = randomUUID();
  const dir = attachmentsDir(deps.config);
  const target = path.join(dir, id);
  const now = deps.now();
  let freed: string[] = [];
  let placed = false;

  let stored: AttachmentDto | StorageRefusal;
  try {
    stored = await deps.db.transaction().execute(async (trx) => {
      const room = await fitInQuota(trx, ATTACHMENT_STORAGE, {
        userId: uploaderId,
        bytes: prepared.bytes,
        config: deps.config,
        now,
      });
      freed = room.freed;
      if (room.refusal) return room.refusal;
      const dto = await insertAttachment(trx, {
        id,
        uploaderId,
        name,
        contentType: prepared.contentType,
        bytes: prepared.bytes,
        createdAt: now,
        ...(purpose ? { purpose } : {}),
      });
      if (adopt) {
        const replaced = await adopt(trx, dto);
        if (replaced.length > 0) {
          await trx.deleteFrom('attachments').where('id', 'in', replaced).execute();
          freed = [...freed, ...replaced];
        }
      }
      await rename(prepared.file, target);
      placed = true;
      return dto;
    });
  } catch (error) {
    if (placed) await removeQuietly(target);
    throw error;
  }

  await removeFiles(dir, freed);
  if (typeof stored === 'string') throw storageRefusedError(deps.config, ATTACHMENT_STORAGE, stored);
  return stored;
}
