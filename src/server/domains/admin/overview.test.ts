import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import {
  createMessage,
  createThread,
  createThreadReport,
  createUser,
  createVendor,
} from '../../demo/factories';
import { recordAudit } from '../../platform/audit';
import { createBooking } from '../../test/booking-fixture';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { HEALTHY_MAIL_WAIT_MS } from './overview.service';
import { recordServerError, serverErrorsLastHour } from './server-errors';

const h = harnessForFile();
let admin: Party;

beforeAll(async () => {
  admin = await h.signedIn('admin', { email: `overview-${tag()}@simchahub.test` });
});

function tag(): string {
  return randomBytes(5).toString('hex');
}

/** Moves an account's creation time (factories create accounts now). */
async function bornAt<T extends { id: string }>(user: T, createdAt: Date): Promise<T> {
  await sql`UPDATE users SET created_at = ${createdAt} WHERE id = ${user.id}`.execute(h.db);
  return user;
}

/** The figures counted the slow way, to hold the counters to. */
async function countedStats() {
  const { rows } = await sql<Record<string, string>>`
    SELECT
      (SELECT count(*) FROM users) AS "totalUsers",
      (SELECT count(*) FROM users WHERE created_at >= ((now() AT TIME ZONE 'UTC')::date - 6)::timestamp AT TIME ZONE 'UTC') AS "newUsersThisWeek",
      (SELECT count(*) FROM vendors) AS "totalVendors",
      (SELECT count(*) FROM vendors WHERE verified) AS "verifiedVendors",
      (SELECT count(*) FROM vendor_claims WHERE status = 'pending') AS "pendingClaims",
      (SELECT count(*) FROM thread_reports WHERE status = 'open')
        + (SELECT count(*) FROM review_reports WHERE status = 'open') AS "openReports",
      (SELECT count(*) FROM messages WHERE created_at >= ((now() AT TIME ZONE 'UTC')::date - 6)::timestamp AT TIME ZONE 'UTC') AS "messagesLast7Days"
  `.execute(h.db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

describe('who may read the Overview', () => {
  const paths = ['/api/admin/stats', '/api/admin/health', '/api/admin/activity', '/api/admin/audit'];

  it('answers a guest 401 and customers and vendors 403 with the spec texts, over REST and tRPC', async () => {
    const customer = await h.signedIn('customer');
    const vendor = await h.signedIn('vendor');
    for (const path of paths) {
      const guest = await h.request('GET', path, null);
      expect(guest.statusCode, path).toBe(401);
      expect(guest.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.notSignedIn });
      for (const who of [customer, vendor]) {
        const res = await h.request('GET', path, who);
        expect(res.statusCode, `${who.user.role} ${path}`).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.forbidden });
      }
      expect((await h.request('GET', path, admin)).statusCode, path).toBe(200);
    }
    expect(await rejection(h.anonymous().caller.admin.overview.stats())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: ADMIN_MESSAGES.notSignedIn,
    });
    expect(await rejection(vendor.caller.admin.overview.audit({ page: 1 }))).toMatchObject({
      code: 'FORBIDDEN',
      message: ADMIN_MESSAGES.forbidden,
    });
  });
});

describe('the platform figures', () => {
  it('match the data exactly as users and listings come, change and go', async () => {
    expect(await admin.caller.admin.overview.stats()).toEqual(await countedStats());

    const [leaving] = await Promise.all([1, 2, 3].map(() => createUser(h.db)));
    const [first, second] = await Promise.all([
      createVendor(h.db, { verified: true }),
      createVendor(h.db),
      createVendor(h.db),
    ]);
    // An old account: counted in the total, not among this week's.
    await bornAt(await createUser(h.db), new Date(Date.now() - 30 * 86_400_000));
    await h.db.updateTable('vendors').set({ verified: true }).where('id', '=', second.id).execute();
    await h.db.updateTable('vendors').set({ verified: false }).where('id', '=', first.id).execute();
    // Updates that do not touch verified leave the counters alone.
    await h.db
      .updateTable('vendors')
      .set({ description: 'Still verified' })
      .where('id', '=', second.id)
      .execute();
    const before = await admin.caller.admin.overview.stats();
    expect(before).toEqual(await countedStats());

    await h.db.deleteFrom('vendors').where('id', '=', second.id).execute();
    await h.db
      .deleteFrom('users')
      .where('id', '=', (leaving as { id: string }).id)
      .execute();
    const after = await admin.caller.admin.overview.stats();
    expect(after).toEqual(await countedStats());
    expect(after.totalVendors).toBe(before.totalVendors - 1);
    expect(after.verifiedVendors).toBe(before.verifiedVendors - 1);
    expect(after.totalUsers).toBe(before.totalUsers - 1);

    // A reported review is an open report too, until an admin decides.
    const reviewer = await createUser(h.db);
    const booking = await createBooking(h.db, first.id, reviewer.id, {
      day: '2026-01-11',
      status: 'completed',
    });
    const review = await h.db
      .insertInto('reviews')
      .values({
        bookingId: booking.id,
        vendorId: first.id,
        authorId: reviewer.id,
        rating: 2,
        text: 'The band arrived an hour late and left before the last dance.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('reviewReports')
      .values({ reviewId: review.id, reporterId: null, reason: 'Not true' })
      .execute();
    const reported = await admin.caller.admin.overview.stats();
    expect(reported.openReports).toBe(after.openReports + 1);
    expect(reported).toEqual(await countedStats());
    await h.db
      .updateTable('reviewReports')
      .set({ status: 'dismissed' })
      .where('reviewId', '=', review.id)
      .execute();
    expect((await admin.caller.admin.overview.stats()).openReports).toBe(after.openReports);
  });

  it('counts pending claims, open reports and the last 7 days of messages', async () => {
    const before = await admin.caller.admin.overview.stats();
    const customer = await createUser(h.db);
    const owner = await createUser(h.db, { role: 'vendor' });
    const listing = await createVendor(h.db, { ownerId: owner.id, claimed: true });
    const thread = await createThread(h.db, listing.id, customer.id);
    await createMessage(h.db, thread.id, customer.id, owner.id);
    await createMessage(h.db, thread.id, customer.id, owner.id, {
      createdAt: new Date(Date.now() - 8 * 86_400_000),
    });
    await createThreadReport(h.db, thread.id, owner.id);
    const after = await admin.caller.admin.overview.stats();
    expect(after.messagesLast7Days).toBe(before.messagesLast7Days + 1);
    expect(after.openReports).toBe(before.openReports + 1);
    expect(after).toEqual(await countedStats());
  });

  it('answers GET /api/admin/stats with the spec four and the Overview figures', async () => {
    const res = await h.request('GET', '/api/admin/stats', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await countedStats());
  });
});

describe('platform health', () => {
  beforeEach(async () => {
    await h.db.deleteFrom('serverErrorMinutes').execute();
    await h.db.deleteFrom('mailOutbox').where('status', 'in', ['pending', 'sending', 'failed']).execute();
  });

  it("is 'Good' with a quick database, no waiting mail and no server errors", async () => {
    const health = await admin.caller.admin.overview.health();
    expect(health).toMatchObject({
      status: 'Good',
      database: { ok: true },
      mail: { ok: true, backlog: 0, oldestUnsentAt: null, failedLastDay: 0 },
      errors: { ok: true, lastHour: 0 },
    });
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("is 'Degraded' after a server error, counted from every process in the database", async () => {
    await recordServerError(h.db);
    await recordServerError(h.db);
    // An hour and a minute ago: outside the window.
    await h.db
      .insertInto('serverErrorMinutes')
      .values({ minute: sql`date_trunc('minute', now()) - interval '61 minutes'`, count: 5 })
      .execute();
    expect(await serverErrorsLastHour(h.db)).toBe(2);
    const health = await admin.caller.admin.overview.health();
    expect(health).toMatchObject({
      status: 'Degraded',
      errors: { ok: false, lastHour: 2 },
      mail: { ok: true },
    });
  });

  it('counts a 5xx answer the server sends', async () => {
    // A broken session cookie cannot make a 500; a route whose database read fails can. Dropping a
    // table the health check does not need is the least intrusive real fault: use a transaction-
    // free rename and put it back.
    await sql`ALTER TABLE platform_counters RENAME TO platform_counters_away`.execute(h.db);
    try {
      const res = await h.request('GET', '/api/admin/stats', admin);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`ALTER TABLE platform_counters_away RENAME TO platform_counters`.execute(h.db);
    }
    await expect.poll(() => serverErrorsLastHour(h.db)).toBe(1);
    expect((await admin.caller.admin.overview.health()).status).toBe('Degraded');
  });

  it("is 'Degraded' while mail waits longer than the sender should take, or failed for good", async () => {
    const user = await createUser(h.db);
    const mail = {
      kind: 'test',
      userId: user.id,
      toAddress: user.email,
      subject: 'Waiting',
      textBody: 'x',
      htmlBody: '<p>x</p>',
    };
    await h.db.insertInto('mailOutbox').values(mail).execute();
    const fresh = await admin.caller.admin.overview.health();
    expect(fresh).toMatchObject({ status: 'Good', mail: { ok: true, backlog: 1 } });

    const old = new Date(Date.now() - HEALTHY_MAIL_WAIT_MS - 60_000);
    await h.db
      .insertInto('mailOutbox')
      .values({ ...mail, createdAt: old })
      .execute();
    const stuck = await admin.caller.admin.overview.health();
    expect(stuck).toMatchObject({ status: 'Degraded', mail: { ok: false, backlog: 2 } });
    expect(stuck.mail.oldestUnsentAt?.getTime()).toBe(old.getTime());

    await h.db.deleteFrom('mailOutbox').where('status', '=', 'pending').execute();
    await h.db
      .insertInto('mailOutbox')
      .values({ ...mail, status: 'failed' })
      .execute();
    expect(await admin.caller.admin.overview.health()).toMatchObject({
      status: 'Degraded',
      mail: { ok: false, backlog: 0, failedLastDay: 1 },
    });
  });
});

describe('the activity feed', () => {
  it('merges the latest sign-ups, claims, reports and admin actions, newest first, up to the limit', async () => {
    const base = Date.now() + 60_000;
    const at = (s: number) => new Date(base + s * 1000);
    const newcomer = await bornAt(await createUser(h.db, { role: 'vendor' }), at(1));
    const claimant = await bornAt(await createUser(h.db), at(0));
    const claim = await h.db
      .insertInto('vendorClaims')
      .values({
        userId: claimant.id,
        businessName: 'Feed Test Hall',
        businessDescription: 'x',
        businessAddress: 'x',
        businessPhone: 'x',
        businessEmail: 'x@example.com',
        ownershipProof: 'x',
        createdAt: at(2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await bornAt(await createUser(h.db, { role: 'vendor' }), at(-1));
    const listing = await createVendor(h.db, { ownerId: owner.id, claimed: true });
    const thread = await createThread(h.db, listing.id, claimant.id);
    const report = await createThreadReport(h.db, thread.id, owner.id, {
      reason: 'Rude messages',
      createdAt: at(3),
    });
    await h.db.transaction().execute((trx) =>
      recordAudit(trx, {
        actor: admin.user,
        action: 'vendor.hide',
        targetType: 'vendor',
        targetId: listing.id,
        reason: 'Spam listing',
      }),
    );
    // The audit row takes the database's time (now), so it sorts after the rows dated a minute ahead.
    const feed = await admin.caller.admin.overview.activity({ limit: 5 });
    expect(feed).toHaveLength(5);
    const times = feed.map((item) => item.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const future = feed.filter((item) => item.at.getTime() >= base - 1000);
    expect(future.map((item) => [item.kind, item.id])).toEqual([
      ['report', report.id],
      ['claim', claim.id],
      ['signup', newcomer.id],
      ['signup', claimant.id],
      ['signup', owner.id],
    ]);
    expect(future[0]).toMatchObject({
      summary: 'Reported a conversation: Rude messages',
      about: { reason: 'Rude messages' },
      tab: 'users',
    });
    expect(future[1]).toMatchObject({
      summary: 'Claimed Feed Test Hall',
      about: { businessName: 'Feed Test Hall', status: 'pending' },
      actorEmail: claimant.email,
    });
    expect(future[2]).toMatchObject({
      summary: 'Signed up as a vendor',
      about: { role: 'vendor' },
      tab: 'users',
    });

    const withAction = await admin.caller.admin.overview.activity({ limit: 100 });
    expect(withAction.find((item) => item.kind === 'admin')).toMatchObject({
      summary: 'Hid the listing: Spam listing',
      about: { action: 'vendor.hide', reason: 'Spam listing' },
      actorEmail: admin.user.email,
      tab: 'activity',
    });
    const rest = await h.request('GET', '/api/admin/activity?limit=2', admin);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toHaveLength(2);
    expect(rest.json()[0]).toMatchObject({
      summary: 'Reported a conversation: Rude messages',
      about: { reason: 'Rude messages' },
    });
    const tooMany = await h.request('GET', '/api/admin/activity?limit=1000', admin);
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it('pages newest first and filters by target, actor and action, naming targets that still exist', async () => {
    const other = await h.signedIn('admin', { email: `Other-${tag()}@SimchaHub.test` });
    const listing = await createVendor(h.db, { businessName: `Audit Hall ${tag()}` });
    const user = await createUser(h.db);
    await h.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
        await recordAudit(trx, {
          actor: other.user,
          action: i % 2 ? 'vendor.hide' : 'vendor.unhide',
          targetType: 'vendor',
          targetId: listing.id,
          reason: `step ${i}`,
          before: { hidden: i % 2 === 0 },
          after: { hidden: i % 2 === 1 },
        });
      }
      await recordAudit(trx, {
        actor: other.user,
        action: 'user.suspend',
        targetType: 'user',
        targetId: user.id,
        reason: 'Spam',
      });
    });

    const first = await admin.caller.admin.overview.audit({ target: listing.id, page: 1 });
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({
      actorId: other.user.id,
      targetLabel: listing.businessName,
      targetType: 'vendor',
    });
    const second = await admin.caller.admin.overview.audit({ target: listing.id, page: 2 });
    expect(second.items).toHaveLength(2);
    const ids = new Set([...first.items, ...second.items].map((i) => i.id));
    expect(ids.size).toBe(ADMIN_PAGE_SIZE + 2);

    const byEmail = await admin.caller.admin.overview.audit({
      actor: other.user.email.toUpperCase(),
      page: 1,
    });
    expect(byEmail.total).toBe(ADMIN_PAGE_SIZE + 3);
    const byId = await admin.caller.admin.overview.audit({ actor: other.user.id, page: 1 });
    expect(byId.total).toBe(ADMIN_PAGE_SIZE + 3);
    const suspensions = await admin.caller.admin.overview.audit({
      actor: other.user.id,
      action: 'user.suspend',
      page: 1,
    });
    expect(suspensions.items).toEqual([
      expect.objectContaining({ targetId: user.id, targetLabel: user.email, reason: 'Spam' }),
    ]);
    const hides = await admin.caller.admin.overview.audit({
      target: listing.id,
      action: 'vendor.hide',
      page: 1,
    });
    expect(hides.total).toBe(Math.floor((ADMIN_PAGE_SIZE + 2) / 2));
    expect(hides.items[0]).toMatchObject({ before: { hidden: false }, after: { hidden: true } });

    const rest = await h.request('GET', `/api/admin/audit?target=${listing.id}&page=2`, admin);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ total: ADMIN_PAGE_SIZE + 2, page: 2, pageSize: ADMIN_PAGE_SIZE });
    expect((await h.request('GET', '/api/admin/audit?action=vendor.delete', admin)).statusCode).toBe(400);
    expect((await h.request('GET', '/api/admin/audit?page=0', admin)).statusCode).toBe(400);
  });

  it('names the people, listings and claims a row holds by id, as they are called now, or as deleted', async () => {
    const actor = await h.signedIn('admin', { name: 'Dina Admin', email: `dina-${tag()}@simchahub.test` });
    const owner = await createUser(h.db, { name: 'Rivka Owner' });
    const gone = await createUser(h.db, { name: 'Gone Person' });
    const listing = await createVendor(h.db, { businessName: `Named Hall ${tag()}`, ownerId: owner.id });
    const goneListing = await createVendor(h.db, { businessName: `Gone Hall ${tag()}` });
    const claimId = randomUUID();
    await h.db.transaction().execute(async (trx) => {
      await recordAudit(trx, {
        actor: actor.user,
        action: 'claim.approve',
        targetType: 'claim',
        targetId: claimId,
        before: { status: 'pending', vendorId: listing.id, ownerId: null },
        after: {
          status: 'approved',
          vendorId: listing.id,
          ownerId: owner.id,
          rejectedClaimIds: [claimId.toUpperCase()],
        },
      });
      await recordAudit(trx, {
        actor: actor.user,
        action: 'user.suspend',
        targetType: 'user',
        targetId: gone.id,
        before: { suspendedBy: null },
        after: { suspendedBy: actor.user.id, note: owner.id },
      });
      await recordAudit(trx, {
        actor: actor.user,
        action: 'vendor.hide',
        targetType: 'vendor',
        targetId: goneListing.id,
        before: { hidden: false },
        after: { hidden: true },
      });
    });
    await h.db.deleteFrom('users').where('id', '=', gone.id).execute();
    await h.db.deleteFrom('vendors').where('id', '=', goneListing.id).execute();

    const page = await admin.caller.admin.overview.audit({ actor: actor.user.id, page: 1 });
    // One transaction, one time: found by action, not by place.
    const byAction = (action: string) => page.items.find((i) => i.action === action);
    const [hide, suspend, approve] = ['vendor.hide', 'user.suspend', 'claim.approve'].map(byAction);
    expect(approve?.references).toEqual([
      { kind: 'claim', id: claimId, name: null, email: null },
      { kind: 'vendor', id: listing.id, name: listing.businessName, email: null },
      { kind: 'user', id: owner.id, name: 'Rivka Owner', email: owner.email },
    ]);
    // Only known keys name someone: an id under any other key stays an id.
    expect(suspend?.references).toEqual([
      { kind: 'user', id: gone.id, name: null, email: null },
      { kind: 'user', id: actor.user.id, name: 'Dina Admin', email: actor.user.email },
    ]);
    expect(hide?.references).toEqual([{ kind: 'vendor', id: goneListing.id, name: null, email: null }]);

    // REST keeps every field it had, and adds the names.
    const rest = await h.request('GET', `/api/admin/audit?actor=${actor.user.id}`, admin);
    expect(rest.statusCode).toBe(200);
    const restItems: { action: string }[] = rest.json().items;
    expect(restItems.find((i) => i.action === 'claim.approve')).toMatchObject({
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      action: 'claim.approve',
      targetType: 'claim',
      targetId: claimId,
      targetLabel: null,
      reason: null,
      before: { status: 'pending', vendorId: listing.id, ownerId: null },
      after: { status: 'approved', ownerId: owner.id },
      references: expect.arrayContaining([
        { kind: 'user', id: owner.id, name: 'Rivka Owner', email: owner.email },
      ]),
    });
  });
});
