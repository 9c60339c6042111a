import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { KASHRUT_MESSAGES, type KashrutSaveInput } from '../../../shared/schemas/kashrut';
import { vendorListInput } from '../../../shared/schemas/vendors';
import { createVendor } from '../../demo/factories';
import { sweepExpiredRows } from '../../expired-rows';
import type { NewVendor } from '../../platform/db/types';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';
import { onStore, STORE_DRIVERS, storedExists } from '../../test/stores';
import { gif, multipartBody, png } from '../../test/uploads';
import { attachmentKey } from '../attachments/attachments.service';
import { MarketplaceCache } from '../vendors/marketplace-cache';
import { listVendors } from '../vendors/vendors.service';
import { sendKashrutExpiryNotices } from './kashrut.service';

let clock = new Date('2027-01-15T15:00:00Z');
const h = harnessForFile({ now: () => clock });
let admin: Party;
let customer: Party;

beforeAll(async () => {
  h.deps.config.limits.attachments = { max: 10_000, windowMs: 60_000 };
  admin = await h.signedIn('admin');
  customer = await h.signedIn('customer');
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

const unique = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

/** A vendor with a listing of theirs (a caterer unless told). */
async function ownerWith(listing: Partial<NewVendor> = {}) {
  const vendor = await h.signedIn('vendor');
  const row = await createVendor(h.db, {
    businessName: unique('Glatt Kitchen'),
    category: 'Caterers',
    ownerId: vendor.user.id,
    claimed: true,
    ...listing,
  });
  return { vendor, listing: row };
}

function statement(vendorId: string, overrides: Partial<KashrutSaveInput> = {}): KashrutSaveInput {
  return {
    vendorId,
    agency: 'ou',
    level: 'meat',
    glatt: true,
    shomerShabbat: true,
    expiresOn: '2027-12-31',
    ...overrides,
  };
}

async function uploadCertificate(
  owner: Party,
  vendorId: string,
  content: Buffer = PDF,
  filename = 'certificate.pdf',
) {
  const body = multipartBody([{ field: 'file', content, filename, contentType: 'application/octet-stream' }]);
  return h.inject({
    method: 'POST',
    url: `/api/vendors/profile/kashrut/certificate?vendorId=${vendorId}`,
    headers: { ...body.headers, cookie: await h.cookieFor(owner.user.id) },
    payload: body.payload,
  });
}

async function download(vendorId: string, who: Party | null) {
  return h.inject({
    method: 'GET',
    url: `/api/vendors/${vendorId}/kashrut/certificate`,
    headers: who ? { cookie: await h.cookieFor(who.user.id) } : {},
  });
}

/** A caterer whose supervision is stated, with a certificate, and verified by the admin. */
async function verifiedCaterer(listing: Partial<NewVendor> = {}, overrides: Partial<KashrutSaveInput> = {}) {
  const { vendor, listing: row } = await ownerWith(listing);
  await vendor.caller.kashrut.save(statement(row.id, overrides));
  expect((await uploadCertificate(vendor, row.id)).statusCode).toBe(201);
  await admin.caller.admin.kashrut.verify({ vendorId: row.id });
  return { vendor, listing: row };
}

function fieldOf(error: { cause?: unknown }) {
  return (error.cause as { issues?: { path: string[]; message: string }[] }).issues?.[0];
}

describe('stating kashrut', () => {
  it('is for food listings only: caterers and venues', async () => {
    const { vendor, listing } = await ownerWith({ category: 'Photographers' });
    const error = await rejection(vendor.caller.kashrut.save(statement(listing.id)));
    expect(error.code).toBe('BAD_REQUEST');
    expect(fieldOf(error)).toEqual({ path: ['agency'], message: KASHRUT_MESSAGES.notFood, code: 'custom' });
    expect((await vendor.caller.kashrut.mine({ vendorId: listing.id })).mayState).toBe(false);

    const venue = await ownerWith({ category: 'Venues' });
    const saved = await venue.vendor.caller.kashrut.save(statement(venue.listing.id));
    expect(saved).toMatchObject({
      mayState: true,
      kashrut: { agency: 'ou', level: 'meat', status: 'stated' },
    });
  });

  it('is edited by the owner only', async () => {
    const { listing } = await ownerWith();
    const other = await h.signedIn('vendor');
    const error = await rejection(other.caller.kashrut.save(statement(listing.id)));
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(error.code);
    expect((await rejection(customer.caller.kashrut.save(statement(listing.id)))).code).toBe('FORBIDDEN');
    expect((await rejection(admin.caller.kashrut.save(statement(listing.id)))).code).toBe('FORBIDDEN');
    expect(await rowsWhere(h.db, 'vendorKashrut', { vendorId: listing.id })).toHaveLength(0);
  });

  it('takes first statements sent at once: one states it, the others find it stated', async () => {
    // Each round a fresh listing, its first statement sent three times at once (a double tap, a retry).
    for (let round = 0; round < 8; round++) {
      const { vendor, listing } = await ownerWith();
      const answers = await Promise.all([
        vendor.caller.kashrut.save(statement(listing.id)),
        vendor.caller.kashrut.save(statement(listing.id, { level: 'pareve', glatt: false })),
        vendor.caller.kashrut.save(statement(listing.id, { shomerShabbat: false })),
      ]);
      for (const answer of answers) expect(answer.kashrut).not.toBeNull();
      expect(await rowsWhere(h.db, 'vendorKashrut', { vendorId: listing.id })).toHaveLength(1);
    }
  });

  it('refuses "other" without a name and an expiry date that has come, under their fields', async () => {
    const { vendor, listing } = await ownerWith();
    const other = await rejection(vendor.caller.kashrut.save(statement(listing.id, { agency: 'other' })));
    expect(fieldOf(other)).toMatchObject({ path: ['agencyOther'], message: KASHRUT_MESSAGES.otherNeedsName });
    // The listing's local day is 2027-01-15: that day itself has passed for a certificate.
    for (const expiresOn of ['2027-01-14', '2027-01-15']) {
      const past = await rejection(vendor.caller.kashrut.save(statement(listing.id, { expiresOn })));
      expect(fieldOf(past)).toMatchObject({ path: ['expiresOn'], message: KASHRUT_MESSAGES.expiryPassed });
    }
    const named = await vendor.caller.kashrut.save(
      statement(listing.id, { agency: 'other', agencyOther: 'Vaad of Springfield' }),
    );
    expect(named.kashrut).toMatchObject({ agency: 'other', agencyLabel: 'Vaad of Springfield' });
  });
});

describe.each(STORE_DRIVERS)('the certificate (%s store)', (driver) => {
  onStore(h, driver);

  it('is private: the owner and admins read it, anyone else gets 404', async () => {
    const { vendor, listing } = await ownerWith();
    const before = await uploadCertificate(vendor, listing.id);
    expect(before.statusCode).toBe(400);
    expect(before.json().error.message).toBe(KASHRUT_MESSAGES.notStated);

    await vendor.caller.kashrut.save(statement(listing.id));
    const res = await uploadCertificate(vendor, listing.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().kashrut).toMatchObject({
      status: 'pending',
      certificate: {
        name: 'certificate.pdf',
        contentType: 'application/pdf',
        url: `/api/vendors/${listing.id}/kashrut/certificate`,
      },
    });

    const mine = await download(listing.id, vendor);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers['cache-control']).toMatch(/^private/);
    expect((await download(listing.id, admin)).statusCode).toBe(200);
    expect((await download(listing.id, customer)).statusCode).toBe(404);
    expect((await download(listing.id, await h.signedIn('vendor'))).statusCode).toBe(404);
    expect((await download(listing.id, null)).statusCode).toBe(401);
    const byCustomer = await uploadCertificate(customer, listing.id);
    expect(byCustomer.statusCode).toBe(403);
    const byOtherVendor = await uploadCertificate(await h.signedIn('vendor'), listing.id);
    expect(byOtherVendor.statusCode).toBe(404);

    // Stored as a private attachment of the owner's, counted in their storage, never a conversation file.
    const [row] = await rowsWhere(
      h.db,
      'attachments',
      { uploaderId: vendor.user.id },
      { columns: ['id', 'purpose', 'bytes'] },
    );
    expect(row).toMatchObject({ purpose: 'kashrut', bytes: PDF.length });
    const asAttachment = await h.inject({
      method: 'GET',
      url: `/api/attachments/${row?.id}`,
      headers: { cookie: await h.cookieFor(vendor.user.id) },
    });
    expect(asAttachment.statusCode).toBe(404);
  });

  it('takes PDF, JPEG or PNG; a new one replaces the old one', async () => {
    const { vendor, listing } = await ownerWith();
    await vendor.caller.kashrut.save(statement(listing.id));
    const moving = await uploadCertificate(vendor, listing.id, await gif(10, 10), 'cert.gif');
    expect(moving.statusCode).toBe(400);
    expect(moving.json().error.message).toBe(KASHRUT_MESSAGES.onlyPdfJpegPng);
    expect((await uploadCertificate(vendor, listing.id)).statusCode).toBe(201);
    const second = await uploadCertificate(vendor, listing.id, await png(20, 20), 'cert.png');
    expect(second.statusCode).toBe(201);
    expect(second.json().kashrut.certificate.contentType).toBe('image/png');
    expect(await rowsWhere(h.db, 'attachments', { uploaderId: vendor.user.id })).toHaveLength(1);
  });

  it('cannot be uploaded for a listing that is not a caterer or venue', async () => {
    const { vendor, listing } = await ownerWith({ category: 'Florists' });
    const res = await uploadCertificate(vendor, listing.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(KASHRUT_MESSAGES.notFood);
  });
});

describe('verification', () => {
  it('is audited in its transaction, and the owner is told in the bell and by mail', async () => {
    const { vendor, listing } = await ownerWith();
    await vendor.caller.kashrut.save(statement(listing.id));
    await uploadCertificate(vendor, listing.id);
    const pending = await admin.caller.admin.kashrut.list({ status: 'pending' });
    expect(pending.map((p) => p.vendorId)).toContain(listing.id);

    const verified = await admin.caller.admin.kashrut.verify({ vendorId: listing.id });
    expect(verified).toMatchObject({ status: 'verified', businessName: listing.businessName });
    const audits = await rowsWhere(
      h.db,
      'auditLog',
      { targetId: listing.id },
      { columns: ['action', 'actorId', 'targetType'] },
    );
    expect(audits).toEqual([{ action: 'kashrut.verify', actorId: admin.user.id, targetType: 'vendor' }]);
    const bell = await rowsWhere(
      h.db,
      'notifications',
      { userId: vendor.user.id, kind: 'kashrut' },
      { columns: ['title'] },
    );
    expect(bell).toEqual([{ title: `The kashrut of ${listing.businessName} was verified` }]);
    expect(
      await rowsWhere(h.db, 'mailOutbox', { userId: vendor.user.id, kind: 'kashrut-decided' }),
    ).toHaveLength(1);
    expect(
      (await admin.caller.admin.kashrut.list({ status: 'pending' })).map((p) => p.vendorId),
    ).not.toContain(listing.id);
  });

  it('is only for admins, and needs a certificate', async () => {
    const { vendor, listing } = await ownerWith();
    await vendor.caller.kashrut.save(statement(listing.id));
    expect((await rejection(vendor.caller.admin.kashrut.verify({ vendorId: listing.id }))).code).toBe(
      'FORBIDDEN',
    );
    const error = await rejection(admin.caller.admin.kashrut.verify({ vendorId: listing.id }));
    expect(error.message).toBe(KASHRUT_MESSAGES.noCertificate);
    expect(await rowsWhere(h.db, 'auditLog', { targetId: listing.id })).toHaveLength(0);
  });

  it('a rejection carries its reason to the owner, audited', async () => {
    const { vendor, listing } = await ownerWith();
    await vendor.caller.kashrut.save(statement(listing.id));
    await uploadCertificate(vendor, listing.id);
    const rejected = await admin.caller.admin.kashrut.reject({
      vendorId: listing.id,
      reason: 'The certificate names another address',
    });
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectedReason: 'The certificate names another address',
    });
    const audits = await rowsWhere(
      h.db,
      'auditLog',
      { targetId: listing.id },
      { columns: ['action', 'reason'] },
    );
    expect(audits).toEqual([{ action: 'kashrut.reject', reason: 'The certificate names another address' }]);
    expect(await rowsWhere(h.db, 'notifications', { userId: vendor.user.id, kind: 'kashrut' })).toHaveLength(
      1,
    );
    // The profile shows it as the business's own statement.
    const profile = await customer.caller.vendors.byId({ id: listing.id });
    expect(profile.kashrut).toMatchObject({ agency: 'ou', verified: false, verifiedOn: null });
  });

  it('is cleared by a change of what was verified, and kept by a save that changes nothing', async () => {
    const { vendor, listing } = await verifiedCaterer();
    const same = await vendor.caller.kashrut.save(statement(listing.id));
    expect(same.kashrut?.status).toBe('verified');
    for (const change of [
      { level: 'dairy' as const },
      { chalavYisrael: true },
      { agency: 'ok' as const },
      { expiresOn: '2028-01-31' },
    ]) {
      await admin.caller.admin.kashrut.verify({ vendorId: listing.id });
      const changed = await vendor.caller.kashrut.save(statement(listing.id, change));
      expect(changed.kashrut?.status, JSON.stringify(change)).toBe('pending');
      expect(changed.kashrut?.verifiedAt).toBeNull();
    }
    await admin.caller.admin.kashrut.verify({ vendorId: listing.id });
    const renewed = await uploadCertificate(vendor, listing.id);
    expect(renewed.json().kashrut.status).toBe('pending');
  });

  it('a stale version is refused', async () => {
    const { vendor, listing } = await verifiedCaterer();
    const mine = await vendor.caller.kashrut.mine({ vendorId: listing.id });
    await vendor.caller.kashrut.save(statement(listing.id, { level: 'pareve', version: mine.version }));
    const error = await rejection(
      vendor.caller.kashrut.save(statement(listing.id, { version: mine.version })),
    );
    expect(error.code).toBe('CONFLICT');
  });
});

describe('the badge in the marketplace lists', () => {
  it('shows verified, unexpired kashrut only, in the page’s own statement, and drops it from a kept answer at expiry', async () => {
    clock = new Date('2027-01-15T15:00:00Z');
    try {
      const tag = randomUUID().slice(0, 8);
      const name = (n: string) => `Badge ${tag} ${n}`;
      await verifiedCaterer({ businessName: name('verified') }, { expiresOn: '2027-01-20' });
      const stated = await ownerWith({ businessName: name('stated') });
      await stated.vendor.caller.kashrut.save(statement(stated.listing.id));
      await ownerWith({ businessName: name('none') });

      const cache = new MarketplaceCache();
      const badges = async () => {
        const page = await listVendors(
          h.db,
          cache,
          null,
          vendorListInput.parse({ search: tag, page_size: 50 }),
          undefined,
          clock,
        );
        return Object.fromEntries(page.items.map((v) => [v.businessName, v.kashrutBadge]));
      };
      // A listing without coordinates expires at UTC midnight starting its expiry day.
      expect(await badges()).toEqual({
        [name('verified')]: { agency: 'ou', agencyOther: null, until: '2027-01-20T00:00:00Z' },
        [name('stated')]: null,
        [name('none')]: null,
      });
      // The same answer is kept (no row changed), but not its lapsed badge.
      clock = new Date('2027-01-20T00:00:00Z');
      expect((await badges())[name('verified')]).toBeNull();
      // Over REST too.
      const rest = await h.request('GET', `/api/vendors?search=${tag}&page_size=50`, null);
      const verified = rest
        .json()
        .items.find((v: { businessName: string }) => v.businessName === name('verified'));
      expect(verified.kashrutBadge).toBeNull();
    } finally {
      clock = new Date('2027-01-15T15:00:00Z');
    }
  });
});

/** Whether the attachment's file is in the store. */
const fileKept = (id: string) => storedExists(h, attachmentKey(id));

describe.each(STORE_DRIVERS)('removing the supervision (%s store)', (driver) => {
  onStore(h, driver);

  it('is for the owner only, and takes the verification and the certificate (row and file) with it', async () => {
    const tag = randomUUID().slice(0, 8);
    const { vendor, listing } = await verifiedCaterer({ businessName: `Removed ${tag}` });
    const [certificate] = await rowsWhere(h.db, 'attachments', { uploaderId: vendor.user.id });
    const certificateId = certificate?.id as string;
    expect(await fileKept(certificateId)).toBe(true);
    const found = async () =>
      (await customer.caller.vendors.list({ kashrut: ['ou'], search: tag })).items.map((v) => v.id);
    expect(await found()).toEqual([listing.id]);

    const other = await h.signedIn('vendor');
    const byOther = await rejection(other.caller.kashrut.remove({ vendorId: listing.id }));
    expect(['NOT_FOUND', 'FORBIDDEN']).toContain(byOther.code);
    expect((await rejection(customer.caller.kashrut.remove({ vendorId: listing.id }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await rejection(admin.caller.kashrut.remove({ vendorId: listing.id }))).code).toBe('FORBIDDEN');
    expect(await rowsWhere(h.db, 'vendorKashrut', { vendorId: listing.id })).toHaveLength(1);

    const mine = await vendor.caller.kashrut.mine({ vendorId: listing.id });
    const removed = await vendor.caller.kashrut.remove({ vendorId: listing.id, version: mine.version });
    expect(removed).toMatchObject({ vendorId: listing.id, mayState: true, kashrut: null });
    expect(removed.version).toBeUndefined();
    expect(await rowsWhere(h.db, 'vendorKashrut', { vendorId: listing.id })).toHaveLength(0);
    expect(await rowsWhere(h.db, 'attachments', { id: certificateId })).toHaveLength(0);
    expect(await fileKept(certificateId)).toBe(false);
    // Gone from the profile, the filter (its remembered answer too) and the admins' lists.
    expect((await customer.caller.vendors.byId({ id: listing.id })).kashrut).toBeNull();
    expect(await found()).toEqual([]);
    const verified = await admin.caller.admin.kashrut.list({ status: 'verified' });
    expect(verified.map((k) => k.vendorId)).not.toContain(listing.id);
    expect((await download(listing.id, admin)).statusCode).toBe(404);

    // Removing nothing is done already; asked from a version, it says the supervision is gone.
    expect((await vendor.caller.kashrut.remove({ vendorId: listing.id })).kashrut).toBeNull();
    const again = await rejection(
      vendor.caller.kashrut.remove({ vendorId: listing.id, version: mine.version }),
    );
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(KASHRUT_MESSAGES.alreadyRemoved);

    // It can be stated again afresh: not verified, no certificate.
    const restated = await vendor.caller.kashrut.save(statement(listing.id));
    expect(restated.kashrut).toMatchObject({ status: 'stated', certificate: null, verifiedAt: null });
  });

  it('keeps a supervision without a certificate removable, and other listings’ certificates alone', async () => {
    const { vendor, listing } = await ownerWith();
    const second = await createVendor(h.db, {
      businessName: unique('Second Hall'),
      category: 'Venues',
      ownerId: vendor.user.id,
      claimed: true,
    });
    await vendor.caller.kashrut.save(statement(listing.id));
    await vendor.caller.kashrut.save(statement(second.id));
    expect((await uploadCertificate(vendor, second.id)).statusCode).toBe(201);

    expect((await vendor.caller.kashrut.remove({ vendorId: listing.id })).kashrut).toBeNull();
    expect(await rowsWhere(h.db, 'vendorKashrut', { vendorId: second.id })).toHaveLength(1);
    expect(await rowsWhere(h.db, 'attachments', { uploaderId: vendor.user.id })).toHaveLength(1);
    expect((await download(second.id, vendor)).statusCode).toBe(200);
  });

  it('from a stale version is refused with the supervision as it is now, and removes nothing', async () => {
    const { vendor, listing } = await verifiedCaterer();
    const mine = await vendor.caller.kashrut.mine({ vendorId: listing.id });
    await vendor.caller.kashrut.save(statement(listing.id, { level: 'pareve', version: mine.version }));
    const error = await rejection(
      vendor.caller.kashrut.remove({ vendorId: listing.id, version: mine.version }),
    );
    expect(error.code).toBe('CONFLICT');
    expect((error as { current?: unknown }).current).toMatchObject({ level: 'pareve' });
    expect(await rowsWhere(h.db, 'vendorKashrut', { vendorId: listing.id })).toHaveLength(1);
    expect(await rowsWhere(h.db, 'attachments', { uploaderId: vendor.user.id })).toHaveLength(1);
  });
});

describe('the badge on the profile', () => {
  it('is lost on the expiry day in the listing’s zone, not a day early or late', async () => {
    clock = new Date('2027-03-01T12:00:00Z');
    try {
      // Los Angeles: UTC-8 on March 9 (daylight saving time starts on March 14, 2027).
      const { listing } = await verifiedCaterer({}, { expiresOn: '2027-03-10' });
      await h.db
        .updateTable('vendors')
        .set({ timeZone: 'America/Los_Angeles' })
        .where('id', '=', listing.id)
        .execute();
      const badge = async (at: string) => {
        clock = new Date(at);
        return (await customer.caller.vendors.byId({ id: listing.id })).kashrut;
      };
      expect(await badge('2027-03-09T12:00:00Z')).toMatchObject({ verified: true, verifiedOn: '2027-03-01' });
      // 23:59 on March 9 in Los Angeles, already March 10 in UTC.
      expect((await badge('2027-03-10T07:59:00Z'))?.verified).toBe(true);
      // Midnight of March 10 in Los Angeles.
      expect(await badge('2027-03-10T08:00:00Z')).toMatchObject({
        verified: false,
        verifiedOn: null,
        agency: 'ou',
      });
      expect((await badge('2027-03-11T12:00:00Z'))?.verified).toBe(false);
      const anonymous = await h.anonymous().caller.vendors.byId({ id: listing.id });
      expect(anonymous.kashrut).toMatchObject({
        agencyLabel: 'OU (Orthodox Union)',
        glatt: true,
        shomerShabbat: true,
      });
    } finally {
      clock = new Date('2027-01-15T15:00:00Z');
    }
  });

  it('is not shown for a listing that left the food categories', async () => {
    const { listing } = await verifiedCaterer();
    await h.db
      .updateTable('vendors')
      .set({ category: 'Photographers' })
      .where('id', '=', listing.id)
      .execute();
    expect((await customer.caller.vendors.byId({ id: listing.id })).kashrut).toBeNull();
  });
});

describe('the 30-day notice', () => {
  it('is sent once per expiry date, 30 days before it in the listing’s zone', async () => {
    clock = new Date('2027-01-15T15:00:00Z');
    const { vendor, listing } = await verifiedCaterer({}, { expiresOn: '2027-03-01' });
    const run = async (at: string) => {
      clock = new Date(at);
      await sendKashrutExpiryNotices({ db: h.db, now: () => clock, appUrl: 'https://simchahub.test' });
      return rowsWhere(
        h.db,
        'mailOutbox',
        { userId: vendor.user.id, kind: 'kashrut-expires' },
        { columns: ['subject'] },
      );
    };
    try {
      expect(await run('2027-01-29T12:00:00Z')).toHaveLength(0); // 31 days ahead
      const told = await run('2027-01-30T12:00:00Z'); // 30 days ahead
      expect(told).toEqual([
        { subject: `The kashrut certificate of ${listing.businessName} expires on March 1, 2027` },
      ]);
      expect(await run('2027-02-10T12:00:00Z')).toHaveLength(1);
      expect(
        await rowsWhere(h.db, 'notifications', { userId: vendor.user.id, kind: 'kashrut' }),
      ).toHaveLength(2);

      // A renewed certificate with a new expiry date is told about again when its time comes.
      await vendor.caller.kashrut.save(statement(listing.id, { expiresOn: '2027-04-01' }));
      await admin.caller.admin.kashrut.verify({ vendorId: listing.id });
      expect(await run('2027-02-20T12:00:00Z')).toHaveLength(1);
      expect(await run('2027-03-03T12:00:00Z')).toHaveLength(2);
      expect(await run('2027-03-04T12:00:00Z')).toHaveLength(2);
      // The maintenance sweep runs it when it knows the site's address.
      await vendor.caller.kashrut.save(statement(listing.id, { expiresOn: '2027-04-20' }));
      await admin.caller.admin.kashrut.verify({ vendorId: listing.id });
      clock = new Date('2027-03-25T12:00:00Z');
      const swept = await sweepExpiredRows({ db: h.db, now: () => clock, appUrl: 'https://simchahub.test' });
      expect(swept).toMatchObject({ kashrutExpiryNotices: 1 });
    } finally {
      clock = new Date('2027-01-15T15:00:00Z');
    }
  });
});

describe('the marketplace filter', () => {
  it('counts verified, unexpired kashrut only, and combines agencies, levels and flags', async () => {
    clock = new Date('2027-01-15T15:00:00Z');
    const tag = randomUUID().slice(0, 8);
    const name = (n: string) => `Kashrut ${tag} ${n}`;
    const ouMeat = await verifiedCaterer({ businessName: name('ou meat') }, { chalavYisrael: false });
    const okDairy = await verifiedCaterer(
      { businessName: name('ok dairy'), category: 'Venues' },
      { agency: 'ok', level: 'dairy', glatt: false, chalavYisrael: true },
    );
    const expiring = await verifiedCaterer({ businessName: name('expiring') }, { expiresOn: '2027-01-20' });
    const stated = await ownerWith({ businessName: name('stated') });
    await stated.vendor.caller.kashrut.save(statement(stated.listing.id));

    const found = async (kashrut: string[]) => {
      const page = await customer.caller.vendors.list({ kashrut, search: tag, page_size: 50 });
      return page.items.map((v) => v.businessName).sort();
    };
    expect(await found(['ou'])).toEqual([name('expiring'), name('ou meat')].sort());
    expect(await found(['ou', 'ok'])).toEqual([name('expiring'), name('ok dairy'), name('ou meat')].sort());
    expect(await found(['ou', 'glatt', 'shomer-shabbat'])).toEqual(
      [name('expiring'), name('ou meat')].sort(),
    );
    expect(await found(['chalav-yisrael'])).toEqual([name('ok dairy')]);
    expect(await found(['ou', 'chalav-yisrael'])).toEqual([]);
    expect(await found(['dairy', 'meat'])).toHaveLength(3);
    expect(await found(['pareve'])).toEqual([]);

    // On its expiry day the listing leaves the results (the remembered answer too).
    clock = new Date('2027-01-20T15:00:00Z');
    expect(await found(['ou'])).toEqual([name('ou meat')]);
    // A change of what was verified takes it out at once.
    await ouMeat.vendor.caller.kashrut.save(statement(ouMeat.listing.id, { level: 'dairy' }));
    expect(await found(['ou'])).toEqual([]);
    expect(okDairy.listing.id).toBeTruthy();
    expect(expiring.listing.id).toBeTruthy();
    clock = new Date('2027-01-15T15:00:00Z');
  });

  it('refuses unknown words', async () => {
    const error = await rejection(customer.caller.vendors.list({ kashrut: ['kosher-ish'] }));
    expect(error.code).toBe('BAD_REQUEST');
  });

  it('over REST, takes the parameter repeated', async () => {
    const res = await h.request('GET', '/api/vendors?kashrut=ou&kashrut=glatt&page_size=5', null);
    expect(res.statusCode).toBe(200);
    const one = await h.request('GET', '/api/vendors?kashrut=star-k', null);
    expect(one.statusCode).toBe(200);
  });
});

describe('REST', () => {
  it('GET and PUT /api/vendors/profile/kashrut, with ETags and If-Match', async () => {
    const { vendor, listing } = await ownerWith();
    const who = { user: vendor.user };
    const put = await h.request('PUT', '/api/vendors/profile/kashrut', who, {
      vendorId: listing.id,
      agency: 'star-k',
      level: 'pareve',
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await h.request('GET', `/api/vendors/profile/kashrut?vendorId=${listing.id}`, who);
    expect(got.statusCode).toBe(200);
    expect(got.headers.etag).toBe('"v1"');
    const stale = await h.request(
      'PUT',
      '/api/vendors/profile/kashrut',
      who,
      { vendorId: listing.id, agency: 'kof-k', level: 'pareve' },
      { 'if-match': '"v7"' },
    );
    expect(stale.statusCode).toBe(412);
    const fresh = await h.request(
      'PUT',
      '/api/vendors/profile/kashrut',
      who,
      { vendorId: listing.id, agency: 'kof-k', level: 'pareve' },
      { 'if-match': '"v1"' },
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe('"v2"');
  });

  it('DELETE /api/vendors/profile/kashrut answers 204, or 412 under an If-Match the row no longer has', async () => {
    const { vendor, listing } = await verifiedCaterer();
    const who = { user: vendor.user };
    const url = `/api/vendors/profile/kashrut?vendorId=${listing.id}`;
    const got = await h.request('GET', url, who);
    const tag = got.headers.etag as string;
    expect(tag).toMatch(/^"v\d+"$/);

    const stale = await h.request('DELETE', url, who, undefined, { 'if-match': '"v99"' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.current).toMatchObject({ vendorId: listing.id, status: 'verified' });
    expect(stale.headers.etag).toBe(tag);
    expect((await h.request('DELETE', url, null)).statusCode).toBe(401);
    expect((await h.request('DELETE', url, { user: customer.user })).statusCode).toBe(403);
    expect((await h.request('DELETE', url, { user: (await h.signedIn('vendor')).user })).statusCode).toBe(
      404,
    );

    const removed = await h.request('DELETE', url, who, undefined, { 'if-match': tag });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(removed.body).toBe('');
    expect(removed.headers.etag).toBeUndefined();
    expect(await rowsWhere(h.db, 'attachments', { uploaderId: vendor.user.id })).toHaveLength(0);
    expect((await h.request('GET', url, who)).json()).toMatchObject({ kashrut: null });

    // Gone already: under If-Match, 412; without, nothing to do.
    const gone = await h.request('DELETE', url, who, undefined, { 'if-match': tag });
    expect(gone.statusCode).toBe(412);
    expect(gone.json().error.current).toBeNull();
    expect((await h.request('DELETE', url, who)).statusCode).toBe(204);
  });

  it('admins verify and reject by path', async () => {
    const { vendor, listing } = await ownerWith();
    await vendor.caller.kashrut.save(statement(listing.id));
    await uploadCertificate(vendor, listing.id);
    const list = await h.request('GET', '/api/admin/kashrut', { user: admin.user });
    expect(list.statusCode).toBe(200);
    const reject = await h.request(
      'POST',
      `/api/admin/kashrut/${listing.id}/reject`,
      { user: admin.user },
      {},
    );
    expect(reject.statusCode).toBe(400);
    const verify = await h.request(
      'POST',
      `/api/admin/kashrut/${listing.id}/verify`,
      { user: admin.user },
      {},
    );
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().status).toBe('verified');
  });
});
