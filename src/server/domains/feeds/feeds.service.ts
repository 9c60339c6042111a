import { z } from 'zod';
import { civilDateIn } from '../../../shared/local-time';
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
import { judgedPlace, observanceOfUser } from '../observance/observance.service';
import { observanceFor } from '../observance/tiers';
import { placeById } from '../places/places.service';
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
 * Where and for how long an event takes place: at its place's zone (else the zone its date was
 * written in), on its civil date there, for its length. An event with no known zone stays floating
 * local time.
 */
export function eventTiming(row: {
  date: Date;
  placeId: number | null;
  timeZone: string | null;
  durationMinutes: number | null;
}): Pick<CalendarItem, 'timeZone' | 'durationMinutes' | 'civilDate'> {
  const zone = (row.placeId === null ? null : placeById(row.placeId)?.timeZone) ?? row.timeZone ?? null;
  const civil = row.timeZone ?? zone;
  return {
    timeZone: zone,
    durationMinutes: row.durationMinutes,
    ...(civil ? { civilDate: civilDateIn(row.date, civil) } : {}),
  };
}

interface EventRow {
  id: string;
  title: string;
  venue: string | null;
  notes?: string | null;
  date: Date;
  time: string | null;
  updatedAt: Date;
  placeId: number | null;
  timeZone: string | null;
  durationMinutes: number | null;
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
 * Candle-lighting and havdalah at the user's home place, by their observance settings, for a feed
 * that asked for them; none until a home place is chosen.
 */
export async function feedTimes(db: Db, userId: string, now: Date, stamp: Date): Promise<CalendarItem[]> {
  const { settings, homePlace } = await observanceOfUser(db, userId);
  if (!homePlace) return [];
  return restDayItems(judgedPlace(homePlace), observanceFor(settings, homePlace, homePlace), now, stamp);
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
