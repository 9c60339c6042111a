import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, type ClaimSubmitInput } from '../../../shared/schemas/claims';
import { createVendor } from '../../demo/factories';
import type { NewVendor } from '../../platform/db/types';
import { messageCodeFields } from '../../platform/http/errors';
import { liveEventsOf, rowsOldestFirst, rowsWhere, turnOffEmails } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { COMPETING_CLAIM_REJECTED } from './claims.service';

const h = harnessForFile();
let admin: Party;

beforeAll(async () => {
  admin = await h.signedIn('admin', { name: 'Rivka Reviewer', email: 'rivka.reviewer@simchahub.test' });
});

/** A distinct business name per call: listing names must be unique. */
const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

function form(overrides: Partial<ClaimSubmitInput> = {}): ClaimSubmitInput {
  return {
    businessName: unique('Goldberg Catering'),
    businessDescription: 'Kosher catering for every simcha',
    businessAddress: '12 Main St, Teaneck NJ',
    businessPhone: '201-555-0100',
    businessEmail: 'owner@goldberg-catering.com',
    businessWebsite: 'https://goldberg-catering.com',
    ownershipProof: 'I am listed as the owner on the state business registry.',
    ...overrides,
  };
}

async function newListing(overrides: Partial<NewVendor> = {}) {
  return createVendor(h.db, { businessName: unique('Simcha Hall'), category: 'Venues', ...overrides });
}

async function claimRow(id: string) {
  return h.db
    .selectFrom('vendorClaims')
    .select([
      'status',
      'vendorId',
      'reviewNotes',
      'reviewedAt',
      'decidedAt',
      'approvedBy',
      'version',
      'evidence',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function listingRow(id: string) {
  return h.db
    .selectFrom('vendors')
    .select(['ownerId', 'claimed', 'verified', 'version', 'category', 'businessName', 'contactEmail'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function roleOf(userId: string) {
  return (await h.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow())
    .role;
}

/** The claim decisions a user was notified of, oldest first. */
const claimNotifications = (userId: string) =>
  rowsOldestFirst(h.db, 'notifications', { userId, kind: 'claim_decided' }, [
    'kind',
    'title',
    'body',
    'link',
  ]);

/** The claim decisions mailed to a user, oldest first. */
const claimMails = (userId: string) => rowsOldestFirst(h.db, 'mailOutbox', { userId, kind: 'claim-decided' });

/** The audit rows of a claim, oldest first. */
const auditRows = (claimId: string) =>
  rowsOldestFirst(h.db, 'auditLog', { targetType: 'claim', targetId: claimId });

/** An admin's decision on a claim over REST: POST /api/admin/vendor-claims/<action>. */
const decideOverRest = (action: 'approve' | 'reject' | 'revoke', claimId: string, notes?: string) =>
  h.request('POST', `/api/admin/vendor-claims/${action}`, admin, { claimId, notes });

async function adminView(claimId: string) {
  const all = await admin.caller.admin.claims.list({});
  const found = all.find((c) => c.id === claimId);
  if (!found) throw new Error(`claim ${claimId} is not in the admin list`);
  return found;
}

describe('submitting a claim over REST (POST /api/vendor-claims)', () => {
  it('answers 400 with each of the seven field messages of the claim form', async () => {
    const customer = await h.signedIn('customer');
    const res = await h.request('POST', '/api/vendor-claims', customer, {
      businessName: '   ',
      businessDescription: '',
      businessAddress: '',
      businessPhone: '',
      businessEmail: 'not-an-email',
      businessWebsite: 'not a url',
      ownershipProof: '',
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('BAD_REQUEST');
    expect(typeof error.message).toBe('string');
    const byField = Object.fromEntries(
      (error.issues as { path: string[]; message: string }[]).map((i) => [i.path.join('.'), i.message]),
    );
    expect(byField).toEqual({
      businessName: 'Business name is required',
      businessDescription: 'Description is required',
      businessAddress: 'Address is required',
      businessPhone: 'Phone is required',
      businessEmail: 'Valid email required',
      businessWebsite: 'Valid URL required',
      ownershipProof: 'Ownership proof is required',
    });
  });

  it('says the same for fields left out, and accepts an empty website', async () => {
    const customer = await h.signedIn('customer');
    const missing = await h.request('POST', '/api/vendor-claims', customer, {});
    expect(missing.statusCode).toBe(400);
    const messages = (missing.json().error.issues as { message: string }[]).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        CLAIM_MESSAGES.businessName,
        CLAIM_MESSAGES.description,
        CLAIM_MESSAGES.address,
        CLAIM_MESSAGES.phone,
        CLAIM_MESSAGES.email,
        CLAIM_MESSAGES.ownershipProof,
      ]),
    );
    const ok = await h.request('POST', '/api/vendor-claims', customer, form({ businessWebsite: '' }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().businessWebsite).toBeNull();
  });

  it('creates a pending claim (201) with its first history entry', async () => {
    const customer = await h.signedIn('customer');
    const listing = await newListing();
    const res = await h.request('POST', '/api/vendor-claims', customer, form({ vendorId: listing.id }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      vendorId: listing.id,
      listingName: listing.businessName,
      status: 'pending',
      reviewNotes: null,
      reviewedAt: null,
      history: [{ fromStatus: null, toStatus: 'pending', actor: 'You', note: null }],
    });
    expect(Number.isNaN(Date.parse(body.submittedAt))).toBe(false);
    expect(typeof body.history[0].at).toBe('string');
  });

  it('refuses guests (401), admins (403), unknown listings (404) and the owner’s own listing (409)', async () => {
    expect((await h.request('POST', '/api/vendor-claims', null, form())).statusCode).toBe(401);
    const asAdmin = await h.request('POST', '/api/vendor-claims', admin, form());
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.message).toBe(CLAIM_MESSAGES.adminCannotClaim);

    const vendor = await h.signedIn('vendor');
    const unknown = await h.request('POST', '/api/vendor-claims', vendor, form({ vendorId: randomUUID() }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: CLAIM_MESSAGES.listingNotFound,
        ...messageCodeFields(CLAIM_MESSAGES.listingNotFound),
      },
    });

    const own = await newListing({ ownerId: vendor.user.id, claimed: true });
    const mine = await h.request('POST', '/api/vendor-claims', vendor, form({ vendorId: own.id }));
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error.message).toBe(CLAIM_MESSAGES.alreadyYours);
  });

  it('limits claims per user and hour (429)', async () => {
    const customer = await h.signedIn('customer');
    const max = h.deps.config.limits.claims.max;
    for (let i = 0; i < max; i++) await customer.caller.claims.submit(form());
    const error = await rejection(customer.caller.claims.submit(form()));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message.startsWith(CLAIM_MESSAGES.tooMany)).toBe(true);
  });
});

describe('one pending claim per user and listing', () => {
  it('refuses a second pending claim for the same listing, and allows one after a withdraw', async () => {
    const customer = await h.signedIn('customer');
    const listing = await newListing();
    const first = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    const again = await rejection(customer.caller.claims.submit(form({ vendorId: listing.id })));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(CLAIM_MESSAGES.alreadyPending);
    await customer.caller.claims.withdraw({ claimId: first.id });
    const second = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    expect(second.status).toBe('pending');
  });

  it('lets exactly one of concurrent identical submits through', async () => {
    const customer = await h.signedIn('customer');
    const listing = await newListing();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => customer.caller.claims.submit(form({ vendorId: listing.id }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyPending });
      }
    }
    const pending = await rowsWhere(h.db, 'vendorClaims', { vendorId: listing.id, status: 'pending' });
    expect(pending).toHaveLength(1);
  });

  it('holds for a new business by name, whatever its case, also under concurrency', async () => {
    const customer = await h.signedIn('customer');
    const name = unique('Lchaim Florals');
    await customer.caller.claims.submit(form({ businessName: name }));
    const again = await rejection(customer.caller.claims.submit(form({ businessName: name.toUpperCase() })));
    expect(again).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyPendingNew });

    const other = unique('Mazel Blooms');
    const results = await Promise.allSettled([
      customer.caller.claims.submit(form({ businessName: other })),
      customer.caller.claims.submit(form({ businessName: other.toLowerCase() })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.alreadyPendingNew });
  });

  it('lets several users claim the same listing, counting the competition', async () => {
    const listing = await newListing();
    const users = await Promise.all([h.signedIn('customer'), h.signedIn('vendor'), h.signedIn('customer')]);
    const claims = [];
    for (const u of users) claims.push(await u.caller.claims.submit(form({ vendorId: listing.id })));
    const views = await Promise.all(claims.map((c) => adminView(c.id)));
    expect(views.map((v) => v.evidence?.competingClaims)).toEqual([0, 1, 2]);
    expect(views.map((v) => v.competingClaimsNow)).toEqual([2, 2, 2]);
  });
});

describe('evidence computed on submit', () => {
  async function evidenceFor(listing: Partial<NewVendor> | null, businessEmail: string, who?: Party) {
    const claimant = who ?? (await h.signedIn('customer'));
    const vendorId = listing ? (await newListing(listing)).id : undefined;
    const claim = await claimant.caller.claims.submit(form({ vendorId, businessEmail }));
    return (await adminView(claim.id)).evidence;
  }

  it('matches the business e-mail against the website host and the contact e-mail', async () => {
    const site = { website: 'https://www.goldberg-catering.com/about', contactEmail: 'info@elsewhere.org' };
    expect((await evidenceFor(site, 'owner@goldberg-catering.com'))?.domainMatch).toBe('website');
    expect((await evidenceFor(site, 'owner@mail.goldberg-catering.com'))?.domainMatch).toBe('website');
    expect(
      (await evidenceFor({ website: 'shop.kosherbites.net', contactEmail: 'x@y.org' }, 'me@kosherbites.net'))
        ?.domainMatch,
    ).toBe('website');
    const contact = { website: null, contactEmail: 'info@kosherbites.net' };
    expect((await evidenceFor(contact, 'me@KosherBites.net'))?.domainMatch).toBe('contact-email');
    expect((await evidenceFor(contact, 'me@notkosherbites.net'))?.domainMatch).toBe('none');
  });

  it('marks free mail providers, unless the address is the listing’s own', async () => {
    const listing = { website: 'https://gmail.com', contactEmail: 'bakery@gmail.com' };
    expect((await evidenceFor(listing, 'someone@gmail.com'))?.domainMatch).toBe('free-mail');
    expect((await evidenceFor(listing, 'Bakery@Gmail.com'))?.domainMatch).toBe('contact-email');
    expect((await evidenceFor({ contactEmail: 'a@b.org' }, 'x@proton.me'))?.domainMatch).toBe('free-mail');
  });

  it('says no-listing for a new business, and counts the account’s age in whole days', async () => {
    const customer = await h.signedIn('customer');
    await h.db
      .updateTable('users')
      .set({ createdAt: new Date(Date.now() - 40.5 * 24 * 60 * 60 * 1000) } as never)
      .where('id', '=', customer.user.id)
      .execute();
    const evidence = await evidenceFor(null, 'owner@goldberg-catering.com', customer);
    expect(evidence).toEqual({
      domainMatch: 'no-listing',
      competingClaims: 0,
      accountAgeDays: 40,
      emailConfirmed: 'none',
    });
  });
});

describe('my claims (GET /api/vendor-claims/my-claims)', () => {
  it('lists the caller’s claims newest first with their history, never naming the admin', async () => {
    const customer = await h.signedIn('customer');
    const other = await h.signedIn('customer');
    const listing = await newListing();
    const older = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    const newer = await customer.caller.claims.submit(form());
    await other.caller.claims.submit(form());
    await admin.caller.admin.claims.reject({ claimId: older.id, notes: 'Please send the registry extract.' });

    const res = await h.request('GET', '/api/vendor-claims/my-claims', customer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((c: { id: string }) => c.id)).toEqual([newer.id, older.id]);
    expect(body[1]).toMatchObject({
      status: 'rejected',
      listingName: listing.businessName,
      reviewNotes: 'Please send the registry extract.',
      history: [
        { fromStatus: null, toStatus: 'pending', actor: 'You', actorKind: 'you' },
        {
          fromStatus: 'pending',
          toStatus: 'rejected',
          actor: 'An administrator',
          actorKind: 'admin',
          note: 'Please send the registry extract.',
        },
      ],
    });
    expect(typeof body[1].reviewedAt).toBe('string');
    expect(body[0]).toMatchObject({ vendorId: null, listingName: null, reviewedAt: null });
    const text = res.body;
    expect(text).not.toContain(admin.user.name);
    expect(text).not.toContain(admin.user.email);
    expect(text).not.toContain(admin.user.id);
    expect(text).not.toMatch(/password/i);

    expect((await h.request('GET', '/api/vendor-claims/my-claims', null)).statusCode).toBe(401);
    expect(await admin.caller.claims.mine()).toEqual([]);
  });
});

describe('withdrawing a claim', () => {
  it('withdraws the submitter’s own pending claim only', async () => {
    const customer = await h.signedIn('customer');
    const stranger = await h.signedIn('vendor');
    const claim = await customer.caller.claims.submit(form());

    const notYours = await h.request('POST', `/api/vendor-claims/${claim.id}/withdraw`, stranger, {});
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: CLAIM_MESSAGES.notFound,
        ...messageCodeFields(CLAIM_MESSAGES.notFound),
      },
    });
    expect((await rejection(admin.caller.claims.withdraw({ claimId: claim.id }))).code).toBe('NOT_FOUND');
    expect((await h.request('POST', `/api/vendor-claims/${claim.id}/withdraw`, null, {})).statusCode).toBe(
      401,
    );

    const res = await h.request('POST', `/api/vendor-claims/${claim.id}/withdraw`, customer, {
      note: 'Sold the business',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'withdrawn',
      reviewedAt: null,
      history: [
        { toStatus: 'pending', actor: 'You' },
        { fromStatus: 'pending', toStatus: 'withdrawn', actor: 'You', note: 'Sold the business' },
      ],
    });
    const row = await claimRow(claim.id);
    expect(row.decidedAt).toBeInstanceOf(Date);
    expect(row.version).toBe(2);

    const twice = await h.request('POST', `/api/vendor-claims/${claim.id}/withdraw`, customer, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(CLAIM_MESSAGES.notPendingWithdraw);
    const unknown = await h.request('POST', `/api/vendor-claims/${randomUUID()}/withdraw`, customer, {});
    expect(unknown.statusCode).toBe(404);
  });

  it('cannot withdraw a decided claim', async () => {
    const customer = await h.signedIn('customer');
    const claim = await customer.caller.claims.submit(form());
    await admin.caller.admin.claims.reject({ claimId: claim.id });
    const error = await rejection(customer.caller.claims.withdraw({ claimId: claim.id }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.notPendingWithdraw });
  });
});

describe('approving a claim for an existing listing', () => {
  it('hands over the listing, its waiting messages and the role; rejects the competition; records everything', async () => {
    const listing = await newListing({ businessName: unique('Unclaimed Hall') });
    const family = await h.signedIn('customer', { name: 'Leah' });
    const sent = await family.caller.requests.send({
      id: listing.id,
      eventType: 'Wedding',
      date: '2027-06-13',
      message: 'Is the hall free?',
    });
    const threadId = sent.threadId as string;
    const waiting = await rowsWhere(h.db, 'messages', { threadId });
    expect(waiting.map((m) => m.receiverId)).toEqual([null]);

    const claimant = await h.signedIn('customer', { name: 'Moshe Claimant' });
    const rival = await h.signedIn('vendor', { name: 'Rival' });
    const rival2 = await h.signedIn('customer', { name: 'Rival Two' });
    const claim = await claimant.caller.claims.submit(form({ vendorId: listing.id }));
    const rivalClaim = await rival.caller.claims.submit(form({ vendorId: listing.id }));
    const rival2Claim = await rival2.caller.claims.submit(form({ vendorId: listing.id }));
    const before = await listingRow(listing.id);

    const res = await decideOverRest('approve', claim.id, 'Registry extract checked');
    expect(res.statusCode).toBe(200);
    const dto = res.json();
    expect(dto).toMatchObject({
      id: claim.id,
      status: 'approved',
      approvedBy: admin.user.id,
      reviewNotes: 'Registry extract checked',
      competingClaimsNow: 0,
      listing: { id: listing.id, ownerId: claimant.user.id, claimed: true },
      history: [
        { toStatus: 'pending', actor: 'Moshe Claimant', actorKind: 'person' },
        {
          fromStatus: 'pending',
          toStatus: 'approved',
          actor: 'Rivka Reviewer',
          note: 'Registry extract checked',
        },
      ],
    });
    expect(typeof dto.reviewedAt).toBe('string');

    const after = await listingRow(listing.id);
    expect(after).toMatchObject({ ownerId: claimant.user.id, claimed: true, version: before.version + 1 });
    expect(await roleOf(claimant.user.id)).toBe('vendor');
    const handedOver = await rowsWhere(h.db, 'messages', { threadId });
    expect(handedOver.map((m) => m.receiverId)).toEqual([claimant.user.id]);
    // The new owner reads the thread on the vendor side (a fresh session carries the new role).
    const threads = await h.request('GET', '/api/messages/threads', claimant);
    expect(threads.statusCode).toBe(200);
    expect(threads.json().threads).toEqual([expect.objectContaining({ id: threadId, side: 'vendor' })]);

    for (const [who, c] of [
      [rival, rivalClaim],
      [rival2, rival2Claim],
    ] as const) {
      const row = await claimRow(c.id);
      expect(row).toMatchObject({ status: 'rejected', reviewNotes: COMPETING_CLAIM_REJECTED });
      expect(row.reviewedAt).toBeInstanceOf(Date);
      const [mine] = await who.caller.claims.mine();
      expect(mine?.history.at(-1)).toMatchObject({
        fromStatus: 'pending',
        toStatus: 'rejected',
        actor: 'SimchaHub',
        actorKind: 'system',
        note: COMPETING_CLAIM_REJECTED,
      });
      expect(await claimNotifications(who.user.id)).toEqual([
        {
          kind: 'claim_decided',
          title: `Your claim for ${listing.businessName} was rejected`,
          body: COMPETING_CLAIM_REJECTED,
          link: '/vendor-dashboard?tab=claims',
        },
      ]);
      expect(await claimMails(who.user.id)).toHaveLength(1);
    }
    expect(await roleOf(rival2.user.id)).toBe('customer');

    expect(await claimNotifications(claimant.user.id)).toEqual([
      {
        kind: 'claim_decided',
        title: `Your claim for ${listing.businessName} was approved`,
        body: 'Registry extract checked',
        link: '/vendor-dashboard?tab=claims',
      },
    ]);
    const [mail] = await claimMails(claimant.user.id);
    expect(mail).toMatchObject({
      toAddress: claimant.user.email,
      subject: `Your claim for ${listing.businessName} was approved`,
      notification: true,
    });
    expect(mail?.textBody).toContain('Registry extract checked');
    expect(mail?.textBody).toContain('/vendor-dashboard?tab=claims');

    const audits = await auditRows(claim.id);
    expect(audits).toHaveLength(1);
    const audit = audits[0] as (typeof audits)[number];
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      action: 'claim.approve',
      reason: 'Registry extract checked',
      before: { status: 'pending', vendorId: listing.id, ownerId: null },
      after: { status: 'approved', vendorId: listing.id, ownerId: claimant.user.id },
    });
    expect((audit.after as { rejectedClaimIds: string[] }).rejectedClaimIds.sort()).toEqual(
      [rivalClaim.id, rival2Claim.id].sort(),
    );

    const live = await liveEventsOf(h.db, claimant.user.id, ['kind', 'ref']);
    expect(live).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'notification' }),
        { kind: 'thread', ref: { threadId } },
      ]),
    );
  });

  it('leaves a vendor a vendor, and needs a revoke before the listing can change hands', async () => {
    const listing = await newListing();
    const vendor = await h.signedIn('vendor');
    const later = await h.signedIn('customer');
    const claim = await vendor.caller.claims.submit(form({ vendorId: listing.id }));
    await admin.caller.admin.claims.approve({ claimId: claim.id });
    expect(await roleOf(vendor.user.id)).toBe('vendor');
    expect((await claimRow(claim.id)).reviewNotes).toBeNull();

    const laterClaim = await later.caller.claims.submit(form({ vendorId: listing.id }));
    const taken = await rejection(admin.caller.admin.claims.approve({ claimId: laterClaim.id }));
    expect(taken).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.listingTaken });
    expect((await claimRow(laterClaim.id)).status).toBe('pending');

    await admin.caller.admin.claims.revoke({ claimId: claim.id, notes: 'Business was sold' });
    await admin.caller.admin.claims.approve({ claimId: laterClaim.id });
    expect((await listingRow(listing.id)).ownerId).toBe(later.user.id);
  });

  it('lets exactly one of two concurrent approvals of competing claims win', async () => {
    const listing = await newListing();
    const [a, b] = await Promise.all([h.signedIn('customer'), h.signedIn('customer')]);
    const claimA = await a.caller.claims.submit(form({ vendorId: listing.id }));
    const claimB = await b.caller.claims.submit(form({ vendorId: listing.id }));
    const results = await Promise.allSettled([
      admin.caller.admin.claims.approve({ claimId: claimA.id }),
      admin.caller.admin.claims.approve({ claimId: claimB.id }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.listingTaken });
    const approved = await rowsWhere(h.db, 'vendorClaims', { vendorId: listing.id, status: 'approved' });
    expect(approved).toHaveLength(1);
    expect((await listingRow(listing.id)).ownerId).toBe(approved[0]?.userId);
  });
});

describe('approving a claim for a new business', () => {
  it('creates the listing from the claim with the mapped category', async () => {
    const customer = await h.signedIn('customer');
    const name = unique('Shutter Simcha');
    const claim = await customer.caller.claims.submit(
      form({ businessName: name, category: 'photographer', businessEmail: 'hello@shutter.example' }),
    );
    const dto = await admin.caller.admin.claims.approve({ claimId: claim.id, notes: null });
    expect(dto.vendorId).not.toBeNull();
    expect(dto).toMatchObject({
      status: 'approved',
      listingName: name,
      listing: { ownerId: customer.user.id },
    });
    const listing = await listingRow(dto.vendorId as string);
    expect(listing).toMatchObject({
      businessName: name,
      category: 'Photographers',
      contactEmail: 'hello@shutter.example',
      ownerId: customer.user.id,
      claimed: true,
      verified: false,
    });
    expect(await roleOf(customer.user.id)).toBe('vendor');
    const [audit] = await auditRows(claim.id);
    expect(audit?.after).toMatchObject({ vendorId: dto.vendorId, ownerId: customer.user.id });
  });

  it('files a business without a category under Other', async () => {
    const customer = await h.signedIn('vendor');
    const claim = await customer.caller.claims.submit(form());
    const dto = await admin.caller.admin.claims.approve({ claimId: claim.id });
    expect((await listingRow(dto.vendorId as string)).category).toBe('Other');
  });

  it('refuses a new business whose name only looks different from a listing’s', async () => {
    // The outside probe's names beside "Levy Simcha Photography", after a tag of this test's own.
    const tag = randomUUID().slice(0, 8);
    const name = `${tag} Levy Simcha Photography`;
    await newListing({ businessName: name, category: 'Photographers' });
    const lookAlikes = [
      `${tag} Levy Simcha Photograph\u0443`, // Cyrillic у
      `${tag} L\u0435vy Simcha Photography`, // Cyrillic е
      `${tag} Levy Simcha Photography.`,
    ];
    for (const businessName of lookAlikes) {
      const customer = await h.signedIn('customer');
      const claim = await customer.caller.claims.submit(form({ businessName }));
      const error = await rejection(admin.caller.admin.claims.approve({ claimId: claim.id }));
      expect(error.code, businessName).toBe('CONFLICT');
      expect(error.message, businessName).toBe(CLAIM_MESSAGES.nameTaken(name));
      expect((await claimRow(claim.id)).status).toBe('pending');
    }
  });

  it('refuses a name another listing has taken since (409), leaving the claim pending', async () => {
    const customer = await h.signedIn('customer');
    const name = unique('Klezmer Kings');
    const claim = await customer.caller.claims.submit(form({ businessName: name }));
    await newListing({ businessName: `  ${name.toUpperCase()} ` });
    const error = await rejection(admin.caller.admin.claims.approve({ claimId: claim.id }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(CLAIM_MESSAGES.nameTaken(`  ${name.toUpperCase()} `));
    expect((await claimRow(claim.id)).status).toBe('pending');
    expect(await auditRows(claim.id)).toEqual([]);
  });
});

describe('rejecting a claim', () => {
  it('rejects a pending claim with the reviewer and notes, and tells the claimant', async () => {
    const customer = await h.signedIn('customer');
    const listing = await newListing();
    const claim = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    const res = await decideOverRest('reject', claim.id, 'Proof does not show ownership');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'rejected',
      approvedBy: admin.user.id,
      reviewNotes: 'Proof does not show ownership',
    });
    const row = await claimRow(claim.id);
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(row.decidedAt).toBeInstanceOf(Date);
    expect((await listingRow(listing.id)).ownerId).toBeNull();
    expect(await roleOf(customer.user.id)).toBe('customer');
    expect(await auditRows(claim.id)).toEqual([
      expect.objectContaining({
        action: 'claim.reject',
        actorId: admin.user.id,
        reason: 'Proof does not show ownership',
        before: { status: 'pending' },
        after: { status: 'rejected' },
      }),
    ]);
    expect((await claimNotifications(customer.user.id))[0]?.title).toBe(
      `Your claim for ${listing.businessName} was rejected`,
    );
    expect(await claimMails(customer.user.id)).toHaveLength(1);
  });

  it('writes no mail to a claimant who turned e-mail notifications off, but still rings the bell', async () => {
    const customer = await h.signedIn('customer');
    await turnOffEmails(h.db, customer.user.id);
    const claim = await customer.caller.claims.submit(form());
    await admin.caller.admin.claims.reject({ claimId: claim.id });
    expect(await claimMails(customer.user.id)).toEqual([]);
    expect(await claimNotifications(customer.user.id)).toHaveLength(1);
  });
});

describe('revoking an approved claim', () => {
  it('takes the listing back from the claimant, who stays a vendor', async () => {
    const customer = await h.signedIn('customer');
    const listing = await newListing();
    const claim = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    await admin.caller.admin.claims.approve({ claimId: claim.id });
    const owned = await listingRow(listing.id);

    const blank = await decideOverRest('revoke', claim.id, ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.issues).toEqual([
      {
        path: ['notes'],
        message: CLAIM_MESSAGES.reasonRequired,
        ...messageCodeFields(CLAIM_MESSAGES.reasonRequired),
      },
    ]);

    const res = await decideOverRest('revoke', claim.id, 'Ownership disputed by the registry');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'revoked',
      reviewNotes: 'Ownership disputed by the registry',
      listing: { ownerId: null, claimed: false },
    });
    expect(await listingRow(listing.id)).toMatchObject({
      ownerId: null,
      claimed: false,
      version: owned.version + 1,
    });
    expect(await roleOf(customer.user.id)).toBe('vendor');
    const audits = await auditRows(claim.id);
    expect(audits.map((a) => a.action)).toEqual(['claim.approve', 'claim.revoke']);
    expect(audits[1]).toMatchObject({
      reason: 'Ownership disputed by the registry',
      before: { status: 'approved', ownerId: customer.user.id },
      after: { status: 'revoked', ownerId: null },
    });
    expect((await claimNotifications(customer.user.id)).map((n) => n.title)).toEqual([
      `Your claim for ${listing.businessName} was approved`,
      `Your claim for ${listing.businessName} was revoked`,
    ]);
    const [mine] = await customer.caller.claims.mine();
    expect(mine?.history.map((e) => [e.toStatus, e.actor])).toEqual([
      ['pending', 'You'],
      ['approved', 'An administrator'],
      ['revoked', 'An administrator'],
    ]);
  });

  it('leaves a listing alone that has changed hands since', async () => {
    const customer = await h.signedIn('customer');
    const someoneElse = await h.signedIn('vendor');
    const listing = await newListing();
    const claim = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    await admin.caller.admin.claims.approve({ claimId: claim.id });
    await h.db
      .updateTable('vendors')
      .set({ ownerId: someoneElse.user.id })
      .where('id', '=', listing.id)
      .execute();
    await admin.caller.admin.claims.revoke({ claimId: claim.id, notes: 'Duplicate' });
    expect(await listingRow(listing.id)).toMatchObject({ ownerId: someoneElse.user.id, claimed: true });
  });
});

describe('decisions only from the right state', () => {
  it('approves and rejects pending claims only, and revokes approved ones only', async () => {
    const customer = await h.signedIn('customer');
    const pending = await customer.caller.claims.submit(form());
    const revokePending = await rejection(
      admin.caller.admin.claims.revoke({ claimId: pending.id, notes: 'x' }),
    );
    expect(revokePending).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.notApproved });

    await admin.caller.admin.claims.reject({ claimId: pending.id });
    for (const decide of [admin.caller.admin.claims.approve, admin.caller.admin.claims.reject]) {
      const error = await rejection(decide({ claimId: pending.id }));
      expect(error).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.notPending });
    }
    const revokeRejected = await rejection(
      admin.caller.admin.claims.revoke({ claimId: pending.id, notes: 'x' }),
    );
    expect(revokeRejected.message).toBe(CLAIM_MESSAGES.notApproved);

    const approved = await customer.caller.claims.submit(form({ vendorId: (await newListing()).id }));
    await admin.caller.admin.claims.approve({ claimId: approved.id });
    const twice = await rejection(admin.caller.admin.claims.approve({ claimId: approved.id }));
    expect(twice).toMatchObject({ code: 'CONFLICT', message: CLAIM_MESSAGES.notPending });
    const rejectApproved = await rejection(admin.caller.admin.claims.reject({ claimId: approved.id }));
    expect(rejectApproved.message).toBe(CLAIM_MESSAGES.notPending);

    const withdrawn = await customer.caller.claims.submit(form());
    await customer.caller.claims.withdraw({ claimId: withdrawn.id });
    expect((await rejection(admin.caller.admin.claims.approve({ claimId: withdrawn.id }))).message).toBe(
      CLAIM_MESSAGES.notPending,
    );

    for (const decide of [admin.caller.admin.claims.approve, admin.caller.admin.claims.reject]) {
      const error = await rejection(decide({ claimId: randomUUID() }));
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: CLAIM_MESSAGES.notFound });
    }
    const missing = await decideOverRest('approve', 'nope');
    expect(missing.statusCode).toBe(400);
  });
});

describe('the admin lists', () => {
  it('lists claims with the submitter, evidence and the listing now; pending oldest first', async () => {
    const customer = await h.signedIn('customer', { name: 'Chana Lister' });
    const listing = await newListing({ website: 'https://goldberg-catering.com', city: 'Teaneck' });
    const first = await customer.caller.claims.submit(form({ vendorId: listing.id }));
    const second = await customer.caller.claims.submit(form());

    const res = await h.request('GET', '/api/admin/vendor-claims', admin);
    expect(res.statusCode).toBe(200);
    const all = res.json() as { id: string; submittedAt: string }[];
    const times = all.map((c) => Date.parse(c.submittedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const view = all.find((c) => c.id === first.id);
    expect(view).toMatchObject({
      userId: customer.user.id,
      userEmail: customer.user.email,
      userName: 'Chana Lister',
      ownershipProof: expect.any(String),
      evidence: { domainMatch: 'website', competingClaims: 0, accountAgeDays: 0 },
      competingClaimsNow: 0,
      listing: {
        id: listing.id,
        businessName: listing.businessName,
        category: 'Venues',
        website: 'https://goldberg-catering.com',
        city: 'Teaneck',
        ownerId: null,
        claimed: false,
        verified: false,
      },
    });
    expect(all.find((c) => c.id === second.id)).toMatchObject({
      listing: null,
      evidence: { domainMatch: 'no-listing' },
    });
    expect(res.body).not.toMatch(/password/i);

    const pending = await h.request('GET', '/api/admin/vendor-claims/pending', admin);
    expect(pending.statusCode).toBe(200);
    const queue = pending.json() as { id: string; status: string; submittedAt: string }[];
    expect(queue.every((c) => c.status === 'pending')).toBe(true);
    const queued = queue.map((c) => Date.parse(c.submittedAt));
    expect([...queued].sort((a, b) => a - b)).toEqual(queued);
    expect(queue.findIndex((c) => c.id === first.id)).toBeLessThan(
      queue.findIndex((c) => c.id === second.id),
    );

    const filtered = await h.request('GET', '/api/admin/vendor-claims?status=pending', admin);
    expect(filtered.json().map((c: { id: string }) => c.id)).toEqual(queue.map((c) => c.id));
    const bad = await h.request('GET', '/api/admin/vendor-claims?status=bogus', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('shows no evidence for claims from before it was computed', async () => {
    const customer = await h.signedIn('customer');
    const { id } = await h.db
      .insertInto('vendorClaims')
      .values({
        userId: customer.user.id,
        businessName: 'Old Claim',
        businessDescription: 'd',
        businessAddress: 'a',
        businessPhone: 'p',
        businessEmail: 'e@example.com',
        ownershipProof: 'o',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const view = await adminView(id);
    expect(view).toMatchObject({ evidence: null, history: [] });
  });
});

describe('who may do what', () => {
  it('keeps the admin paths to admins, over tRPC and REST', async () => {
    const customer = await h.signedIn('customer');
    const vendor = await h.signedIn('vendor');
    const claim = await customer.caller.claims.submit(form());
    for (const who of [customer, vendor]) {
      for (const attempt of [
        who.caller.admin.claims.list({}),
        who.caller.admin.claims.pending(),
        who.caller.admin.claims.approve({ claimId: claim.id }),
        who.caller.admin.claims.reject({ claimId: claim.id }),
        who.caller.admin.claims.revoke({ claimId: claim.id, notes: 'x' }),
      ]) {
        expect((await rejection(attempt)).code).toBe('FORBIDDEN');
      }
    }
    const paths: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/admin/vendor-claims'],
      ['GET', '/api/admin/vendor-claims/pending'],
      ['POST', '/api/admin/vendor-claims/approve', { claimId: claim.id }],
      ['POST', '/api/admin/vendor-claims/reject', { claimId: claim.id }],
      ['POST', '/api/admin/vendor-claims/revoke', { claimId: claim.id, notes: 'x' }],
    ];
    for (const [method, url, payload] of paths) {
      expect((await h.request(method, url, null, payload)).statusCode).toBe(401);
      expect((await h.request(method, url, customer, payload)).statusCode).toBe(403);
      expect((await h.request(method, url, vendor, payload)).statusCode).toBe(403);
    }
    expect((await claimRow(claim.id)).status).toBe('pending');
    expect((await rejection(h.anonymous().caller.claims.mine())).code).toBe('UNAUTHORIZED');
  });
});

describe('the audit log', () => {
  it('refuses to change or delete its rows', async () => {
    const customer = await h.signedIn('customer');
    const claim = await customer.caller.claims.submit(form());
    await admin.caller.admin.claims.reject({ claimId: claim.id, notes: 'No proof' });
    expect(await auditRows(claim.id)).toHaveLength(1);
    await expect(
      sql`UPDATE audit_log SET reason = 'edited' WHERE target_id = ${claim.id}`.execute(h.db),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`DELETE FROM audit_log WHERE target_id = ${claim.id}`.execute(h.db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    expect(await auditRows(claim.id)).toEqual([expect.objectContaining({ reason: 'No proof' })]);
  });
});
