import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../../shared/schemas/reviews';
import { createVendor } from '../../demo/factories';
import { createBooking } from '../../test/booking-fixture';
import { harnessForFile, type Party } from '../../test/harness';
import { rejection } from '../../test/rejection';

/** The test clock: null reads the real time. */
let clock: Date | null = null;
const h = harnessForFile({ now: () => clock ?? new Date() });

const TEXT = 'The band played beautifully all night and the dancing never stopped.';
const PAST = '2026-01-10';
const FUTURE = '2099-06-01';

let owner: Party;
let customer: Party;
let admin: Party;

beforeAll(async () => {
  owner = await h.signedIn('vendor', { name: 'David Levi' });
  customer = await h.signedIn('customer', { name: 'Miriam Cohen' });
  admin = await h.signedIn('admin', { name: 'Rivka Admin' });
});

async function newListing(overrides: { timeZone?: string | null } = {}) {
  return createVendor(h.db, {
    businessName: `Hora Nights ${randomUUID().slice(0, 8)}`,
    category: 'Musicians',
    ownerId: owner.user.id,
    claimed: true,
    ...overrides,
  });
}

async function ratingOf(vendorId: string) {
  return h.db
    .selectFrom('vendors')
    .select(['rating', 'reviewCount'])
    .where('id', '=', vendorId)
    .executeTakeFirstOrThrow();
}

const review = (bookingId: string, rating = 5, extra: Record<string, unknown> = {}) => ({
  bookingId,
  rating,
  text: TEXT,
  imageUrls: [],
  ...extra,
});

describe('who may review', () => {
  it('lets the customer of a completed booking review once, and the rating follows', async () => {
    const listing = await newListing();
    const booking = await createBooking(h.db, listing.id, customer.user.id, { day: PAST });
    const written = await customer.caller.reviews.create(
      review(booking.id, 4, { imageUrls: ['/uploads/0b0e6a4e-7f8c-4f7e-9d55-0e3cbb8b6d7a.jpg'] }),
    );
    expect(written).toMatchObject({ rating: 4, text: TEXT, authorFirstName: 'Miriam', reply: null });
    expect(await ratingOf(listing.id)).toEqual({ rating: '4.00', reviewCount: 1 });

    const again = await rejection(customer.caller.reviews.create(review(booking.id, 5)));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect(await ratingOf(listing.id)).toEqual({ rating: '4.00', reviewCount: 1 });

    const page = await h.anonymous().caller.reviews.forVendor({ id: listing.id });
    expect(page).toMatchObject({ total: 1, rating: '4.00', reviewCount: 1 });
    expect(page.items[0]?.imageUrls).toEqual(['/uploads/0b0e6a4e-7f8c-4f7e-9d55-0e3cbb8b6d7a.jpg']);
    // The owner hears of it in the bell.
    const bell = await h.db
      .selectFrom('notifications')
      .select(['kind', 'title'])
      .where('userId', '=', owner.user.id)
      .where('kind', '=', 'review')
      .execute();
    expect(bell.some((n) => n.title.startsWith('New 4-star review'))).toBe(true);
  });

  it('refuses everyone else with a sentence, and the event before it took place', async () => {
    const listing = await newListing();
    const booking = await createBooking(h.db, listing.id, customer.user.id, { day: PAST });
    const stranger = await h.signedIn('customer');
    for (const other of [stranger, owner, admin]) {
      const refused = await rejection(other.caller.reviews.create(review(booking.id)));
      expect(refused).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.notYourBooking });
    }

    const upcoming = await createBooking(h.db, listing.id, customer.user.id, { day: FUTURE });
    const early = await rejection(customer.caller.reviews.create(review(upcoming.id)));
    expect(early).toMatchObject({ code: 'BAD_REQUEST', message: REVIEW_MESSAGES.notCompleted });

    const cancelled = await createBooking(h.db, listing.id, customer.user.id, {
      day: PAST,
      status: 'cancelled',
    });
    expect((await rejection(customer.caller.reviews.create(review(cancelled.id)))).message).toBe(
      REVIEW_MESSAGES.cancelled,
    );
    // A booking marked completed counts whatever its day.
    const completed = await createBooking(h.db, listing.id, customer.user.id, {
      day: FUTURE,
      status: 'completed',
    });
    await customer.caller.reviews.create(review(completed.id));
    expect(await ratingOf(listing.id)).toEqual({ rating: '5.00', reviewCount: 1 });
  });

  it('counts the day as passed in the listing’s zone', async () => {
    const listing = await newListing({ timeZone: 'America/New_York' });
    const booking = await createBooking(h.db, listing.id, customer.user.id, { day: '2026-06-10' });
    try {
      clock = new Date('2026-06-11T03:00:00Z'); // 23:00 on the 10th in New York
      expect((await rejection(customer.caller.reviews.create(review(booking.id)))).message).toBe(
        REVIEW_MESSAGES.notCompleted,
      );
      expect(await customer.caller.reviews.reviewable({ vendorId: listing.id })).toEqual([]);
      clock = new Date('2026-06-11T05:00:00Z'); // 01:00 on the 11th
      expect(await customer.caller.reviews.reviewable({ vendorId: listing.id })).toEqual([
        {
          bookingId: booking.id,
          vendorId: listing.id,
          businessName: listing.businessName,
          day: '2026-06-10',
        },
      ]);
      await customer.caller.reviews.create(review(booking.id));
      expect(await customer.caller.reviews.reviewable({ vendorId: listing.id })).toEqual([]);
    } finally {
      clock = null;
    }
  });

  it('lets an active member of the customer’s family circle write it, once', async () => {
    const label = `Cohen Family ${randomUUID().slice(0, 8)}`;
    const founder = await h.signedIn('customer', { name: 'Avraham Cohen', familyLabel: label });
    const cousin = await h.signedIn('customer', { name: 'Batya Cohen', familyLabel: label });
    const listing = await newListing();
    const booking = await createBooking(h.db, listing.id, founder.user.id, { day: PAST });
    // Asked to join but not yet approved: not one of the family.
    expect((await rejection(cousin.caller.reviews.create(review(booking.id)))).code).toBe('FORBIDDEN');
    expect(await cousin.caller.reviews.reviewable({})).toEqual([]);
    await founder.caller.family.approve({ userId: cousin.user.id });
    expect((await cousin.caller.reviews.reviewable({})).map((b) => b.bookingId)).toEqual([booking.id]);
    const written = await cousin.caller.reviews.create(review(booking.id, 3));
    expect(written.authorFirstName).toBe('Batya');
    expect((await rejection(founder.caller.reviews.create(review(booking.id)))).message).toBe(
      REVIEW_MESSAGES.alreadyReviewed,
    );
  });

  it('refuses bad input with field messages', async () => {
    const listing = await newListing();
    const booking = await createBooking(h.db, listing.id, customer.user.id, { day: PAST });
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, REVIEW_MESSAGES.ratingRange],
      [{ rating: 6 }, REVIEW_MESSAGES.ratingRange],
      [{ rating: 4.5 }, REVIEW_MESSAGES.ratingRange],
      [{ text: 'Too short to say anything.' }, REVIEW_MESSAGES.textTooShort],
      [{ text: 'x'.repeat(5001) }, REVIEW_MESSAGES.textTooLong],
      [
        { imageUrls: Array.from({ length: 7 }, (_, i) => `/uploads/photo-${i}.jpg`) },
        REVIEW_MESSAGES.tooManyPhotos,
      ],
      [{ imageUrls: ['https://elsewhere.example/a.jpg'] }, REVIEW_MESSAGES.photoNotOurs],
    ];
    for (const [change, message] of cases) {
      const refused = await rejection(
        customer.caller.reviews.create({ ...review(booking.id), ...change } as never),
      );
      expect(refused.code, message).toBe('BAD_REQUEST');
      expect(refused.message).toBe(message);
    }
    expect(await ratingOf(listing.id)).toEqual({ rating: '0.00', reviewCount: 0 });
  });

  it('answers the same over REST: 403, 400 and 409 with their sentences', async () => {
    const listing = await newListing();
    const booking = await createBooking(h.db, listing.id, customer.user.id, { day: PAST });
    const stranger = await h.signedIn('customer');
    const forbidden = await h.request('POST', '/api/reviews', stranger, review(booking.id));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(REVIEW_MESSAGES.notYourBooking);
    const created = await h.request('POST', '/api/reviews', customer, review(booking.id));
    expect(created.statusCode).toBe(201);
    const second = await h.request('POST', '/api/reviews', customer, review(booking.id));
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      message: REVIEW_MESSAGES.alreadyReviewed,
      issues: [{ path: ['bookingId'], message: REVIEW_MESSAGES.alreadyReviewed }],
    });
    const page = await h.request('GET', `/api/vendors/${listing.id}/reviews?page=1`, null);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 1, reviewCount: 1, rating: '5.00' });
  });
});

describe('the vendor’s reply', () => {
  it('is the owner’s, once, and shows with the review', async () => {
    const listing = await newListing();
    const booking = await createBooking(h.db, listing.id, customer.user.id, { day: PAST });
    const written = await customer.caller.reviews.create(review(booking.id));
    const otherVendor = await h.signedIn('vendor');
    for (const other of [otherVendor, customer]) {
      expect(
        await rejection(other.caller.reviews.reply({ id: written.id, text: 'Thank you!' })),
      ).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.notYourListing });
    }
    const replied = await owner.caller.reviews.reply({ id: written.id, text: 'Thank you, it was a joy!' });
    expect(replied.reply).toBe('Thank you, it was a joy!');
    expect(replied.repliedAt).toBeInstanceOf(Date);
    expect(await rejection(owner.caller.reviews.reply({ id: written.id, text: 'Again' }))).toMatchObject({
      code: 'CONFLICT',
      message: REVIEW_MESSAGES.alreadyReplied,
    });
    const page = await h.anonymous().caller.reviews.forVendor({ id: listing.id });
    expect(page.items[0]?.reply).toBe('Thank you, it was a joy!');
    const mine = await owner.caller.reviews.mine();
    expect(mine.items.find((r) => r.id === written.id)).toMatchObject({
      businessName: listing.businessName,
      hidden: false,
      reply: 'Thank you, it was a joy!',
    });
  });
});

describe('reports', () => {
  it('report → hide → the rating changes; unhide brings it back; dismiss leaves the review', async () => {
    const listing = await newListing();
    const first = await createBooking(h.db, listing.id, customer.user.id, { day: PAST });
    const second = await createBooking(h.db, listing.id, customer.user.id, { day: '2026-02-01' });
    const good = await customer.caller.reviews.create(review(first.id, 5));
    const poor = await customer.caller.reviews.create(review(second.id, 2));
    expect(await ratingOf(listing.id)).toEqual({ rating: '3.50', reviewCount: 2 });

    const reporter = await h.signedIn('customer', { name: 'Sarah Reporter' });
    expect((await rejection(reporter.caller.reviews.report({ id: poor.id, reason: '   ' }))).message).toBe(
      REVIEW_MESSAGES.reasonRequired,
    );
    await reporter.caller.reviews.report({ id: poor.id, reason: 'This was written by a competitor' });
    expect(await rejection(reporter.caller.reviews.report({ id: poor.id, reason: 'Again' }))).toMatchObject({
      code: 'CONFLICT',
      message: REVIEW_MESSAGES.alreadyReported,
    });
    await owner.caller.reviews.report({ id: poor.id, reason: 'We never played at this event' });
    expect((await rejection(customer.caller.reviews.report({ id: poor.id, reason: 'Mine' }))).code).toBe(
      'FORBIDDEN',
    );
    // Only admins read the reports.
    expect((await rejection(reporter.caller.admin.reviews.reports())).code).toBe('FORBIDDEN');

    const open = await admin.caller.admin.reviews.reports({ status: 'open' });
    const mineOpen = open.items.filter((r) => r.review.id === poor.id);
    expect(mineOpen).toHaveLength(2);
    expect(mineOpen[0]?.review).toMatchObject({
      rating: 2,
      text: TEXT,
      businessName: listing.businessName,
      hidden: false,
    });

    expect((await rejection(admin.caller.admin.reviews.hide({ id: poor.id, reason: ' ' }))).message).toBe(
      REVIEW_MESSAGES.hideReasonRequired,
    );
    const hidden = await admin.caller.admin.reviews.hide({ id: poor.id, reason: 'Not a real client' });
    expect(hidden).toEqual({ reviewId: poor.id, hidden: true, closedReports: 2 });
    expect(await ratingOf(listing.id)).toEqual({ rating: '5.00', reviewCount: 1 });
    expect((await h.anonymous().caller.reviews.forVendor({ id: listing.id })).items.map((r) => r.id)).toEqual(
      [good.id],
    );
    expect(await rejection(admin.caller.admin.reviews.hide({ id: poor.id, reason: 'Again' }))).toMatchObject({
      code: 'CONFLICT',
    });
    // Audited, and the writer is told in the bell and by mail.
    const audit = await h.db
      .selectFrom('auditLog')
      .select(['action', 'targetType', 'reason', 'actorId'])
      .where('targetId', '=', poor.id)
      .execute();
    expect(audit).toEqual([
      { action: 'review.hide', targetType: 'review', reason: 'Not a real client', actorId: admin.user.id },
    ]);
    const bell = await h.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body'])
      .where('userId', '=', customer.user.id)
      .where('kind', '=', 'review')
      .execute();
    expect(bell).toContainEqual({
      kind: 'review',
      title: `Your review of ${listing.businessName} was hidden`,
      body: 'Not a real client',
    });
    const mail = await h.db
      .selectFrom('mailOutbox')
      .select(['kind', 'subject', 'textBody', 'language'])
      .where('userId', '=', customer.user.id)
      .where('kind', '=', 'review-hidden')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      language: 'en',
      subject: `Your review of ${listing.businessName} was hidden`,
    });
    expect(mail[0]?.textBody).toContain('Not a real client');
    expect(
      (await admin.caller.admin.reviews.reports({ status: 'open' })).items.some(
        (r) => r.review.id === poor.id,
      ),
    ).toBe(false);
    // A hidden review cannot be reported again.
    expect((await rejection(reporter.caller.reviews.report({ id: poor.id, reason: 'x' }))).code).toBe(
      'NOT_FOUND',
    );

    await admin.caller.admin.reviews.unhide({ id: poor.id, reason: 'The family did book them' });
    expect(await ratingOf(listing.id)).toEqual({ rating: '3.50', reviewCount: 2 });

    await reporter.caller.reviews.report({ id: good.id, reason: 'Too good to be true' });
    const report = (await admin.caller.admin.reviews.reports({ status: 'open' })).items.find(
      (r) => r.review.id === good.id,
    );
    expect(report).toBeDefined();
    const dismissed = await admin.caller.admin.reviews.dismissReport({
      id: report?.id ?? '',
      reason: 'An honest review',
    });
    expect(dismissed).toEqual({ reviewId: good.id, hidden: false, closedReports: 1 });
    // The admin's notes on showing a review again and on a dismissal are kept in the audit log.
    const notes = await h.db
      .selectFrom('auditLog')
      .select(['action', 'reason'])
      .where('targetId', 'in', [poor.id, good.id])
      .where('action', 'in', ['review.unhide', 'review.dismiss_report'])
      .execute();
    expect(notes).toEqual(
      expect.arrayContaining([
        { action: 'review.unhide', reason: 'The family did book them' },
        { action: 'review.dismiss_report', reason: 'An honest review' },
      ]),
    );
    expect(notes).toHaveLength(2);
    expect(await rejection(admin.caller.admin.reviews.dismissReport({ id: report?.id ?? '' }))).toMatchObject(
      { code: 'CONFLICT', message: REVIEW_MESSAGES.reportNotOpen },
    );
    expect(await ratingOf(listing.id)).toEqual({ rating: '3.50', reviewCount: 2 });
  });
});

describe('the hidden review mail', () => {
  it("is in the writer's language; the bell's stored title stays the English one", async () => {
    const listing = await newListing();
    const writer = await h.signedIn('customer', { name: 'Noa Levi', language: 'he' });
    const booking = await createBooking(h.db, listing.id, writer.user.id, { day: PAST });
    const written = await writer.caller.reviews.create(review(booking.id, 1));
    await admin.caller.admin.reviews.hide({ id: written.id, reason: 'Not a real client' });
    const [mail] = await h.db
      .selectFrom('mailOutbox')
      .select(['subject', 'textBody', 'htmlBody', 'language'])
      .where('userId', '=', writer.user.id)
      .where('kind', '=', 'review-hidden')
      .execute();
    expect(mail).toMatchObject({
      language: 'he',
      subject: `חוות הדעת שלכם על \u2068${listing.businessName}\u2069 הוסתרה`,
    });
    expect(mail?.textBody).toContain('הסיבה שנמסרה: \u2068Not a real client\u2069');
    expect(mail?.htmlBody).toContain('<html lang="he" dir="rtl">');
    const [bell] = await h.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', writer.user.id)
      .where('kind', '=', 'review')
      .execute();
    expect(bell?.title).toBe(`Your review of ${listing.businessName} was hidden`);
  });
});
