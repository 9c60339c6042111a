import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { type AttachmentDto, MESSAGING_MESSAGES } from '../../../shared/schemas/messages';
import { sumOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';
import type { AttachmentContentType, AttachmentPurpose } from '../../platform/db/types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isAttachmentId = (id: string): boolean => UUID.test(id);

/** Where a stored attachment is served (to the thread's two parties only). */
export const attachmentUrl = (id: string) => `/api/attachments/${id}`;

function toDto(row: {
  id: string;
  name: string;
  contentType: AttachmentContentType;
  bytes: number;
}): AttachmentDto {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    bytes: row.bytes,
    url: attachmentUrl(row.id),
  };
}

/** Bytes of every attachment the user uploaded, sent or not. */
export async function attachmentBytesOf(db: Db, userId: string): Promise<number> {
  return sumOf(db.selectFrom('attachments').where('uploaderId', '=', userId), 'bytes');
}

export async function insertAttachment(
  db: Db,
  row: {
    id: string;
    uploaderId: string;
    name: string;
    contentType: AttachmentContentType;
    bytes: number;
    createdAt: Date;
    purpose?: AttachmentPurpose;
  },
): Promise<AttachmentDto> {
  await db
    .insertInto('attachments')
    .values({ ...row, threadId: null, messageId: null })
    .execute();
  return toDto(row);
}

/**
 * Links the uploader's own unlinked uploads to a message, in the caller's transaction, and returns
 * them in the order of `ids`. Any id that is not such an upload (someone else's, already sent with
 * another message, swept after a day, or never uploaded) refuses the whole message; the caller's
 * transaction then rolls back whatever was linked. Two sends racing for one upload are decided by
 * its row lock: the second finds it linked.
 */
export async function linkAttachments(
  trx: Db,
  link: { uploaderId: string; ids: readonly string[]; threadId: string; messageId: string },
): Promise<AttachmentDto[]> {
  const ids = [...new Set(link.ids)];
  if (ids.length === 0) return [];
  const notFound = () =>
    new TRPCError({ code: 'BAD_REQUEST', message: MESSAGING_MESSAGES.attachmentNotFound });
  if (!ids.every(isAttachmentId)) throw notFound();
  const rows = await trx
    .updateTable('attachments')
    .set({ threadId: link.threadId, messageId: link.messageId })
    .where('id', 'in', ids)
    .where('uploaderId', '=', link.uploaderId)
    .where('messageId', 'is', null)
    // A listing's kashrut certificate is never sent in a conversation (decision 038).
    .where('purpose', '=', 'message')
    .returning(['id', 'name', 'contentType', 'bytes'])
    .execute();
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, toDto(r)]));
  return ids.map((id) => byId.get(id) as AttachmentDto);
}

export type UploadedAttachment = AttachmentDto & { threadId: string | null; messageId: string | null };

/**
 * The uploader's own attachments among `ids`, in the order of `ids`; others' and unknown ids are
 * left out. What a request or message says about a file (name, type, size) comes from here, never
 * from the client.
 */
export async function uploadedAttachments(
  db: Db,
  uploaderId: string,
  ids: readonly string[],
): Promise<UploadedAttachment[]> {
  const wanted = [...new Set(ids)].filter(isAttachmentId);
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'name', 'contentType', 'bytes', 'threadId', 'messageId'])
    .where('id', 'in', wanted)
    .where('uploaderId', '=', uploaderId)
    .where('purpose', '=', 'message')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...toDto(row), threadId: row.threadId, messageId: row.messageId }] : [];
  });
}

/**
 * The attachment if this user may read it: its uploader, or, once it is part of a thread, the
 * thread's customer and whoever owns the thread's listing now (a claim approved later hands the
 * thread's files to the new owner along with the thread). Anyone else gets nothing, as if it did
 * not exist.
 */
export async function readableAttachment(
  db: Db,
  id: string,
  userId: string,
): Promise<{ id: string; name: string; contentType: AttachmentContentType; bytes: number } | undefined> {
  if (!isAttachmentId(id)) return undefined;
  return (
    db
      .selectFrom('attachments as a')
      .leftJoin('messageThreads as t', 't.id', 'a.threadId')
      .leftJoin('vendors as v', 'v.id', 't.vendorId')
      .select(['a.id', 'a.name', 'a.contentType', 'a.bytes'])
      .where('a.id', '=', id)
      // Certificates are served by their own route, to the listing's owner and admins only.
      .where('a.purpose', '=', 'message')
      .where((eb) =>
        eb.or([
          eb('a.uploaderId', '=', userId),
          eb('t.customerId', '=', userId),
          eb('v.ownerId', '=', userId),
        ]),
      )
      .executeTakeFirst()
  );
}

/**
 * Deletes up to `limit` rows of attachments never linked to a message and created before `cutoff`
 * (of one uploader, if given), and returns their ids: the files are the caller's to delete once this
 * commits. Rows a send is linking right now are skipped.
 */
export async function deleteUnlinkedAttachments(
  db: Db,
  options: { cutoff: Date; limit: number; uploaderId?: string },
): Promise<string[]> {
  const byUser = options.uploaderId === undefined ? sql`` : sql`AND uploader_id = ${options.uploaderId}`;
  const { rows } = await sql<{ id: string }>`
    DELETE FROM attachments WHERE id IN (
      SELECT id FROM attachments
      WHERE message_id IS NULL AND created_at < ${options.cutoff} ${byUser}
        -- A certificate is kept while its listing's supervision names it (decision 038).
        AND (purpose = 'message'
          OR NOT EXISTS (SELECT 1 FROM vendor_kashrut k WHERE k.certificate_id = attachments.id))
      ORDER BY created_at
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`.execute(db);
  return rows.map((r) => r.id);
}

/** Which of these ids have an attachments row. */
export async function trackedAttachmentIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('attachments').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
