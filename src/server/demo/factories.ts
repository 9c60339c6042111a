import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Role } from '../../shared/constants';
import type { Language } from '../../shared/i18n';
import type { UserDto } from '../../shared/schemas/auth';
import { issueConfirmationToken, redeemConfirmationToken } from '../domains/auth/email-confirmation';
import { hashPassword } from '../domains/auth/password';
import { syncFamilyMembership } from '../domains/family/family.service';
import { fileThreadReport, reportedPartyOf } from '../domains/messages/messages.delivery';
import { findUserById, insertUser } from '../domains/users/users.queries';
import { withDerivedColumns } from '../domains/vendors/vendors.queries';
import type { Db } from '../platform/db/create-db';
import type { Database, MessageThreadsTable, NewVendor } from '../platform/db/types';

/**
 * Row builders shared by the tests and the seed, so that both exercise the same shapes.
 * Each takes the connection first and returns what it inserted.
 */

/** Inserts one row into `table` and returns it as stored. */
function insertRow<T extends keyof Database & string>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
): Promise<Selectable<Database[T]>> {
  return db.insertInto(table).values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * The values `overrides` sets: one left out, undefined or null keeps the factory's default, as
 * `overrides.x ?? default` would.
 */
function given<T extends object>(overrides: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined && value !== null),
  ) as Partial<T>;
}

export const DEFAULT_PASSWORD = 'simcha123';

export interface UserOverrides {
  email?: string;
  password?: string;
  name?: string;
  role?: Role;
  phone?: string | null;
  familyLabel?: string | null;
  /** Confirm the address as its owner would, through a link (no mail is written). Unconfirmed by default, as after sign-up. */
  emailConfirmed?: boolean;
  /** The language of the account; English (the column's default) when absent. */
  language?: Language;
}

export async function createUser(
  db: Db,
  overrides: UserOverrides = {},
): Promise<UserDto & { password: string }> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const user = await insertUser(db, {
    email: overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await hashPassword(password),
    name: overrides.name ?? 'Test User',
    role: overrides.role ?? 'customer',
    phone: overrides.phone ?? null,
    familyLabel: overrides.familyLabel ?? null,
    ...(overrides.language ? { language: overrides.language } : {}),
  });
  // Through the same rule as sign-up: the label's first user founds its circle, later ones wait.
  if (user.familyLabel) await syncFamilyMembership(db, user.id, null);
  if (!overrides.emailConfirmed) return { ...user, password };
  // As its owner would: a link for the address, opened (no mail is written for it).
  const now = new Date();
  await redeemConfirmationToken(db, await issueConfirmationToken(db, user, now), now);
  return { ...user, emailConfirmedAt: (await findUserById(db, user.id))?.emailConfirmedAt ?? null, password };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysFromNow(days: number, from: Date = new Date()): Date {
  const d = new Date(from.getTime() + days * DAY_MS);
  d.setUTCHours(0, 0, 0, 0);
  return d;
}

export interface EventOverrides {
  title?: string;
  type?: string;
  date?: Date;
  time?: string | null;
  venue?: string | null;
  notes?: string | null;
  imageUrl?: string | null;
  isPublic?: boolean;
}

export async function createEvent(db: Db, userId: string, overrides: EventOverrides = {}) {
  return insertRow(db, 'events', {
    title: 'Family Simcha',
    type: 'Other',
    date: daysFromNow(90),
    time: null,
    venue: null,
    notes: null,
    imageUrl: null,
    isPublic: false,
    ...given(overrides),
    userId,
  });
}

export interface TaskOverrides {
  title?: string;
  description?: string | null;
  dueDate?: Date | null;
  completed?: boolean;
}

export async function createTask(db: Db, eventId: string, overrides: TaskOverrides = {}) {
  const defaults = { title: 'Task', description: null, dueDate: null, completed: false };
  return insertRow(db, 'tasks', { ...defaults, ...given(overrides), eventId });
}

export async function createDeposit(
  db: Db,
  eventId: string,
  overrides: {
    vendorName?: string;
    amount?: string;
    dueDate?: Date;
    paid?: boolean;
    paidDate?: Date | null;
  } = {},
) {
  const paid = overrides.paid ?? false;
  return insertRow(db, 'deposits', {
    eventId,
    vendorName: overrides.vendorName ?? 'Vendor',
    amount: overrides.amount ?? '500.00',
    dueDate: overrides.dueDate ?? daysFromNow(30),
    paid,
    paidDate: paid ? (overrides.paidDate ?? new Date()) : null,
  });
}

export async function createMemo(
  db: Db,
  eventId: string,
  overrides: { title?: string; content?: string | null } = {},
) {
  return insertRow(db, 'memos', { title: 'Memo', content: null, ...given(overrides), eventId });
}

export async function createVendor(db: Db, overrides: Partial<NewVendor> = {}) {
  return insertRow(
    db,
    'vendors',
    withDerivedColumns({
      businessName: 'Simcha Vendor',
      category: 'Venues',
      contactEmail: `vendor-${randomUUID().slice(0, 8)}@example.com`,
      ...overrides,
    }),
  );
}

export interface AvailabilityRequestOverrides {
  eventId?: string | null;
  threadId?: string | null;
  message?: string;
  eventType?: string;
  eventDate?: Date;
  eventTime?: string | null;
  guestCount?: number;
  budgetMin?: string | null;
  budgetMax?: string | null;
  city?: string | null;
  createdAt?: Date;
  /** The vendor's answer: marks the request responded at respondedAt (default createdAt). */
  response?: string | null;
  respondedAt?: Date | null;
  /** Business minutes to the answer (domains/observance/business-hours.ts), as the delivery records them. */
  responseMinutes?: number | null;
  status?: 'sent' | 'pending' | 'responded' | 'declined';
}

/** An availability request as stored, without its thread's messages (the service writes those). */
export async function createAvailabilityRequest(
  db: Db,
  vendorId: string,
  userId: string,
  overrides: AvailabilityRequestOverrides = {},
) {
  const createdAt = overrides.createdAt ?? new Date();
  const answered = overrides.response !== undefined && overrides.response !== null;
  return insertRow(db, 'availabilityRequests', {
    vendorId,
    userId,
    eventId: overrides.eventId ?? null,
    threadId: overrides.threadId ?? null,
    message: overrides.message ?? 'Are you available?',
    eventType: overrides.eventType ?? 'Wedding',
    eventDate: overrides.eventDate ?? daysFromNow(120, createdAt),
    eventTime: overrides.eventTime ?? null,
    guestCount: overrides.guestCount ?? 100,
    budgetMin: overrides.budgetMin ?? null,
    budgetMax: overrides.budgetMax ?? null,
    city: overrides.city ?? null,
    response: overrides.response ?? null,
    status: overrides.status ?? (answered || overrides.responseMinutes != null ? 'responded' : 'sent'),
    respondedAt: overrides.respondedAt ?? (answered ? createdAt : null),
    responseMinutes: overrides.responseMinutes ?? null,
    createdAt,
  });
}

/** A conversation between a customer and a listing, without messages (see createMessage). */
export async function createThread(
  db: Db,
  vendorId: string,
  customerId: string,
  overrides: Partial<Omit<Insertable<MessageThreadsTable>, 'vendorId' | 'customerId'>> = {},
) {
  return insertRow(db, 'messageThreads', {
    subject: 'Question about your availability',
    lastMessageAt: new Date(),
    ...overrides,
    vendorId,
    customerId,
  });
}

/** One message as stored, without the unread counts, notifications or live events delivery writes. */
export async function createMessage(
  db: Db,
  threadId: string,
  senderId: string,
  receiverId: string | null,
  overrides: { text?: string; createdAt?: Date } = {},
) {
  return insertRow(db, 'messages', {
    threadId,
    senderId,
    receiverId,
    messageText: overrides.text ?? 'Hello',
    createdAt: overrides.createdAt ?? new Date(),
  });
}

/** An open report of a conversation by one of its parties. */
export async function createThreadReport(
  db: Db,
  threadId: string,
  reporterId: string,
  overrides: { reason?: string; createdAt?: Date } = {},
) {
  const thread = await db
    .selectFrom('messageThreads as t')
    .innerJoin('vendors as v', 'v.id', 't.vendorId')
    .select(['t.customerId', 'v.ownerId'])
    .where('t.id', '=', threadId)
    .executeTakeFirstOrThrow();
  const filed = await fileThreadReport(db, {
    threadId,
    reporterId,
    reportedId: reportedPartyOf(thread, reporterId),
    reason: overrides.reason ?? 'Rude and threatening messages',
    createdAt: overrides.createdAt ?? new Date(),
  });
  if (!filed) throw new Error('the reporter has an open report on this thread already');
  return db.selectFrom('threadReports').selectAll().where('id', '=', filed.id).executeTakeFirstOrThrow();
}
