import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type QuickReplyDto,
  type quickReplyCreateInput,
  type quickReplyUpdateInput,
} from '../../../shared/schemas/messages';
import type { Db } from '../../platform/db/create-db';
import { StaleWriteError } from '../../platform/db/stale-write';
import { inTransaction, lockForUser } from '../../platform/db/transaction';
import type { SignedInContext } from './messages.service';

const columns = ['id', 'title', 'body', 'position', 'version', 'createdAt', 'updatedAt'] as const;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: MESSAGING_MESSAGES.quickReplyNotFound });

export async function listQuickReplies(db: Db, userId: string): Promise<QuickReplyDto[]> {
  return db
    .selectFrom('quickReplies')
    .select(columns)
    .where('userId', '=', userId)
    .orderBy('position')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** A new quick reply goes last; the user's lock makes concurrent creates count one after another. */
export async function createQuickReply(
  ctx: SignedInContext,
  input: z.output<typeof quickReplyCreateInput>,
): Promise<QuickReplyDto> {
  const userId = ctx.user.id;
  return inTransaction(ctx.db, async (trx) => {
    await lockForUser(trx, 'quick-replies', userId);
    const { n, nextPosition } = await trx
      .selectFrom('quickReplies')
      .select([sql<string>`count(*)`.as('n'), sql<number>`coalesce(max(position) + 1, 0)`.as('nextPosition')])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MESSAGING_LIMITS.quickRepliesMax) {
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGING_MESSAGES.quickRepliesFull });
    }
    return trx
      .insertInto('quickReplies')
      .values({
        userId,
        title: input.title,
        body: input.body,
        position: Math.min(Number(nextPosition), 1000),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
  });
}

/** Writes only at the version the edit was made from; otherwise 409 with the row as it is now. */
export async function updateQuickReply(
  ctx: SignedInContext,
  input: z.output<typeof quickReplyUpdateInput>,
): Promise<QuickReplyDto> {
  const { id, version, ...changes } = input;
  const updated = await ctx.db
    .updateTable('quickReplies')
    .set({ ...changes, version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('userId', '=', ctx.user.id)
    .where('version', '=', version)
    .returning(columns)
    .executeTakeFirst();
  if (updated) return updated;
  const current = await ctx.db
    .selectFrom('quickReplies')
    .select(columns)
    .where('id', '=', id)
    .where('userId', '=', ctx.user.id)
    .executeTakeFirst();
  if (!current) throw notFound();
  throw new StaleWriteError(current);
}

export async function deleteQuickReply(ctx: SignedInContext, id: string): Promise<{ ok: true }> {
  const deleted = await ctx.db
    .deleteFrom('quickReplies')
    .where('id', '=', id)
    .where('userId', '=', ctx.user.id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound();
  return { ok: true };
}
