import path from 'node:path';
import type { Db } from '../../platform/db/create-db';
import { listDir, modifiedAt, removeFiles } from '../../platform/storage/files';
import { type SweepDeps, sweeperOf, sweepIncoming, sweepRowsThenFiles } from '../uploads/sweeper';
import { deleteUnlinkedAttachments, isAttachmentId, trackedAttachmentIds } from './attachments.queries';
import { attachmentsDir, attachmentsIncomingDir, UNLINKED_GRACE_MS } from './attachments.service';

const BATCH = 500;

type AttachmentSweepDeps = SweepDeps<'dataDir'>;

/** Rows of uploads never sent, with their files. */
function sweepUnlinked(db: Db, dir: string, cutoff: Date): Promise<number> {
  return sweepRowsThenFiles(
    (limit) => deleteUnlinkedAttachments(db, { cutoff, limit }),
    (ids) => removeFiles(dir, ids),
  );
}

/**
 * Files without a row (a crash between moving the file into place and committing), judged by their
 * age on disk: a file whose upload is committing right now is seconds old.
 */
async function sweepUntracked(db: Db, dir: string, cutoff: Date): Promise<number> {
  const ids = (await listDir(dir)).filter(isAttachmentId);
  let removed = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const tracked = await trackedAttachmentIds(db, chunk);
    for (const id of chunk) {
      if (tracked.has(id)) continue;
      const time = await modifiedAt(path.join(dir, id));
      if (time === null || time >= cutoff.getTime()) continue;
      await removeFiles(dir, [id]);
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
export async function sweepOrphanAttachments({ db, config, now }: AttachmentSweepDeps): Promise<number> {
  const at = typeof now === 'function' ? now() : now;
  const cutoff = new Date(at.getTime() - UNLINKED_GRACE_MS);
  const dir = attachmentsDir(config);
  const removed = (await sweepUnlinked(db, dir, cutoff)) + (await sweepUntracked(db, dir, cutoff));
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
