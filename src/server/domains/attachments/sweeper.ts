import type { Db } from '../../platform/db/create-db';
import type { FileStore } from '../../platform/storage/file-store';
import { filesOf } from '../../platform/storage/stores';
import { type SweepDeps, sweeperOf, sweepIncoming, sweepRowsThenFiles } from '../uploads/sweeper';
import { deleteUnlinkedAttachments, isAttachmentId, trackedAttachmentIds } from './attachments.queries';
import {
  ATTACHMENT_PREFIX,
  attachmentKey,
  attachmentsIncomingDir,
  UNLINKED_GRACE_MS,
} from './attachments.service';

const BATCH = 500;

type AttachmentSweepDeps = SweepDeps<'dataDir'>;

/** Rows of uploads never sent, with their files. */
function sweepUnlinked(db: Db, store: FileStore, cutoff: Date): Promise<number> {
  return sweepRowsThenFiles(
    (limit) => deleteUnlinkedAttachments(db, { cutoff, limit }),
    async (ids) => {
      if (ids.length > 0) await store.delete(ids.map(attachmentKey));
    },
  );
}

/**
 * Files without a row (a crash between putting the file and committing), judged by their age in
 * the store (what it lists, and only that): a file whose upload is committing right now is seconds
 * old.
 */
async function sweepUntracked(db: Db, store: FileStore, cutoff: Date): Promise<number> {
  const ids: string[] = [];
  for await (const file of store.list(ATTACHMENT_PREFIX)) {
    const id = file.key.slice(ATTACHMENT_PREFIX.length);
    if (isAttachmentId(id)) ids.push(id);
  }
  let removed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const tracked = await trackedAttachmentIds(db, chunk);
    for (const id of chunk) {
      if (tracked.has(id)) continue;
      const info = await store.head(attachmentKey(id));
      if (info === null || info.modifiedAt.getTime() >= cutoff.getTime()) continue;
      await store.delete([attachmentKey(id)]);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Deletes attachments never sent with a message that are more than a day old (the form they were
 * picked in may still be open before that), rows and files, and files without a row of the same
 * age. Returns the number of attachments removed.
 */
export async function sweepOrphanAttachments(deps: AttachmentSweepDeps): Promise<number> {
  const { db, config, now } = deps;
  const at = typeof now === 'function' ? now() : now;
  const cutoff = new Date(at.getTime() - UNLINKED_GRACE_MS);
  const store = filesOf(deps);
  const removed = (await sweepUnlinked(db, store, cutoff)) + (await sweepUntracked(db, store, cutoff));
  await sweepIncoming(attachmentsIncomingDir(config), at);
  return removed;
}

/**
 * Sweeps shortly after start and then every hour. Several server processes may each run one: they
 * skip rows another is deleting and ignore files already gone.
 */
export const startAttachmentSweeper = sweeperOf<'dataDir'>(
  sweepOrphanAttachments,
  'deleted attachments never sent',
  'sweeping unsent attachments failed',
);
