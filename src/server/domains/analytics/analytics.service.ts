import { createHash, randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { addDays } from '../../../shared/jewish-calendar';
import {
  type AnalyticsDto,
  type contactRevealInput,
  RESPONSE_FIGURES_DAYS,
  RESPONSE_WINDOW_MINUTES,
  RESPONSIVENESS_MIN_REQUESTS,
  type ResponsivenessDto,
} from '../../../shared/schemas/analytics';
import type { UserDto } from '../../../shared/schemas/auth';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import type { Db } from '../../platform/db/create-db';
import type { Context } from '../../platform/trpc/context';
import { businessMinutesBetween, type RestClock } from '../observance/business-hours';
import {
  countRequest,
  countReveal,
  countView,
  dailyStatsBetween,
  deletePastVisitors,
  quoteFiguresSince,
  requestOutcomesSince,
  saltOfDay,
} from './analytics.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Analytics days are UTC days: every server process and the maintenance job agree on them. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Crawlers, link previews and scripts; not HeadlessChrome, which the browser tests (and some real
 * users' privacy tools) send.
 */
const BOT_AGENT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl|wget|python-requests|httpclient|go-http-client|java\//i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent?.trim() || BOT_AGENT.test(userAgent);
}

/** Each process keeps the day's salt of each database it serves, and asks again the next day. */
const salts = new WeakMap<Db, { day: string; salt: Buffer }>();

async function saltFor(db: Db, day: string): Promise<Buffer> {
  const cached = salts.get(db);
  if (cached?.day === day) return cached.salt;
  const salt = await saltOfDay(db, day, randomBytes(32));
  salts.set(db, { day, salt });
  return salt;
}

/**
 * Who a visitor is for counting, as a salted hash: a signed-in user by their account (one person on
 * a phone and a laptop counts once, and no address is needed), anyone else by address and user
 * agent. Neither the address nor the account id is stored, and the salt is deleted after the day.
 */
function visitorHash(salt: Buffer, ctx: Pick<Context, 'user' | 'ip' | 'userAgent'>): Buffer {
  const who = ctx.user ? `user:${ctx.user.id}` : `${ctx.ip}\n${ctx.userAgent ?? ''}`;
  return createHash('sha256').update(salt).update(who).digest();
}

let lastWarning = 0;
/** Counting problems are worth knowing about, but not once per profile view. */
function warnAtMostEveryMinute(error: unknown) {
  const now = Date.now();
  if (now - lastWarning < 60_000) return;
  lastWarning = now;
  console.warn('profile view not counted:', error instanceof Error ? error.message : error);
}

/**
 * Counts a profile view for the listing's analytics. Never throws: a view that cannot be counted
 * (the database busy, the listing deleted meanwhile) must not cost the visitor the profile. The
 * owner's own views and obvious bots are not counted. One statement, plus the salt once a day.
 */
export async function recordProfileView(
  ctx: Pick<Context, 'db' | 'user' | 'ip' | 'userAgent' | 'now'>,
  listing: { id: string; ownerId: string | null },
): Promise<void> {
  if (ctx.user && ctx.user.id === listing.ownerId) return;
  if (isBot(ctx.userAgent)) return;
  try {
    const day = utcDay(ctx.now());
    const salt = await saltFor(ctx.db, day);
    await countView(ctx.db, listing.id, day, visitorHash(salt, ctx));
  } catch (error) {
    warnAtMostEveryMinute(error);
  }
}

/** A signed-in user clicked Call, Email or Website: counted once per person, kind and day. */
export async function recordContactReveal(
  ctx: Context & { user: UserDto },
  input: z.output<typeof contactRevealInput>,
): Promise<{ ok: true }> {
  // A hidden listing shows no contact details to reveal: it answers as if it did not exist.
  const listing = await ctx.db
    .selectFrom('vendors')
    .select(['id', 'ownerId'])
    .where('id', '=', input.id)
    .where('hidden', '=', false)
    .executeTakeFirst();
  if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound });
  if (listing.ownerId === ctx.user.id) return { ok: true };
  const day = utcDay(ctx.now());
  const salt = await saltFor(ctx.db, day);
  await countReveal(ctx.db, listing.id, day, input.kind, visitorHash(salt, ctx));
  return { ok: true };
}

/** An availability request received, counted in the transaction that stores it. */
export async function countRequestReceived(trx: Db, vendorId: string, now: Date): Promise<void> {
  await countRequest(trx, vendorId, utcDay(now));
}

/** Visitor hashes and salts of past days (the maintenance sweep). */
export async function forgetPastVisitors(db: Db, now: Date) {
  return deletePastVisitors(db, utcDay(now));
}

interface ResponseSummary {
  /** Requests with an outcome: answered, or unanswered past the response window. */
  considered: number;
  inTime: number;
  medianMinutes: number | null;
}

/**
 * The response figures of a listing's requests. A request still inside its 24 business hours has
 * no outcome yet and is left out; so is one marked answered without minutes (answered before the
 * minutes were recorded: its time is unknown).
 */
function summarizeResponses(
  rows: Awaited<ReturnType<typeof requestOutcomesSince>>,
  now: Date,
  clock: RestClock,
): ResponseSummary {
  const answered: number[] = [];
  let overdue = 0;
  for (const row of rows) {
    if (row.responseMinutes !== null) {
      answered.push(row.responseMinutes);
    } else if (row.status === 'sent' || row.status === 'pending') {
      // Business minutes never exceed real ones: a request younger than the window cannot be late.
      const elapsed = (now.getTime() - row.createdAt.getTime()) / 60_000;
      if (elapsed > RESPONSE_WINDOW_MINUTES) {
        if (businessMinutesBetween(row.createdAt, now, clock) > RESPONSE_WINDOW_MINUTES) overdue++;
      }
    }
  }
  return {
    considered: answered.length + overdue,
    inTime: answered.filter((m) => m <= RESPONSE_WINDOW_MINUTES).length,
    medianMinutes: median(answered),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(value);
}

const rate = (s: ResponseSummary) =>
  s.considered === 0 ? null : Math.round((s.inTime / s.considered) * 1000) / 1000;

interface ResponseFigures {
  /** Requests with an outcome in the window. */
  considered: number;
  responseRate: number | null;
  medianResponseMinutes: number | null;
}

/**
 * A listing's response figures: its requests of the last RESPONSE_FIGURES_DAYS days, judged in the
 * listing's time zone. The one computation behind the public profile and the Analytics tab.
 */
async function responseFiguresOf(
  db: Db,
  vendorId: string,
  now: Date,
  clock: RestClock,
): Promise<ResponseFigures> {
  const rows = await requestOutcomesSince(
    db,
    vendorId,
    new Date(now.getTime() - RESPONSE_FIGURES_DAYS * DAY_MS),
  );
  const summary = summarizeResponses(rows, now, clock);
  return {
    considered: summary.considered,
    responseRate: rate(summary),
    medianResponseMinutes: summary.medianMinutes,
  };
}

/**
 * The Analytics tab: the window's days (today, UTC, and the days before it), each present, quiet
 * ones as zeros; totals; and the response figures of the last 90 days' requests, as the public
 * profile shows them; and the window's quotes (sent, accepted, the booked money). Three statements,
 * each one index range scan.
 */
export async function vendorAnalytics(
  db: Db,
  vendorId: string,
  days: number,
  now: Date,
  clock: RestClock,
): Promise<AnalyticsDto> {
  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  const [rows, responses, quotes] = await Promise.all([
    dailyStatsBetween(db, vendorId, from, to),
    responseFiguresOf(db, vendorId, now, clock),
    quoteFiguresSince(db, vendorId, new Date(`${from}T00:00:00Z`)),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const totals = { views: 0, uniqueVisitors: 0, phone: 0, email: 0, website: 0, requests: 0 };
  const daily: AnalyticsDto['daily'] = [];
  const first = Date.parse(`${from}T00:00:00Z`);
  for (let i = 0; i < days; i++) {
    const day = utcDay(new Date(first + i * DAY_MS));
    const r = byDay.get(day);
    const reveals = r ? r.phoneReveals + r.emailReveals + r.websiteReveals : 0;
    daily.push({
      day,
      views: r?.views ?? 0,
      uniqueVisitors: r?.uniqueVisitors ?? 0,
      contactReveals: reveals,
      requests: r?.requests ?? 0,
    });
    if (r) {
      totals.views += r.views;
      totals.uniqueVisitors += r.uniqueVisitors;
      totals.phone += r.phoneReveals;
      totals.email += r.emailReveals;
      totals.website += r.websiteReveals;
      totals.requests += r.requests;
    }
  }
  return {
    vendorId,
    days,
    views: totals.views,
    // A sum of daily uniques: someone visiting on two days counts twice (hashes do not outlive their day).
    uniqueVisitors: totals.uniqueVisitors,
    contactReveals: totals.phone + totals.email + totals.website,
    reveals: { phone: totals.phone, email: totals.email, website: totals.website },
    requests: totals.requests,
    responseRate: responses.responseRate,
    medianResponseMinutes: responses.medianResponseMinutes,
    responseWindowDays: RESPONSE_FIGURES_DAYS,
    quotesSent: quotes.sent,
    quotesAccepted: quotes.accepted,
    acceptanceRate: quotes.closed > 0 ? quotes.accepted / quotes.closed : null,
    bookedRevenue: quotes.revenue,
    daily,
  };
}

/**
 * How fast a listing answers, for its public profile: the same figures as its Analytics tab, shown
 * only once at least RESPONSIVENESS_MIN_REQUESTS requests have an outcome (a rate of one or two
 * requests says little and could shame a new listing).
 */
export async function responsivenessOf(
  db: Db,
  vendorId: string,
  now: Date,
  clock: RestClock,
): Promise<ResponsivenessDto | null> {
  const figures = await responseFiguresOf(db, vendorId, now, clock);
  if (figures.considered < RESPONSIVENESS_MIN_REQUESTS || figures.responseRate === null) return null;
  return {
    requests: figures.considered,
    responseRate: figures.responseRate,
    medianResponseMinutes: figures.medianResponseMinutes,
  };
}
