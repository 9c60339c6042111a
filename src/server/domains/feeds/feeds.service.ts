import { z } from 'zod';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  type CreateFeedInput,
  calendarFeedPath,
  type FeedStatusDto,
  type FeedUrlDto,
} from '../../../shared/schemas/calendar-feeds';
import type { Db } from '../../platform/db/create-db';
import { newSecretToken, sha256Hex } from '../../platform/tokens';
import type { Context } from '../../platform/trpc/context';
import type { ClockPlace } from '../calendar/clock';
import {
  deleteFeed,
  findCircleEventForFile,
  findFeedByTokenHash,
  findFeedOfUser,
  findOwnEventForFile,
  findSharedEventForFile,
  listCircleEventsForFeed,
  listOwnEventsForFeed,
  upsertFeed,
} from './feeds.queries';
import { type CalendarItem, calendarText, eventUid } from './ics';
import { restDayItems } from './rest-day-times';

/**
 * Calendar feeds (issue 28): a secret address per user that a calendar app subscribes to, and .ics
 * files of single events. Only the SHA-256 of a feed's token is stored, as for sessions and links.
 */

type SignedIn = Context & { user: UserDto };

export async function createFeed(ctx: SignedIn, input: CreateFeedInput): Promise<FeedUrlDto> {
  const token = newSecretToken();
  await upsertFeed(ctx.db, ctx.user.id, sha256Hex(token), input?.includeTimes ?? false);
  return { url: `${ctx.config.appUrl}${calendarFeedPath(token)}` };
}

export async function revokeFeed(ctx: SignedIn): Promise<{ ok: true }> {
  await deleteFeed(ctx.db, ctx.user.id);
  return { ok: true };
}

export async function feedStatus(ctx: SignedIn): Promise<FeedStatusDto> {
  const feed = await findFeedOfUser(ctx.db, ctx.user.id);
  return feed
    ? { active: true, includeTimes: feed.includeTimes, createdAt: feed.createdAt }
    : { active: false, includeTimes: false, createdAt: null };
}

/**
 * Where and for how long an event takes place, as far as the events table tells it. Events have no
 * place or end yet: every timed event is floating local time lasting the default duration. When
 * events gain a place (with its IANA zone) and a duration, this is the one function to change.
 */
export function eventTiming(_row: { id: string }): Pick<CalendarItem, 'timeZone' | 'durationMinutes'> {
  return { timeZone: null, durationMinutes: null };
}

interface EventRow {
  id: string;
  title: string;
  venue: string | null;
  notes?: string | null;
  date: Date;
  time: string | null;
  updatedAt: Date;
}

function eventItem(row: EventRow, uid = eventUid(row.id)): CalendarItem {
  return {
    uid,
    title: row.title,
    venue: row.venue,
    notes: row.notes ?? null,
    date: row.date,
    time: row.time,
    updatedAt: row.updatedAt,
    ...eventTiming(row),
  };
}

/**
 * The user's home place, for the candle-lighting and havdalah of their feed. Users have no home
 * place yet: this answers null (and a feed that asked for times carries none) until one can be read
 * for the user, with its coordinates and its zone from them.
 */
export async function homePlaceOf(_db: Db, _userId: string): Promise<ClockPlace | null> {
  return null;
}

/** Candle-lighting and havdalah at the user's home place, for a feed that asked for them. */
export async function feedTimes(db: Db, userId: string, now: Date, stamp: Date): Promise<CalendarItem[]> {
  const place = await homePlaceOf(db, userId);
  return place ? restDayItems(place, now, stamp) : [];
}

/** The calendar behind a feed token, or null when no feed has it (never made, replaced or revoked). */
export async function feedCalendar(db: Db, token: string, now: Date): Promise<string | null> {
  const feed = await findFeedByTokenHash(db, sha256Hex(token));
  if (!feed) return null;
  const [own, circle, times] = await Promise.all([
    listOwnEventsForFeed(db, feed.userId),
    listCircleEventsForFeed(db, feed.userId),
    feed.includeTimes ? feedTimes(db, feed.userId, now, feed.createdAt) : Promise.resolve([]),
  ]);
  const items = [
    ...own.map((row) => eventItem(row)),
    // The user's own events come with their notes above; the circle's list includes them too.
    ...circle.filter((row) => row.ownerId !== feed.userId).map((row) => eventItem(row)),
    ...times,
  ];
  return calendarText('SimchaHub', items);
}

const uuid = z.uuid();

/** An event's calendar file, for its owner (with notes) or a member of its family circle; else null. */
export async function eventCalendar(
  db: Db,
  eventId: string,
  userId: string,
): Promise<{ ics: string; title: string } | null> {
  // Not an id at all: missing, like any event the caller may not see.
  if (!uuid.safeParse(eventId).success) return null;
  const row =
    (await findOwnEventForFile(db, eventId, userId)) ?? (await findCircleEventForFile(db, eventId, userId));
  if (!row) return null;
  return { ics: calendarText(row.title, [eventItem(row)]), title: row.title };
}

/**
 * A shared event's calendar file, only while its link is on (as the share page decides). Its UID is
 * made from the share id: the public link never tells the event's own id.
 */
export async function sharedEventCalendar(
  db: Db,
  shareId: string,
): Promise<{ ics: string; title: string } | null> {
  if (!uuid.safeParse(shareId).success) return null;
  const row = await findSharedEventForFile(db, shareId);
  if (!row) return null;
  const item = eventItem({ ...row, id: row.shareId }, `${row.shareId}@simchahub`);
  return { ics: calendarText(row.title, [item]), title: row.title };
}
