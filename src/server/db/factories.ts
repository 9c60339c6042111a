import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Role } from '../../shared/constants';
import type { UserDto } from '../../shared/schemas/auth';
import { insertUser } from '../auth/auth.queries';
import { hashPassword } from '../auth/password';
import { syncFamilyMembership } from '../family/family.service';
import type { Db } from './create-db';
import type { MessageThreadsTable, NewVendor } from './types';

/**
 * Row builders shared by the tests and the seed, so that both exercise the same shapes.
 * Each takes the connection first and returns what it inserted.
 */

export const DEFAULT_PASSWORD = 'simcha123';

export interface UserOverrides {
  email?: string;
  password?: string;
  name?: string;
  role?: Role;
  phone?: string | null;
  familyLabel?: string | null;
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
  });
  // Through the same rule as sign-up: the label's first user founds its circle, later ones wait.
  if (user.familyLabel) await syncFamilyMembership(db, user.id, null);
  return { ...user, password };
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
  return db
    .insertInto('events')
    .values({
      userId,
      title: overrides.title ?? 'Family Simcha',
      type: overrides.type ?? 'Other',
      date: overrides.date ?? daysFromNow(90),
      time: overrides.time ?? null,
      venue: overrides.venue ?? null,
      notes: overrides.notes ?? null,
      imageUrl: overrides.imageUrl ?? null,
      isPublic: overrides.isPublic ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTask(
  db: Db,
  eventId: string,
  overrides: { title?: string; description?: string | null; dueDate?: Date | null; completed?: boolean } = {},
) {
  return db
    .insertInto('tasks')
    .values({
      eventId,
      title: overrides.title ?? 'Task',
      description: overrides.description ?? null,
      dueDate: overrides.dueDate ?? null,
      completed: overrides.completed ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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
  return db
    .insertInto('deposits')
    .values({
      eventId,
      vendorName: overrides.vendorName ?? 'Vendor',
      amount: overrides.amount ?? '500.00',
      dueDate: overrides.dueDate ?? daysFromNow(30),
      paid,
      paidDate: paid ? (overrides.paidDate ?? new Date()) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createMemo(
  db: Db,
  eventId: string,
  overrides: { title?: string; content?: string | null } = {},
) {
  return db
    .insertInto('memos')
    .values({ eventId, title: overrides.title ?? 'Memo', content: overrides.content ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createVendor(db: Db, overrides: Partial<NewVendor> = {}) {
  return db
    .insertInto('vendors')
    .values({
      businessName: 'Simcha Vendor',
      category: 'Venues',
      contactEmail: `vendor-${randomUUID().slice(0, 8)}@example.com`,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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
  /** Business minutes to the answer (src/shared/business-hours.ts), as the delivery records them. */
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
  return db
    .insertInto('availabilityRequests')
    .values({
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A conversation between a customer and a listing, without messages (see createMessage). */
export async function createThread(
  db: Db,
  vendorId: string,
  customerId: string,
  overrides: Partial<Omit<Insertable<MessageThreadsTable>, 'vendorId' | 'customerId'>> = {},
) {
  return db
    .insertInto('messageThreads')
    .values({
      subject: 'Question about your availability',
      lastMessageAt: new Date(),
      ...overrides,
      vendorId,
      customerId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One message as stored, without the unread counts, notifications or live events delivery writes. */
export async function createMessage(
  db: Db,
  threadId: string,
  senderId: string,
  receiverId: string | null,
  overrides: { text?: string; createdAt?: Date } = {},
) {
  return db
    .insertInto('messages')
    .values({
      threadId,
      senderId,
      receiverId,
      messageText: overrides.text ?? 'Hello',
      createdAt: overrides.createdAt ?? new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An open report of a conversation by one of its parties. */
export async function createThreadReport(
  db: Db,
  threadId: string,
  reporterId: string,
  overrides: { reason?: string; createdAt?: Date } = {},
) {
  return db
    .insertInto('threadReports')
    .values({
      threadId,
      reporterId,
      reason: overrides.reason ?? 'Rude and threatening messages',
      createdAt: overrides.createdAt ?? new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
