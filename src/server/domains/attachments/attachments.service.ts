import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import type { AttachmentPurpose } from '../../platform/db/types';
import type { AppConfig } from '../../platform/env';
import { filesOf } from '../../platform/storage/stores';
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

/**
 * Where attachments are in the file store, one file per id (`attachments/<id>`). Private: served
 * only by routes that check who asks, never by a public URL.
 */
export const ATTACHMENT_PREFIX = 'attachments/';

export function attachmentKey(id: string): string {
  return `${ATTACHMENT_PREFIX}${id}`;
}

/** The folder of the `fs` store's attachments under DATA_DIR (tests look at it). */
export function attachmentsDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'attachments');
}

/**
 * Where attachments wait while they arrive and are re-encoded, on this server's own disk whatever
 * the file store; swept by the server that received them.
 */
export function attachmentsIncomingDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(attachmentsDir(config), '.incoming');
}

export async function ensureAttachmentDirs(config: Pick<AppConfig, 'dataDir'>): Promise<void> {
  await mkdir(attachmentsIncomingDir(config), { recursive: true });
}

export function attachmentQuotaMessage(quotaBytes: number): string {
  return HTTP_MESSAGES.attachmentQuotaUsed(storageAmount(quotaBytes));
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
  if (freed.length > 0) await filesOf(deps).delete(freed.map(attachmentKey));
  return refusal ? storageRefusedError(deps.config, ATTACHMENT_STORAGE, refusal) : null;
}

/**
 * Stores a prepared attachment under a new id and writes its row, if the user's stored bytes stay
 * within the quotas and the site's within its ceiling (else a StorageRefusedError). The check and
 * the insert happen under a per-user lock, so concurrent uploads on any server process cannot pass
 * the quota together. The file is put in the store first and deleted again when the row is refused
 * or not written: no row ever names a missing file, and a file a crash left without a row is the
 * sweeper's (decision 039).
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
  const key = attachmentKey(id);
  const store = filesOf(deps);
  const now = deps.now();
  let freed: string[] = [];

  let stored: AttachmentDto | StorageRefusal;
  try {
    // The quota counts the bytes the store took, the same through every driver.
    const { bytes } = await store.put(key, createReadStream(prepared.file), {
      contentType: prepared.contentType,
    });
    stored = await deps.db.transaction().execute(async (trx) => {
      const room = await fitInQuota(trx, ATTACHMENT_STORAGE, {
        userId: uploaderId,
        bytes,
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
        bytes,
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
      return dto;
    });
  } catch (error) {
    await store.delete([key]).catch(() => undefined);
    throw error;
  }

  if (typeof stored === 'string') freed = [...freed, id];
  if (freed.length > 0) await store.delete(freed.map(attachmentKey));
  if (typeof stored === 'string') throw storageRefusedError(deps.config, ATTACHMENT_STORAGE, stored);
  return stored;
}
