import { sql } from 'kysely';
import type { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  type AdminActivityItemDto,
  type AdminHealthDto,
  type AdminStatsDto,
  AUDIT_REFERENCE_KEYS,
  type AuditEntryDto,
  type AuditReferenceDto,
  type AuditReferenceKind,
  type adminAuditDto,
  type adminAuditInput,
} from '../../../shared/schemas/admin';
import type { Db } from '../../platform/db/create-db';
import type { Context } from '../../platform/trpc/context';
import { siteStoredBytes } from '../uploads/uploads.queries';
import { serverErrorsLastHour } from './server-errors';

/**
 * The Overview's figures in one statement. The totals are the counters the database's triggers
 * keep (decision 015): exact, and 16 rows to read instead of 100,000 to count. The two weekly
 * figures are per-day counters of the last 7 UTC calendar days, today included (at most 112 rows);
 * pending claims and open reports (of conversations and of reviews) are small sets on their status
 * indexes. (The benchmark explains
 * this same statement.)
 */
export const platformStatsStatement = () => sql<Record<keyof AdminStatsDto, string>>`
    SELECT
      (SELECT coalesce(sum(value), 0) FROM platform_counters WHERE name = 'users') AS "totalUsers",
      (SELECT coalesce(sum(value), 0) FROM platform_daily_counters
        WHERE name = 'users' AND day > (now() AT TIME ZONE 'UTC')::date - 7) AS "newUsersThisWeek",
      (SELECT coalesce(sum(value), 0) FROM platform_counters WHERE name = 'vendors') AS "totalVendors",
      (SELECT coalesce(sum(value), 0) FROM platform_counters WHERE name = 'vendors_verified') AS "verifiedVendors",
      (SELECT count(*) FROM vendor_claims WHERE status = 'pending') AS "pendingClaims",
      (SELECT count(*) FROM thread_reports WHERE status = 'open')
        + (SELECT count(*) FROM review_reports WHERE status = 'open') AS "openReports",
      (SELECT coalesce(sum(value), 0) FROM platform_daily_counters
        WHERE name = 'messages' AND day > (now() AT TIME ZONE 'UTC')::date - 7) AS "messagesLast7Days"
  `;

export async function platformStats(db: Db): Promise<AdminStatsDto> {
  const { rows } = await platformStatsStatement().execute(db);
  const row = rows[0];
  if (!row) throw new Error('the stats statement returned no row');
  return {
    totalUsers: Number(row.totalUsers),
    newUsersThisWeek: Number(row.newUsersThisWeek),
    totalVendors: Number(row.totalVendors),
    verifiedVendors: Number(row.verifiedVendors),
    pendingClaims: Number(row.pendingClaims),
    openReports: Number(row.openReports),
    messagesLast7Days: Number(row.messagesLast7Days),
  };
}

/** Slower than this to answer `select 1` and the database is not well. */
export const HEALTHY_DB_LATENCY_MS = 250;
/** Mail waiting longer than this means the sender is stuck or the mail service refuses. */
export const HEALTHY_MAIL_WAIT_MS = 15 * 60 * 1000;
/** Any server error in the last hour is worth a look. */
export const HEALTHY_ERRORS_PER_HOUR = 0;

/** From this share of the storage ceiling the health card warns, before uploads are refused at all of it. */
export const HEALTHY_STORAGE_SHARE = 0.9;

/**
 * Real platform health: 'Good' only when the database, the mail queue, the error count and the
 * site's stored files all are.
 */
export async function platformHealth(ctx: Pick<Context, 'db' | 'now' | 'config'>): Promise<AdminHealthDto> {
  const checkedAt = ctx.now();
  const started = performance.now();
  let latencyMs: number | null = null;
  try {
    await sql`select 1`.execute(ctx.db);
    latencyMs = Math.round((performance.now() - started) * 10) / 10;
  } catch {
    // Unreachable: nothing else can be read either.
    return {
      status: 'Down',
      checkedAt,
      database: { ok: false, latencyMs: null },
      mail: { ok: false, backlog: 0, oldestUnsentAt: null, failedLastDay: 0 },
      errors: { ok: false, lastHour: 0 },
      storage: null,
    };
  }
  const [mail, lastHour, usedBytes] = await Promise.all([
    ctx.db
      .selectFrom('mailOutbox')
      .select([
        sql<string>`count(*) FILTER (WHERE status IN ('pending', 'sending'))`.as('backlog'),
        sql<Date | null>`min(created_at) FILTER (WHERE status IN ('pending', 'sending'))`.as('oldest'),
        sql<string>`count(*) FILTER (WHERE status = 'failed' AND created_at > now() - interval '1 day')`.as(
          'failed',
        ),
      ])
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['pending', 'sending']),
          eb.and([eb('status', '=', 'failed'), eb('createdAt', '>', sql<Date>`now() - interval '1 day'`)]),
        ]),
      )
      .executeTakeFirstOrThrow(),
    serverErrorsLastHour(ctx.db),
    siteStoredBytes(ctx.db),
  ]);
  const oldestUnsentAt = mail.oldest ? new Date(mail.oldest) : null;
  const database = { ok: latencyMs <= HEALTHY_DB_LATENCY_MS, latencyMs };
  const mailOk =
    (oldestUnsentAt === null || checkedAt.getTime() - oldestUnsentAt.getTime() <= HEALTHY_MAIL_WAIT_MS) &&
    Number(mail.failed) === 0;
  const errors = { ok: lastHour <= HEALTHY_ERRORS_PER_HOUR, lastHour };
  const ceilingBytes = ctx.config.storageCeilingBytes;
  const storage = { ok: usedBytes < ceilingBytes * HEALTHY_STORAGE_SHARE, usedBytes, ceilingBytes };
  return {
    status: database.ok && mailOk && errors.ok && storage.ok ? 'Good' : 'Degraded',
    checkedAt,
    database,
    mail: {
      ok: mailOk,
      backlog: Number(mail.backlog),
      oldestUnsentAt,
      failedLastDay: Number(mail.failed),
    },
    errors,
    storage,
  };
}

const ACTION_WORDS: Record<string, string> = {
  'claim.approve': 'Approved the claim',
  'claim.reject': 'Rejected the claim',
  'claim.revoke': 'Revoked the claim',
  'vendor.verify': 'Verified the listing',
  'vendor.unverify': 'Took the verified mark from the listing',
  'vendor.hide': 'Hid the listing',
  'vendor.unhide': 'Showed the listing again',
  'user.suspend': 'Suspended the account',
  'user.reinstate': 'Reinstated the account',
  'user.role': 'Changed the role of the account',
  'report.dismiss': 'Dismissed the report',
  'report.suspend_sender': 'Suspended the sender of the reported conversation',
  'review.hide': 'Hid the review',
  'review.unhide': 'Showed the review again',
  'review.dismiss_report': 'Dismissed a report of the review',
  'kashrut.verify': 'Verified the kashrut certificate of the listing',
  'kashrut.reject': 'Did not accept the kashrut certificate of the listing',
};

/** An admin action in words, for the feed and the Activity view. */
export function describeAction(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

function clip(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The latest sign-ups, claims, reports and admin actions, newest first. Each kind reads at most
 * `limit` rows along its own time index, so the feed costs four short index scans however large
 * the tables grow.
 */
export async function activityFeed(db: Db, limit: number): Promise<AdminActivityItemDto[]> {
  const [signups, claims, reports, actions] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('vendorClaims as c')
      .innerJoin('users as u', 'u.id', 'c.userId')
      .select(['c.id', 'c.businessName', 'c.status', 'c.createdAt', 'u.email'])
      .orderBy('c.createdAt', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('threadReports as r')
      .innerJoin('users as u', 'u.id', 'r.reporterId')
      .select(['r.id', 'r.reason', 'r.createdAt', 'u.email'])
      .orderBy('r.createdAt', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('auditLog')
      .select(['id', 'actorEmail', 'action', 'reason', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const items: AdminActivityItemDto[] = [
    ...signups.map((u) => ({
      kind: 'signup' as const,
      id: u.id,
      at: u.createdAt,
      actorEmail: u.email,
      summary: `Signed up as ${u.role === 'admin' ? 'an admin' : `a ${u.role}`}`,
      about: { role: u.role },
      tab: 'users' as const,
    })),
    ...claims.map((c) => {
      const businessName = clip(c.businessName);
      return {
        kind: 'claim' as const,
        id: c.id,
        at: c.createdAt,
        actorEmail: c.email,
        summary: `Claimed ${businessName}${c.status === 'pending' ? '' : ` (${c.status})`}`,
        about: { businessName, status: c.status },
        tab: 'claims' as const,
      };
    }),
    ...reports.map((r) => {
      const reason = clip(r.reason);
      return {
        kind: 'report' as const,
        id: r.id,
        at: r.createdAt,
        actorEmail: r.email,
        summary: `Reported a conversation: ${reason}`,
        about: { reason },
        tab: 'users' as const,
      };
    }),
    ...actions.map((a) => {
      const reason = a.reason ? clip(a.reason) : undefined;
      return {
        kind: 'admin' as const,
        id: a.id,
        at: a.createdAt,
        actorEmail: a.actorEmail,
        summary: reason === undefined ? describeAction(a.action) : `${describeAction(a.action)}: ${reason}`,
        about: reason === undefined ? { action: a.action } : { action: a.action, reason },
        tab: 'activity' as const,
      };
    }),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id)).slice(0, limit);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of the audit log, newest first: by target id, by actor (id or e-mail) and by action. The
 * target's current name is joined where it still exists; the row itself never changes.
 */
export async function auditPage(
  db: Db,
  input: z.output<typeof adminAuditInput>,
): Promise<z.infer<typeof adminAuditDto>> {
  let query = db.selectFrom('auditLog as a');
  const target = input.target?.trim();
  if (target) query = query.where('a.targetId', '=', target);
  const actor = input.actor?.trim();
  if (actor) {
    query = UUID.test(actor)
      ? query.where('a.actorId', '=', actor)
      : query.where(sql<boolean>`lower(a.actor_email) = lower(${actor})`);
  }
  if (input.action) query = query.where('a.action', '=', input.action);

  const [countRow, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    query
      .leftJoin('vendors as v', (j) => j.on('a.targetType', '=', 'vendor').onRef('v.id', '=', 'a.targetId'))
      .leftJoin('users as u', (j) => j.on('a.targetType', '=', 'user').onRef('u.id', '=', 'a.targetId'))
      .leftJoin('vendorClaims as c', (j) =>
        j.on('a.targetType', '=', 'claim').onRef('c.id', '=', 'a.targetId'),
      )
      .select([
        'a.id',
        'a.actorId',
        'a.actorEmail',
        'a.action',
        'a.targetType',
        'a.targetId',
        'a.reason',
        'a.before',
        'a.after',
        'a.createdAt',
        sql<string | null>`coalesce(v.business_name, u.email, c.business_name)`.as('targetLabel'),
      ])
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(ADMIN_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_PAGE_SIZE)
      .execute(),
  ]);
  const wanted = rows.map(referencedIds);
  const found = await namesOf(db, wanted.flat());
  const items: AuditEntryDto[] = rows.map((r, i) => ({
    ...r,
    targetLabel: r.targetLabel ?? null,
    references: (wanted[i] ?? []).map(
      (ref) => found.get(`${ref.kind}:${ref.id}`) ?? { ...ref, name: null, email: null },
    ),
  }));
  return { items, total: Number(countRow.total), page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

type Wanted = { kind: AuditReferenceKind; id: string };

const REFERENCE_KINDS: Record<string, AuditReferenceKind | undefined> = AUDIT_REFERENCE_KEYS;
const TARGET_KINDS: Record<string, AuditReferenceKind | undefined> = {
  user: 'user',
  vendor: 'vendor',
  claim: 'claim',
};

/** The row's target and every id under a known key of its before and after, each once. */
function referencedIds(row: {
  targetType: string;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}): Wanted[] {
  const seen = new Map<string, Wanted>();
  const add = (kind: AuditReferenceKind | undefined, id: unknown) => {
    if (!kind || typeof id !== 'string' || !UUID.test(id)) return;
    const lower = id.toLowerCase();
    seen.set(`${kind}:${lower}`, { kind, id: lower });
  };
  add(TARGET_KINDS[row.targetType], row.targetId);
  for (const values of [row.before, row.after]) {
    for (const [key, value] of Object.entries(values ?? {})) {
      const kind = REFERENCE_KINDS[key];
      for (const id of Array.isArray(value) ? value : [value]) add(kind, id);
    }
  }
  return [...seen.values()];
}

/**
 * The current names of the people, listings and claims a page of the log names: one query for the
 * whole page, whatever it holds. What is not found was deleted.
 */
async function namesOf(db: Db, wanted: Wanted[]): Promise<Map<string, AuditReferenceDto>> {
  const idsOf = (kind: AuditReferenceKind) => [
    ...new Set(wanted.filter((w) => w.kind === kind).map((w) => w.id)),
  ];
  const users = idsOf('user');
  const vendors = idsOf('vendor');
  const claims = idsOf('claim');
  const found = new Map<string, AuditReferenceDto>();
  if (users.length + vendors.length + claims.length === 0) return found;
  // An empty list still makes a valid (empty) branch: `= any('{}')` matches nothing.
  const { rows } = await sql<AuditReferenceDto>`
    select id, 'user' as kind, name, email from users where id = any(${users}::uuid[])
    union all
    select id, 'vendor', business_name, null from vendors where id = any(${vendors}::uuid[])
    union all
    select id, 'claim', business_name, null from vendor_claims where id = any(${claims}::uuid[])`.execute(db);
  for (const row of rows) found.set(`${row.kind}:${row.id}`, row);
  return found;
}
