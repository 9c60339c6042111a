import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type {
  depositCreateInput,
  depositUpdateInput,
  eventCreateInput,
  eventUpdateInput,
  memoCreateInput,
  memoUpdateInput,
  taskCreateInput,
  taskUpdateInput,
} from '../../shared/schemas/events';
import type { Db } from '../db/create-db';
import {
  depositColumns,
  findOwnEvent,
  findPublicEventByShareId,
  memoColumns,
  taskColumns,
} from './events.queries';

type Out<T extends z.ZodType> = z.output<T>;

async function reload(db: Db, eventId: string, userId: string) {
  const event = await findOwnEvent(db, eventId, userId);
  if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: 'Event not found' });
  return event;
}

export async function createEvent(db: Db, userId: string, input: Out<typeof eventCreateInput>) {
  const { id } = await db
    .insertInto('events')
    .values({ ...input, userId, isPublic: input.isPublic ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  return reload(db, id, userId);
}

export async function updateEvent(db: Db, userId: string, input: Out<typeof eventUpdateInput>) {
  const { id, ...changes } = input;
  if (Object.keys(changes).length > 0) {
    await db
      .updateTable('events')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .execute();
  }
  return reload(db, id, userId);
}

export async function deleteEvent(db: Db, userId: string, id: string) {
  await db.deleteFrom('events').where('id', '=', id).where('userId', '=', userId).execute();
  return { ok: true as const };
}

export async function createTask(db: Db, input: Out<typeof taskCreateInput>) {
  const { id: eventId, ...values } = input;
  return db
    .insertInto('tasks')
    .values({ ...values, eventId, completed: values.completed ?? false })
    .returning(taskColumns)
    .executeTakeFirstOrThrow();
}

export async function updateTask(db: Db, input: Out<typeof taskUpdateInput>) {
  const { id, ...changes } = input;
  // Setting id to itself keeps the statement valid when nothing else changes.
  return db
    .updateTable('tasks')
    .set({ ...changes, id })
    .where('id', '=', id)
    .returning(taskColumns)
    .executeTakeFirstOrThrow();
}

/** A deposit's paidDate follows its paid flag: set when it becomes paid, cleared when unpaid. */
function paidFields(paid: boolean | undefined, wasPaid: boolean, now: Date) {
  if (paid === undefined || paid === wasPaid) return {};
  return paid ? { paid: true, paidDate: now } : { paid: false, paidDate: null };
}

export async function createDeposit(db: Db, input: Out<typeof depositCreateInput>, now: Date) {
  const { id: eventId, paid, ...values } = input;
  return db
    .insertInto('deposits')
    .values({ ...values, eventId, ...paidFields(paid ?? false, false, now) })
    .returning(depositColumns)
    .executeTakeFirstOrThrow();
}

export async function updateDeposit(db: Db, input: Out<typeof depositUpdateInput>, now: Date) {
  const { id, paid, ...changes } = input;
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('deposits')
      .select('paid')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return trx
      .updateTable('deposits')
      .set({ ...changes, ...paidFields(paid, current.paid, now), id })
      .where('id', '=', id)
      .returning(depositColumns)
      .executeTakeFirstOrThrow();
  });
}

export async function createMemo(db: Db, input: Out<typeof memoCreateInput>) {
  const { id: eventId, ...values } = input;
  return db
    .insertInto('memos')
    .values({ ...values, eventId })
    .returning(memoColumns)
    .executeTakeFirstOrThrow();
}

export async function updateMemo(db: Db, input: Out<typeof memoUpdateInput>) {
  const { id, ...changes } = input;
  return db
    .updateTable('memos')
    .set({ ...changes, id })
    .where('id', '=', id)
    .returning(memoColumns)
    .executeTakeFirstOrThrow();
}

export async function deleteItem(db: Db, table: 'tasks' | 'deposits' | 'memos', id: string) {
  await db.deleteFrom(table).where('id', '=', id).execute();
  return { ok: true as const };
}

export async function sharedEvent(db: Db, shareId: string) {
  const event = await findPublicEventByShareId(db, shareId);
  // A private link and an unknown one look the same, so share ids cannot be probed.
  if (!event) throw new TRPCError({ code: 'NOT_FOUND', message: 'This event is not shared' });
  return event;
}
