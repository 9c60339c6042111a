import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import { MESSAGES } from '../../../shared/schemas/auth';
import { CLAIM_MESSAGES } from '../../../shared/schemas/claims';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import {
  createEvent,
  createMessage,
  createThread,
  createThreadReport,
  createUser,
  createVendor,
} from '../../demo/factories';
import type { NewVendor } from '../../platform/db/types';
import { rowsWhere } from '../../test/fixtures';
import { createHarness, harnessForFile, type Party, type TestHarness } from '../../test/harness';
import { expectEachRejected, rejection } from '../../test/rejection';
import { SseConnection } from '../../test/sse-client';
import { hashResetToken, insertResetToken, newResetToken } from '../auth/account.queries';
import { MODERATION_MESSAGES, REPORT_MESSAGES_SHOWN } from './moderation.service';

const h = harnessForFile();
let admin: Party;
let secondAdmin: Party;

beforeAll(async () => {
  admin = await h.signedIn('admin', { name: 'Ada Admin', email: `ada-${tag()}@simchahub.test` });
  secondAdmin = await h.signedIn('admin', { name: 'Boaz Admin', email: `boaz-${tag()}@simchahub.test` });
});

/** Letters and digits that make one search word, distinct per call. */
function tag(): string {
  return randomBytes(5).toString('hex');
}

async function listing(overrides: Partial<NewVendor> = {}) {
  return createVendor(h.db, { businessName: `Simcha Hall ${tag()}`, category: 'Venues', ...overrides });
}

/** The audit rows of one target, oldest first. */
const auditOf = (targetId: string) =>
  rowsWhere(h.db, 'auditLog', { targetId }, { orderBy: ['createdAt', 'action'] });

async function userRow(id: string) {
  return h.db
    .selectFrom('users')
    .select(['role', 'suspendedAt', 'suspendedBy', 'suspendedReason', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function sessionsOf(userId: string) {
  return h.db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
}

const iso = (value: unknown) => new Date(value as string).toISOString();

describe('who may use the moderation paths', () => {
  const id = randomUUID();
  const paths: [method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown][] = [
    ['GET', '/api/admin/vendors'],
    ['PATCH', `/api/admin/vendors/${id}`, { verified: true }],
    ['GET', '/api/admin/users'],
    ['POST', `/api/admin/users/${id}/suspend`, { reason: 'Spam' }],
    ['POST', `/api/admin/users/${id}/reinstate`, { reason: 'Appeal' }],
    ['POST', `/api/admin/users/${id}/role`, { role: 'vendor' }],
    ['GET', '/api/admin/reports'],
    ['POST', `/api/admin/reports/${id}/dismiss`, {}],
    ['POST', `/api/admin/reports/${id}/suspend-sender`, { reason: 'Spam' }],
  ];

  it('answers a guest 401 and customers and vendors 403, with the spec texts, on every path', async () => {
    const customer = await h.signedIn('customer');
    const vendor = await h.signedIn('vendor');
    for (const [method, url, payload] of paths) {
      const guest = await h.request(method, url, null, payload);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(guest.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.notSignedIn });
      for (const who of [customer, vendor]) {
        const res = await h.request(method, url, who, payload);
        expect(res.statusCode, `${who.user.role}: ${method} ${url}`).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.forbidden });
      }
    }
    const anyone = await h.db
      .selectFrom('auditLog')
      .select('id')
      .where('actorId', 'in', [customer.user.id, vendor.user.id])
      .execute();
    expect(anyone).toHaveLength(0);
  });

  it('refuses the same way through tRPC', async () => {
    const guest = await rejection(h.anonymous().caller.admin.users.list({}));
    expect(guest).toMatchObject({ code: 'UNAUTHORIZED', message: ADMIN_MESSAGES.notSignedIn });
    const customer = await h.signedIn('customer');
    const refused = await rejection(customer.caller.admin.vendors.update({ id, hidden: true, reason: 'x' }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.forbidden });
  });
});

describe('the Vendors tab', () => {
  it('finds listings by any part of the name, case ignored, newest first, with the owner e-mail', async () => {
    const word = tag();
    const owner = await h.signedIn('vendor', { email: `owner-${word}@example.com` });
    const older = await listing({
      businessName: `Kleinman ${word} Caterers`,
      ownerId: owner.user.id,
      claimed: true,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const newer = await listing({
      businessName: `The Grand${word}Ballroom`,
      city: 'Teaneck',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    const page = await admin.caller.admin.vendors.list({ search: word.toUpperCase().slice(2, 8) });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: ADMIN_PAGE_SIZE });
    expect(page.items.map((v) => v.id)).toEqual([newer.id, older.id]);
    expect(page.items[1]).toEqual({
      id: older.id,
      businessName: older.businessName,
      category: 'Venues',
      city: null,
      contactEmail: older.contactEmail,
      verified: false,
      claimed: true,
      ownerId: owner.user.id,
      ownerEmail: owner.user.email,
      hidden: false,
      hiddenAt: null,
      hiddenReason: null,
      createdAt: older.createdAt,
    });
    expect(page.items[0]?.ownerEmail).toBeNull();
  });

  it('takes % and _ in a search as themselves', async () => {
    const word = tag();
    const percent = await listing({ businessName: `100% Kosher ${word}` });
    await listing({ businessName: `1000 Kosher ${word}` });
    const page = await admin.caller.admin.vendors.list({ search: `0% Kosher ${word}` });
    expect(page.items.map((v) => v.id)).toEqual([percent.id]);
    expect((await admin.caller.admin.vendors.list({ search: `1_00 Kosher ${word}` })).total).toBe(0);
  });

  it('filters by status and pages by ADMIN_PAGE_SIZE', async () => {
    const word = tag();
    const owner = await h.signedIn('vendor');
    const verified = await listing({ businessName: `Verified ${word}`, verified: true });
    const claimed = await listing({ businessName: `Claimed ${word}`, ownerId: owner.user.id, claimed: true });
    const hidden = await listing({ businessName: `Hidden ${word}` });
    await admin.caller.admin.vendors.update({ id: hidden.id, hidden: true, reason: 'Fake listing' });
    const ids = async (status: 'all' | 'visible' | 'hidden' | 'verified' | 'unverified' | 'unclaimed') =>
      (await admin.caller.admin.vendors.list({ search: word, status })).items.map((v) => v.id).sort();
    expect(await ids('all')).toEqual([verified.id, claimed.id, hidden.id].sort());
    expect(await ids('visible')).toEqual([verified.id, claimed.id].sort());
    expect(await ids('hidden')).toEqual([hidden.id]);
    expect(await ids('verified')).toEqual([verified.id]);
    expect(await ids('unverified')).toEqual([claimed.id, hidden.id].sort());
    expect(await ids('unclaimed')).toEqual([verified.id, hidden.id].sort());

    const many = tag();
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      await listing({ businessName: `Paged ${many} ${i}`, createdAt: new Date(start + i * 60_000) });
    }
    const first = await admin.caller.admin.vendors.list({ search: many });
    const second = await admin.caller.admin.vendors.list({ search: many, page: 2 });
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.items[0]?.businessName).toBe(`Paged ${many} ${ADMIN_PAGE_SIZE + 1}`);
    expect(second.items.map((v) => v.businessName)).toEqual([`Paged ${many} 1`, `Paged ${many} 0`]);

    const rest = await h.request('GET', `/api/admin/vendors?search=${many}&status=unclaimed&page=2`, admin);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ total: ADMIN_PAGE_SIZE + 2, page: 2, pageSize: ADMIN_PAGE_SIZE });
  });

  it('verifies and unverifies with an audit row each; a change to the same value writes none', async () => {
    const target = await listing();
    const verified = await admin.caller.admin.vendors.update({
      id: target.id,
      verified: true,
      reason: 'Checked',
    });
    expect(verified.verified).toBe(true);
    const again = await rejection(admin.caller.admin.vendors.update({ id: target.id, verified: true }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.alreadyVerified });
    const res = await h.request('PATCH', `/api/admin/vendors/${target.id}`, secondAdmin, { verified: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, verified: false });

    const rows = await auditOf(target.id);
    expect(
      rows.map((r) => [r.action, r.actorId, r.actorEmail, r.targetType, r.reason, r.before, r.after]),
    ).toEqual([
      [
        'vendor.verify',
        admin.user.id,
        admin.user.email,
        'vendor',
        'Checked',
        { verified: false },
        { verified: true },
      ],
      [
        'vendor.unverify',
        secondAdmin.user.id,
        secondAdmin.user.email,
        'vendor',
        null,
        { verified: true },
        { verified: false },
      ],
    ]);
  });

  it('writes only the fields that change when one of two is already as asked', async () => {
    const target = await listing({ verified: true });
    const dto = await admin.caller.admin.vendors.update({
      id: target.id,
      verified: true,
      hidden: true,
      reason: 'Duplicate of another listing',
    });
    expect(dto).toMatchObject({ verified: true, hidden: true, hiddenReason: 'Duplicate of another listing' });
    expect((await auditOf(target.id)).map((r) => r.action)).toEqual(['vendor.hide']);
  });

  it('answers 404 for an unknown listing and 400 for a hide without a reason', async () => {
    const missing = await h.request('PATCH', `/api/admin/vendors/${randomUUID()}`, admin, { verified: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: ADMIN_MESSAGES.listingNotFound,
    });
    const target = await listing();
    for (const reason of [undefined, '   ']) {
      const res = await h.request('PATCH', `/api/admin/vendors/${target.id}`, admin, {
        hidden: true,
        reason,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ADMIN_MESSAGES.reasonRequired);
    }
    const nothing = await h.request('PATCH', `/api/admin/vendors/${target.id}`, admin, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe(ADMIN_MESSAGES.nothingToChange);
    expect(await auditOf(target.id)).toHaveLength(0);
  });

  it('hides with who, when and why, tells the owner by bell and mail, and unhides', async () => {
    const owner = await h.signedIn('vendor', { name: 'Dovid Owner' });
    const target = await listing({ ownerId: owner.user.id, claimed: true });
    const res = await h.request('PATCH', `/api/admin/vendors/${target.id}`, admin, {
      hidden: true,
      reason: 'Reported as a scam',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hidden: true, hiddenReason: 'Reported as a scam' });
    const stored = await h.db
      .selectFrom('vendors')
      .select(['hidden', 'hiddenAt', 'hiddenBy', 'hiddenReason', 'verified', 'version'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      hidden: true,
      hiddenBy: admin.user.id,
      hiddenReason: 'Reported as a scam',
    });
    expect(stored.hiddenAt).toBeInstanceOf(Date);
    // Not part of the owner's form: their open edits do not turn stale.
    expect(stored.version).toBe(target.version);

    await admin.caller.admin.vendors.update({
      id: target.id,
      hidden: false,
      reason: 'Owner proved identity',
    });
    const after = await h.db
      .selectFrom('vendors')
      .select(['hidden', 'hiddenAt', 'hiddenBy', 'hiddenReason'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ hidden: false, hiddenAt: null, hiddenBy: null, hiddenReason: null });

    const rows = await auditOf(target.id);
    expect(rows.map((r) => [r.action, r.actorId, r.reason, r.before, r.after])).toEqual([
      [
        'vendor.hide',
        admin.user.id,
        'Reported as a scam',
        { hidden: false, hiddenReason: null },
        { hidden: true, hiddenReason: 'Reported as a scam' },
      ],
      [
        'vendor.unhide',
        admin.user.id,
        'Owner proved identity',
        { hidden: true, hiddenReason: 'Reported as a scam' },
        { hidden: false, hiddenReason: null },
      ],
    ]);

    const notices = await h.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'link'])
      .where('userId', '=', owner.user.id)
      .orderBy('createdAt')
      .orderBy('title', 'desc')
      .execute();
    expect(notices).toEqual([
      {
        kind: 'admin_notice',
        title: `Your listing ${target.businessName} was hidden`,
        body: 'Reported as a scam',
        link: `/vendor-dashboard?listing=${target.id}`,
      },
      {
        kind: 'admin_notice',
        title: `Your listing ${target.businessName} is visible again`,
        body: 'Owner proved identity',
        link: `/vendor-dashboard?listing=${target.id}`,
      },
    ]);
    const mails = await h.db
      .selectFrom('mailOutbox')
      .select(['kind', 'toAddress', 'subject', 'textBody', 'notification'])
      .where('userId', '=', owner.user.id)
      .orderBy('kind')
      .execute();
    expect(mails.map((m) => [m.kind, m.toAddress, m.subject, m.notification])).toEqual([
      ['listing-hidden', owner.user.email, `Your listing ${target.businessName} was hidden`, true],
      ['listing-unhidden', owner.user.email, `Your listing ${target.businessName} is visible again`, true],
    ]);
    expect(mails[0]?.textBody).toContain('Reported as a scam');
    expect(mails[0]?.textBody).toContain(`/vendor-dashboard?listing=${target.id}`);
    const live = await rowsWhere(h.db, 'liveEvents', { userId: owner.user.id });
    expect(live.map((e) => e.kind)).toEqual(['notification', 'notification']);
  });

  it("mails a Hebrew-speaking owner in Hebrew; the bell's stored title stays the English one", async () => {
    const owner = await h.signedIn('vendor', { name: 'Dovid Owner', language: 'he' });
    const target = await listing({ ownerId: owner.user.id, claimed: true });
    await admin.caller.admin.vendors.update({ id: target.id, hidden: true, reason: 'Reported as a scam' });
    const [mail] = await h.db
      .selectFrom('mailOutbox')
      .select(['kind', 'subject', 'textBody', 'htmlBody', 'language'])
      .where('userId', '=', owner.user.id)
      .execute();
    expect(mail).toMatchObject({
      kind: 'listing-hidden',
      language: 'he',
      subject: `דף העסק \u2068${target.businessName}\u2069 הוסתר`,
    });
    expect(mail?.textBody).toContain('הסיבה שנמסרה: \u2068Reported as a scam\u2069');
    expect(mail?.htmlBody).toContain('<html lang="he" dir="rtl">');
    const [notice] = await rowsWhere(h.db, 'notifications', { userId: owner.user.id });
    expect(notice?.title).toBe(`Your listing ${target.businessName} was hidden`);
  });
});

describe('a hidden listing', () => {
  const TEANECK = { lat: 40.8932, lng: -74.0116 };
  let owner: Party;
  let customer: Party;
  let word: string;
  let target: Awaited<ReturnType<typeof listing>>;

  beforeAll(async () => {
    owner = await h.signedIn('vendor');
    customer = await h.signedIn('customer');
    word = `quokka${tag()}`;
    // Verified and the most reviewed, so it leads the featured list and the popular order.
    target = await listing({
      businessName: `${word} Strings`,
      category: 'Musicians',
      verified: true,
      reviewCount: 9_000_000,
      rating: '5.0',
      ownerId: owner.user.id,
      claimed: true,
      contactPhone: '201-555-0100',
      latitude: TEANECK.lat,
      longitude: TEANECK.lng,
    });
  });

  const setHidden = async (hidden: boolean) => {
    const res = await h.request('PATCH', `/api/admin/vendors/${target.id}`, admin, {
      hidden,
      reason: hidden ? 'Under investigation' : 'Cleared',
    });
    expect(res.statusCode).toBe(200);
  };

  /** Every public read, as [name, whether the listing is in it]. */
  async function publicReads(): Promise<Record<string, boolean>> {
    const anon = h.anonymous().caller;
    const has = (items: { id: string }[]) => items.some((v) => v.id === target.id);
    const found = async (read: Promise<unknown>) =>
      read.then(
        () => true,
        (e: { code?: string; message?: string }) => {
          expect(e).toMatchObject({ code: 'NOT_FOUND' });
          return false;
        },
      );
    const searched = await anon.vendors.list({ search: word });
    const rest = await h.request('GET', `/api/vendors?search=${word}`, null);
    return {
      search: has(searched.items) && searched.total === 1,
      searchSignedIn: has((await customer.caller.vendors.list({ search: word })).items),
      searchRest: has(rest.json().items),
      popular: has((await anon.vendors.list({ page_size: 5 })).items),
      category: has((await anon.vendors.list({ category: ['Musicians'], page_size: 5 })).items),
      nearby: has(
        (await anon.vendors.list({ sort: 'near', ...TEANECK, radius_km: 1, page_size: 100 })).items,
      ),
      featured: has(await anon.vendors.featured()),
      featuredNearby: has(await anon.vendors.featured(TEANECK)),
      suggestions: (await anon.vendors.suggestions({ q: word })).vendor_names.includes(target.businessName),
      profile: await found(anon.vendors.byId({ id: target.id })),
      profileSignedIn: await found(customer.caller.vendors.byId({ id: target.id })),
      profileRest: (await h.request('GET', `/api/vendors/${target.id}`, null)).statusCode === 200,
    };
  }

  it('leaves every public read at once and comes back when unhidden', async () => {
    const everywhere = {
      search: true,
      searchSignedIn: true,
      searchRest: true,
      popular: true,
      category: true,
      nearby: true,
      featured: true,
      featuredNearby: true,
      suggestions: true,
      profile: true,
      profileSignedIn: true,
      profileRest: true,
    };
    // Read once before, so the marketplace cache holds answers that include it.
    expect(await publicReads()).toEqual(everywhere);
    await setHidden(true);
    try {
      const nowhere = Object.fromEntries(Object.keys(everywhere).map((k) => [k, false]));
      expect(await publicReads()).toEqual(nowhere);
      const profile = await h.request('GET', `/api/vendors/${target.id}`, customer);
      expect(profile.statusCode).toBe(404);
      expect(profile.json().error.message).toBe(VENDOR_MESSAGES.notFound);
    } finally {
      await setHidden(false);
    }
    expect(await publicReads()).toEqual(everywhere);
  });

  it('takes no contact reveal, availability request, new conversation or claim while hidden', async () => {
    const claimant = await h.signedIn('customer');
    const converse = () =>
      customer.caller.messages.startThread({
        vendorId: target.id,
        subject: 'Wedding in June',
        messageText: 'Are you free on 13 June?',
      });
    const reveal = () => customer.caller.vendors.contactReveal({ id: target.id, kind: 'phone' });
    const request = () =>
      customer.caller.requests.send({
        id: target.id,
        eventType: 'Wedding',
        date: '2027-06-13',
        message: 'Free?',
      });
    const claim = () =>
      claimant.caller.claims.submit({
        vendorId: target.id,
        businessName: target.businessName,
        businessDescription: 'Strings for every simcha',
        businessAddress: '12 Main St, Teaneck NJ',
        businessPhone: '201-555-0100',
        businessEmail: 'owner@example.com',
        ownershipProof: 'I am the registered owner.',
      });
    await setHidden(true);
    try {
      const listingGone = { code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound } as const;
      await expectEachRejected([reveal, request], listingGone);
      await expectEachRejected([claim], { code: 'NOT_FOUND', message: CLAIM_MESSAGES.listingNotFound });
      await expectEachRejected([converse], listingGone);
      const rest = await h.request('POST', `/api/vendors/${target.id}/contact-reveal`, customer, {
        kind: 'email',
      });
      expect(rest.statusCode).toBe(404);
      const requests = await rowsWhere(h.db, 'availabilityRequests', { vendorId: target.id });
      expect(requests).toHaveLength(0);
    } finally {
      await setHidden(false);
    }
    await expect(reveal()).resolves.toEqual({ ok: true });
    await expect(request()).resolves.toMatchObject({ vendor: { id: target.id } });
    await expect(claim()).resolves.toMatchObject({ vendorId: target.id, status: 'pending' });
    await expect(converse()).resolves.toBeTruthy();
  });

  it('stays on its owner dashboard, editable, and an admin can still edit it', async () => {
    await setHidden(true);
    try {
      expect((await owner.caller.vendors.mine()).map((v) => v.id)).toContain(target.id);
      const own = await owner.caller.vendors.myProfile({ vendorId: target.id });
      expect(own.id).toBe(target.id);
      const saved = await owner.caller.vendors.updateMyProfile({
        vendorId: target.id,
        description: 'Now with a cellist',
        version: own.version,
      });
      expect(saved.description).toBe('Now with a cellist');
      const edited = await admin.caller.vendors.update({
        id: target.id,
        description: 'Edited by an admin',
        version: saved.version,
      });
      expect(edited.description).toBe('Edited by an admin');
      // Still hidden after the edits.
      expect((await h.anonymous().caller.vendors.list({ search: word })).items).toHaveLength(0);
    } finally {
      await setHidden(false);
    }
  });
});

describe('the Users tab', () => {
  it('finds users by any part of the name or e-mail, by role and status, never with a password hash', async () => {
    const word = tag();
    const vendor = await h.signedIn('vendor', {
      name: `Shira ${word}Levi`,
      email: `shira.${tag()}@example.com`,
    });
    const customer = await createUser(h.db, { name: 'Yossi Katz', email: `yossi.${word}@example.com` });
    await listing({ ownerId: vendor.user.id, claimed: true });
    await listing({ ownerId: vendor.user.id, claimed: true });

    const page = await admin.caller.admin.users.list({ search: word.toUpperCase() });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: ADMIN_PAGE_SIZE });
    // Newest first.
    expect(page.items.map((u) => u.id)).toEqual([customer.id, vendor.user.id]);
    expect(page.items[1]).toEqual({
      id: vendor.user.id,
      email: vendor.user.email,
      name: vendor.user.name,
      role: 'vendor',
      createdAt: vendor.user.createdAt,
      suspendedAt: null,
      suspendedReason: null,
      listings: 2,
      openReports: 0,
      lastSeenAt: expect.any(Date),
    });
    expect(page.items[0]).toMatchObject({ listings: 0, lastSeenAt: null });

    const vendors = await admin.caller.admin.users.list({ search: word, role: 'vendor' });
    expect(vendors.items.map((u) => u.id)).toEqual([vendor.user.id]);
    await admin.caller.admin.users.suspend({ id: customer.id, reason: 'Spam' });
    const ids = async (status: 'all' | 'active' | 'suspended') =>
      (await admin.caller.admin.users.list({ search: word, status })).items.map((u) => u.id);
    expect(await ids('suspended')).toEqual([customer.id]);
    expect(await ids('active')).toEqual([vendor.user.id]);
    expect(await ids('all')).toHaveLength(2);

    const rest = await h.request(
      'GET',
      `/api/admin/users?search=${word}&role=customer&status=suspended`,
      admin,
    );
    expect(rest.statusCode).toBe(200);
    expect(rest.json().items).toHaveLength(1);
    expect(rest.body).not.toMatch(/password|argon2/i);
  });

  it('suspends: sessions end at once, sign-in is refused with the text, the data stays', async () => {
    const user = await createUser(h.db, { name: 'Moshe Spammer' });
    await createEvent(h.db, user.id, { title: 'Bar Mitzvah' });
    const cookie = { sessionCookie: await h.cookieFor(user.id) };
    await h.cookieFor(user.id);
    expect((await h.request('GET', '/api/auth/me', cookie)).statusCode).toBe(200);

    const res = await h.request('POST', `/api/admin/users/${user.id}/suspend`, admin, {
      reason: 'Sends spam',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      suspendedReason: 'Sends spam',
    });
    // Seen when the session was made and used: the suspension that ended it leaves that known.
    expect(res.json().lastSeenAt).toEqual(expect.any(String));
    expect(res.json().suspendedAt).toEqual(expect.any(String));

    const stored = await userRow(user.id);
    expect(stored).toMatchObject({
      suspendedBy: admin.user.id,
      suspendedReason: 'Sends spam',
      role: 'customer',
    });
    expect(await sessionsOf(user.id)).toHaveLength(0);
    const me = await h.request('GET', '/api/auth/me', cookie);
    expect(me.statusCode).toBe(401);

    const [row, ...more] = await auditOf(user.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      action: 'user.suspend',
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      targetType: 'user',
      reason: 'Sends spam',
      before: { suspendedAt: null, suspendedBy: null, suspendedReason: null },
      after: { suspendedBy: admin.user.id, suspendedReason: 'Sends spam' },
    });
    expect(iso(row?.after?.suspendedAt)).toBe(stored.suspendedAt?.toISOString());

    const login = await h.request('POST', '/api/auth/login', null, {
      email: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.suspendedSignIn });
    expect(login.headers['set-cookie'] ?? '').not.toContain('simchahub_session=');
    // A wrong password learns nothing about the suspension.
    const guess = await h.request('POST', '/api/auth/login', null, {
      email: user.email,
      password: 'not-the-password',
    });
    expect(guess.statusCode).toBe(401);
    expect(guess.json().error.message).toBe(MESSAGES.badCredentials);
    expect(await sessionsOf(user.id)).toHaveLength(0);

    const events = await h.db.selectFrom('events').select('title').where('userId', '=', user.id).execute();
    expect(events).toEqual([{ title: 'Bar Mitzvah' }]);
  });

  it('treats a session of a suspended account as signed out, however it came to exist', async () => {
    const user = await createUser(h.db);
    await admin.caller.admin.users.suspend({ id: user.id, reason: 'Abuse' });
    // Made after the suspension, as a session created by a request already under way would be.
    const late = { sessionCookie: await h.cookieFor(user.id) };
    const me = await h.request('GET', '/api/auth/me', late);
    expect(me.statusCode).toBe(401);
    expect(me.json().error.message).toBe(MESSAGES.notSignedIn);
  });

  it('refuses a password reset to a suspended account, leaving the link for after reinstatement', async () => {
    const user = await createUser(h.db);
    const token = newResetToken();
    await insertResetToken(h.db, {
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + 30 * 60_000),
      now: new Date(),
    });
    await admin.caller.admin.users.suspend({ id: user.id, reason: 'Abuse' });
    const refused = await rejection(
      h.anonymous().caller.auth.confirmPasswordReset({ token, newPassword: 'Havdalah-candle-4' }),
    );
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_MESSAGES.suspendedSignIn });
    await admin.caller.admin.users.reinstate({ id: user.id, reason: 'Appeal granted' });
    await expect(
      h.anonymous().caller.auth.confirmPasswordReset({ token, newPassword: 'Havdalah-candle-4' }),
    ).resolves.toEqual({ ok: true });
  });

  it('ends the open live streams of a suspended user without waiting for their periodic check', async () => {
    const server = await h.app();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    // The periodic check is a minute away: only the suspension's own announcement can end it now.
    expect(h.deps.config.liveSessionCheckMs).toBeGreaterThanOrEqual(60_000);
    const user = await h.signedIn('customer');
    const cookie = await h.cookieFor(user.user.id);
    const { stream } = await SseConnection.open(`${base}/api/messages/events`, { cookie });
    if (!stream) throw new Error('expected a stream');
    try {
      expect((await stream.next(5000))?.event).toBe('sync');
      expect(await stream.endedWithin(300)).toBe(false);
      await admin.caller.admin.users.suspend({ id: user.user.id, reason: 'Harassment' });
      expect(await stream.endedWithin(5000)).toBe(true);
      const { refused } = await SseConnection.open(`${base}/api/messages/events`, { cookie });
      expect(refused?.status).toBe(401);
    } finally {
      stream.close();
    }
  });

  it('reinstates: the reason recorded, sign-in works again', async () => {
    const user = await createUser(h.db);
    await admin.caller.admin.users.suspend({ id: user.id, reason: 'Spam' });
    const before = await userRow(user.id);
    const res = await h.request('POST', `/api/admin/users/${user.id}/reinstate`, secondAdmin, {
      reason: 'Mistaken identity',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, suspendedAt: null, suspendedReason: null });
    expect(await userRow(user.id)).toMatchObject({
      suspendedAt: null,
      suspendedBy: null,
      suspendedReason: null,
    });
    const rows = await auditOf(user.id);
    expect(rows.map((r) => r.action)).toEqual(['user.suspend', 'user.reinstate']);
    expect(rows[1]).toMatchObject({
      actorId: secondAdmin.user.id,
      reason: 'Mistaken identity',
      before: { suspendedBy: admin.user.id, suspendedReason: 'Spam' },
      after: { suspendedAt: null, suspendedBy: null, suspendedReason: null },
    });
    expect(iso(rows[1]?.before?.suspendedAt)).toBe(before.suspendedAt?.toISOString());

    const login = await h.request('POST', '/api/auth/login', null, {
      email: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).match(/simchahub_session=[^;]+/)?.[0];
    expect((await h.request('GET', '/api/auth/me', { sessionCookie: cookie ?? '' })).statusCode).toBe(200);
  });

  it('keeps "Last seen" through a suspension and a reinstatement: it is the person\'s, not their sessions\'', async () => {
    const user = await createUser(h.db, { email: `seen.${tag()}@example.com` });
    const lastSeen = async () =>
      (await admin.caller.admin.users.list({ search: user.email })).items.find((u) => u.id === user.id)
        ?.lastSeenAt;
    expect(await lastSeen()).toBeNull();

    const signedInAt = new Date();
    const login = await h.request('POST', '/api/auth/login', null, {
      email: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    const sessionCookie = String(login.headers['set-cookie']).match(/simchahub_session=[^;]+/)?.[0] ?? '';
    expect((await lastSeen())?.getTime()).toBeGreaterThanOrEqual(signedInAt.getTime() - 1000);

    // Its session last used five minutes ago: the next request is recorded, on the session and the person.
    await h.db
      .updateTable('sessions')
      .set({ lastUsedAt: new Date(Date.now() - 5 * 60_000) })
      .where('userId', '=', user.id)
      .execute();
    const usedAt = new Date();
    expect((await h.request('GET', '/api/auth/me', { sessionCookie })).statusCode).toBe(200);
    const seen = await lastSeen();
    expect(seen?.getTime()).toBeGreaterThanOrEqual(usedAt.getTime() - 1000);

    await admin.caller.admin.users.suspend({ id: user.id, reason: 'Spam' });
    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect(await lastSeen()).toEqual(seen);
    await admin.caller.admin.users.reinstate({ id: user.id, reason: 'Appeal granted' });
    expect(await lastSeen()).toEqual(seen);
  });

  it('refuses suspending oneself, twice, or nobody; and reinstating someone not suspended', async () => {
    const self = await h.request('POST', `/api/admin/users/${admin.user.id}/suspend`, admin, {
      reason: 'Oops',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(ADMIN_MESSAGES.cannotSuspendSelf);
    expect(await userRow(admin.user.id)).toMatchObject({ suspendedAt: null });

    const user = await createUser(h.db);
    await admin.caller.admin.users.suspend({ id: user.id, reason: 'Spam' });
    const twice = await rejection(admin.caller.admin.users.suspend({ id: user.id, reason: 'Spam again' }));
    expect(twice).toMatchObject({ code: 'CONFLICT', message: ADMIN_MESSAGES.alreadySuspended });

    const active = await createUser(h.db);
    const notSuspended = await h.request('POST', `/api/admin/users/${active.id}/reinstate`, admin, {
      reason: 'x',
    });
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().error.message).toBe(ADMIN_MESSAGES.notSuspended);

    const nobody = await h.request('POST', `/api/admin/users/${randomUUID()}/suspend`, admin, {
      reason: 'x',
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe(ADMIN_MESSAGES.userNotFound);
    const noReason = await h.request('POST', `/api/admin/users/${active.id}/suspend`, admin, {
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(ADMIN_MESSAGES.reasonRequired);

    expect((await auditOf(user.id)).map((r) => r.action)).toEqual(['user.suspend']);
    expect(await auditOf(active.id)).toHaveLength(0);
  });

  it('changes a customer to a vendor and back, with an audit row, under the role rules', async () => {
    const user = await createUser(h.db, { role: 'customer' });
    const res = await h.request('POST', `/api/admin/users/${user.id}/role`, admin, {
      role: 'vendor',
      reason: 'Runs a bakery',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'vendor' });
    const same = await rejection(admin.caller.admin.users.setRole({ id: user.id, role: 'vendor' }));
    expect(same).toMatchObject({ code: 'CONFLICT', message: ADMIN_MESSAGES.sameRole });
    await expect(admin.caller.admin.users.setRole({ id: user.id, role: 'customer' })).resolves.toMatchObject({
      role: 'customer',
    });
    const rows = await auditOf(user.id);
    expect(rows.map((r) => [r.action, r.actorId, r.reason, r.before, r.after])).toEqual([
      ['user.role', admin.user.id, 'Runs a bakery', { role: 'customer' }, { role: 'vendor' }],
      ['user.role', admin.user.id, null, { role: 'vendor' }, { role: 'customer' }],
    ]);

    const toAdmin = await h.request('POST', `/api/admin/users/${user.id}/role`, admin, { role: 'admin' });
    expect(toAdmin.statusCode).toBe(400);
    expect(toAdmin.json().error.message).toBe(ADMIN_MESSAGES.adminRoleByCommand);
    const ofAdmin = await rejection(
      admin.caller.admin.users.setRole({ id: secondAdmin.user.id, role: 'vendor' }),
    );
    expect(ofAdmin).toMatchObject({ code: 'BAD_REQUEST', message: ADMIN_MESSAGES.adminRoleByCommand });
    expect((await userRow(secondAdmin.user.id)).role).toBe('admin');
    expect(await auditOf(user.id)).toHaveLength(2);
  });

  it('keeps a vendor who owns listings a vendor, naming how many', async () => {
    const vendor = await h.signedIn('vendor');
    const one = await listing({ ownerId: vendor.user.id, claimed: true });
    const single = await rejection(
      admin.caller.admin.users.setRole({ id: vendor.user.id, role: 'customer' }),
    );
    expect(single).toMatchObject({ code: 'CONFLICT', message: ADMIN_MESSAGES.ownsListings(1) });
    expect(single.message).toBe('This vendor still owns 1 listing. Revoke or hand over the listing first.');
    await listing({ ownerId: vendor.user.id, claimed: true });
    const res = await h.request('POST', `/api/admin/users/${vendor.user.id}/role`, admin, {
      role: 'customer',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This vendor still owns 2 listings. Revoke or hand over the listings first.',
    );
    expect((await userRow(vendor.user.id)).role).toBe('vendor');
    expect(await auditOf(vendor.user.id)).toHaveLength(0);
    expect(one.ownerId).toBe(vendor.user.id);
  });
});

/** A conversation between a customer and a vendor's listing, with `count` messages alternating sides. */
async function conversation(count: number) {
  const owner = await h.signedIn('vendor', { name: 'Vendor Vered' });
  const customer = await h.signedIn('customer', { name: 'Customer Chana' });
  const shop = await listing({ ownerId: owner.user.id, claimed: true });
  const thread = await createThread(h.db, shop.id, customer.user.id, { subject: `Wedding band ${tag()}` });
  const start = Date.parse('2026-03-01T10:00:00Z');
  const messages = [];
  for (let i = 0; i < count; i++) {
    const fromCustomer = i % 2 === 0;
    messages.push(
      await createMessage(
        h.db,
        thread.id,
        fromCustomer ? customer.user.id : owner.user.id,
        fromCustomer ? owner.user.id : customer.user.id,
        { text: `message ${i}`, createdAt: new Date(start + i * 60_000) },
      ),
    );
  }
  return { owner, customer, shop, thread, messages };
}

describe('reports', () => {
  it('lists a report with both parties, the subject and the latest messages oldest first', async () => {
    const { owner, customer, thread, messages } = await conversation(REPORT_MESSAGES_SHOWN + 5);
    const report = await createThreadReport(h.db, thread.id, customer.user.id, { reason: 'Threatening me' });
    const page = await admin.caller.admin.reports.list({ status: 'open' });
    const found = page.items.find((r) => r.id === report.id);
    expect(found).toMatchObject({
      threadId: thread.id,
      subject: thread.subject,
      reason: 'Threatening me',
      status: 'open',
      resolvedAt: null,
      reporter: {
        id: customer.user.id,
        email: customer.user.email,
        name: 'Customer Chana',
        suspended: false,
      },
      reported: { id: owner.user.id, email: owner.user.email, name: 'Vendor Vered', suspended: false },
    });
    expect(found?.messages.map((m) => m.text)).toEqual(messages.slice(5).map((m) => m.messageText));
    expect(found?.messages[0]).toEqual({
      id: messages[5]?.id,
      senderId: owner.user.id,
      senderName: 'Vendor Vered',
      text: 'message 5',
      createdAt: messages[5]?.createdAt,
      reported: true,
    });
    expect(page).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE });

    // The owner is the one reported: the Users tab counts it against them, not the reporter.
    const users = await admin.caller.admin.users.list({ search: owner.user.email });
    expect(users.items[0]?.openReports).toBe(1);
    const reporter = await admin.caller.admin.users.list({ search: customer.user.email });
    expect(reporter.items[0]?.openReports).toBe(0);

    // A report by the listing's side names the customer.
    const back = await createThreadReport(h.db, thread.id, owner.user.id, { reason: 'Abusive customer' });
    const rest = await h.request('GET', '/api/admin/reports?status=open', admin);
    expect(rest.statusCode).toBe(200);
    const item = rest.json().items.find((r: { id: string }) => r.id === back.id);
    expect(item.reported.id).toBe(customer.user.id);
    expect(item.reporter.id).toBe(owner.user.id);
    expect(
      (await admin.caller.admin.reports.list({ status: 'dismissed' })).items.map((r) => r.id),
    ).not.toContain(back.id);
  });

  it('dismisses an open report once, with an audit row', async () => {
    const { customer, thread } = await conversation(2);
    const report = await createThreadReport(h.db, thread.id, customer.user.id);
    const res = await h.request('POST', `/api/admin/reports/${report.id}/dismiss`, admin, {
      reason: 'Not abusive',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: report.id, status: 'dismissed' });
    const stored = await h.db
      .selectFrom('threadReports')
      .select(['status', 'resolvedAt', 'resolvedBy'])
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'dismissed', resolvedBy: admin.user.id });
    expect(stored.resolvedAt).toBeInstanceOf(Date);
    const rows = await auditOf(report.id);
    expect(rows.map((r) => [r.action, r.actorId, r.targetType, r.reason, r.before, r.after])).toEqual([
      ['report.dismiss', admin.user.id, 'report', 'Not abusive', { status: 'open' }, { status: 'dismissed' }],
    ]);

    const again = await rejection(admin.caller.admin.reports.dismiss({ id: report.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: ADMIN_MESSAGES.reportNotOpen });
    const suspend = await rejection(admin.caller.admin.reports.suspendSender({ id: report.id, reason: 'x' }));
    expect(suspend).toMatchObject({ code: 'CONFLICT', message: ADMIN_MESSAGES.reportNotOpen });
    const unknown = await h.request('POST', `/api/admin/reports/${randomUUID()}/dismiss`, admin, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(ADMIN_MESSAGES.reportNotFound);
    expect(await auditOf(report.id)).toHaveLength(1);
  });

  it('suspends the reported party and resolves the report in one transaction, two audit rows', async () => {
    const { owner, customer, thread } = await conversation(3);
    const ownerCookie = { sessionCookie: await h.cookieFor(owner.user.id) };
    const report = await createThreadReport(h.db, thread.id, customer.user.id);
    const res = await h.request('POST', `/api/admin/reports/${report.id}/suspend-sender`, admin, {
      reason: 'Threats in messages',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: report.id,
      status: 'resolved',
      reported: { id: owner.user.id, suspended: true },
      reporter: { id: customer.user.id, suspended: false },
    });
    expect(await userRow(owner.user.id)).toMatchObject({ suspendedReason: 'Threats in messages' });
    expect(await sessionsOf(owner.user.id)).toHaveLength(0);
    expect((await h.request('GET', '/api/auth/me', ownerCookie)).statusCode).toBe(401);

    const [userAudit] = await auditOf(owner.user.id);
    const [reportAudit] = await auditOf(report.id);
    expect(userAudit).toMatchObject({
      action: 'user.suspend',
      actorId: admin.user.id,
      targetType: 'user',
      reason: 'Threats in messages',
    });
    expect(reportAudit).toMatchObject({
      action: 'report.suspend_sender',
      actorId: admin.user.id,
      targetType: 'report',
      reason: 'Threats in messages',
      before: { status: 'open' },
      after: { status: 'resolved', suspendedUserId: owner.user.id },
    });
    // now() is the transaction's start: both rows were written by the same one.
    expect(userAudit?.createdAt.getTime()).toBe(reportAudit?.createdAt.getTime());
  });

  it('acts on whom the report named when it was filed, after the listing changed hands', async () => {
    const { owner, customer, thread, shop } = await conversation(3);
    await customer.caller.messages.report({ threadId: thread.id, reason: 'Insults in his messages' });
    const [filed] = await h.db
      .selectFrom('threadReports')
      .select('id')
      .where('threadId', '=', thread.id)
      .execute();
    // The old owner's claim is revoked and another vendor now holds the listing, and writes in it.
    const successor = await h.signedIn('vendor', { name: 'Vendor Yosef' });
    await h.db.updateTable('vendors').set({ ownerId: successor.user.id }).where('id', '=', shop.id).execute();
    await createMessage(h.db, thread.id, successor.user.id, customer.user.id, {
      text: 'The new owner says hello',
      createdAt: new Date(Date.now() + 60_000),
    });

    // The report still shows the conversation as it was, the old owner's messages marked as reported.
    const shown = (await admin.caller.admin.reports.list({ status: 'open' })).items.find(
      (r) => r.id === filed?.id,
    );
    expect(shown?.messages.map((m) => m.text)).not.toContain('The new owner says hello');
    const marked = shown?.messages.filter((m) => m.reported) ?? [];
    expect(marked.length).toBeGreaterThan(0);
    expect(new Set(marked.map((m) => m.senderId))).toEqual(new Set([owner.user.id]));
    const kept = await h.db
      .selectFrom('threadReportMessages')
      .select('messageId')
      .where('reportId', '=', filed?.id as string)
      .execute();
    expect(kept.length).toBe(marked.length);

    const listed = (await admin.caller.admin.users.list({ search: 'Vendor Yosef' })).items;
    expect(listed.find((u) => u.id === successor.user.id)?.openReports).toBe(0);
    const res = await h.request('POST', `/api/admin/reports/${filed?.id}/suspend-sender`, admin, {
      reason: 'Insults',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reported: { id: owner.user.id, suspended: true } });
    expect(await userRow(owner.user.id)).toMatchObject({ suspendedReason: 'Insults' });
    expect(await userRow(successor.user.id)).toMatchObject({ suspendedAt: null });
  });

  it('names nobody for a report on a listing nobody owns', async () => {
    const customer = await h.signedIn('customer');
    const shop = await listing({ ownerId: null, claimed: false });
    const thread = await createThread(h.db, shop.id, customer.user.id, { subject: `Unclaimed ${tag()}` });
    await createMessage(h.db, thread.id, customer.user.id, null, { text: 'Hello?' });
    await customer.caller.messages.report({ threadId: thread.id, reason: 'No answer, strange listing' });
    const [filed] = await h.db
      .selectFrom('threadReports')
      .select('id')
      .where('threadId', '=', thread.id)
      .execute();
    const page = await admin.caller.admin.reports.list({ status: 'open' });
    expect(page.items.find((r) => r.id === filed?.id)?.reported).toBeNull();
    const refused = await rejection(
      admin.caller.admin.reports.suspendSender({ id: filed?.id as string, reason: 'x' }),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.nobodyToSuspend });
  });

  it('refuses when the reported party is already suspended, leaving the report open', async () => {
    const { owner, customer, thread } = await conversation(1);
    await admin.caller.admin.users.suspend({ id: owner.user.id, reason: 'Earlier case' });
    const report = await createThreadReport(h.db, thread.id, customer.user.id);
    const refused = await rejection(
      admin.caller.admin.reports.suspendSender({ id: report.id, reason: 'Again' }),
    );
    expect(refused).toMatchObject({ code: 'CONFLICT', message: ADMIN_MESSAGES.alreadySuspended });
    const stored = await h.db
      .selectFrom('threadReports')
      .select('status')
      .where('id', '=', report.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('open');
    expect(await auditOf(report.id)).toHaveLength(0);
    expect((await auditOf(owner.user.id)).map((r) => r.reason)).toEqual(['Earlier case']);
  });
});

describe('two admins acting on the same row at once', () => {
  it('hides a listing once: one success, one clear refusal, one audit row', async () => {
    const target = await listing();
    const results = await Promise.all(
      [admin, secondAdmin].map((who) =>
        h.request('PATCH', `/api/admin/vendors/${target.id}`, who, {
          hidden: true,
          reason: `Hidden by ${who.user.name}`,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toBe(MODERATION_MESSAGES.alreadyHidden);
    expect((await auditOf(target.id)).map((r) => r.action)).toEqual(['vendor.hide']);
  });

  it('suspends a user once: one success, one clear refusal, one audit row', async () => {
    const user = await createUser(h.db);
    const results = await Promise.allSettled(
      [admin, secondAdmin].map((who) =>
        who.caller.admin.users.suspend({ id: user.id, reason: who.user.name }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_MESSAGES.alreadySuspended,
    });
    expect((await auditOf(user.id)).map((r) => r.action)).toEqual(['user.suspend']);
  });

  it('closes a report once, whether dismissed or acted on', async () => {
    const { customer, thread } = await conversation(1);
    const report = await createThreadReport(h.db, thread.id, customer.user.id);
    const results = await Promise.all([
      h.request('POST', `/api/admin/reports/${report.id}/dismiss`, admin, {}),
      h.request('POST', `/api/admin/reports/${report.id}/suspend-sender`, secondAdmin, { reason: 'Threats' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.message).toBe(
      ADMIN_MESSAGES.reportNotOpen,
    );
    expect(await auditOf(report.id)).toHaveLength(1);
  });
});

describe('the last admin', () => {
  // A database of its own: the rule counts every admin there is.
  let own: TestHarness;
  beforeAll(async () => {
    own = await createHarness();
  });
  afterAll(async () => {
    await own?.close();
  });

  async function adminsLeft() {
    const rows = await own.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('suspendedAt', 'is', null)
      .execute();
    return rows.length;
  }

  it('is never suspended, even by two admins suspending each other at once', async () => {
    const a = await own.signedIn('admin');
    const b = await own.signedIn('admin');
    const results = await Promise.allSettled([
      a.caller.admin.users.suspend({ id: b.user.id, reason: 'Race' }),
      b.caller.admin.users.suspend({ id: a.user.id, reason: 'Race' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      code: 'CONFLICT',
      message: ADMIN_MESSAGES.cannotSuspendLastAdmin,
    });
    expect(await adminsLeft()).toBe(1);
    const audit = await own.db.selectFrom('auditLog').select('action').execute();
    expect(audit).toEqual([{ action: 'user.suspend' }]);
  });

  it('may be suspended once another admin is active again', async () => {
    const c = await own.signedIn('admin');
    const survivors = await own.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('suspendedAt', 'is', null)
      .where('id', '!=', c.user.id)
      .execute();
    expect(survivors).toHaveLength(1);
    await expect(
      c.caller.admin.users.suspend({ id: survivors[0]?.id as string, reason: 'Left the team' }),
    ).resolves.toMatchObject({ suspendedReason: 'Left the team' });
    expect(await adminsLeft()).toBe(1);
  });
});
