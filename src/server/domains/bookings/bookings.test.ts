import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '../../../shared/money';
import { BOOKING_MESSAGES, type QuoteInput } from '../../../shared/schemas/bookings';
import { createEvent, createVendor } from '../../demo/factories';
import { rowsOldestFirst, rowsWhere, turnOffEmails } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { expectRejected, rejection } from '../../test/rejection';
import { insertAttachment } from '../attachments/attachments.queries';
import { settleBookingClock } from './bookings.jobs';

/** The clock the procedures read; a test moves it and puts it back. */
let clock = new Date('2026-11-29T12:00:00Z');
const h = harnessForFile({ now: () => clock });

const DAY = '2027-06-13';
let family: Party;
let vendor: Party;
let vendorId: string;

beforeAll(async () => {
  family = await h.signedIn('customer', { name: 'Miriam' });
  vendor = await h.signedIn('vendor', { name: 'David' });
  vendorId = (
    await createVendor(h.db, {
      businessName: 'Hora Nights',
      category: 'Musicians',
      ownerId: vendor.user.id,
      claimed: true,
    })
  ).id;
});

/** A request from `who` to the listing, for an event of theirs on `date`. */
async function request(who: Party = family, date = DAY, listing = vendorId) {
  const event = await createEvent(h.db, who.user.id, {
    title: 'Our wedding',
    date: new Date(`${date}T00:00:00Z`),
  });
  return who.caller.requests.send({
    id: listing,
    eventType: 'Wedding',
    date,
    message: 'Are you free?',
    eventId: event.id,
  });
}

const quoteOf = (requestId: string, over: Partial<QuoteInput> = {}): QuoteInput => ({
  requestId,
  price: '2500',
  includes: 'Five musicians, four hours',
  depositAmount: '500',
  depositDueDate: '2027-02-01',
  validUntil: '2027-01-15',
  ...over,
});

async function expectField(call: Promise<unknown>, field: string, message: string) {
  const error = await rejection(call);
  expect(error.code).toBe('BAD_REQUEST');
  expect(error.message).toContain(message);
  expect(JSON.stringify(error.cause ?? '')).toContain(field);
}

describe('quotes', () => {
  it('posts the quote in the conversation, marks the request quoted and tells the family', async () => {
    const req = await request();
    const upload = await insertAttachment(h.db, {
      id: randomUUID(),
      uploaderId: vendor.user.id,
      name: 'quote.pdf',
      contentType: 'application/pdf',
      bytes: 1000,
      createdAt: clock,
    });
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id, { attachmentIds: [upload.id] }));
    expect(quote).toMatchObject({
      status: 'sent',
      price: '2500.00',
      depositAmount: '500.00',
      depositDueDate: '2027-02-01',
      validUntil: '2027-01-15',
      businessName: 'Hora Nights',
      attachments: [{ id: upload.id, name: 'quote.pdf' }],
    });
    const [stored] = await rowsWhere(h.db, 'availabilityRequests', { id: req.id });
    expect(stored?.status).toBe('quoted');
    const messages = await rowsWhere(h.db, 'messages', { threadId: req.threadId as string });
    expect(messages.map((m) => m.messageText).join('\n')).toContain('Quote: $2,500.00');
    // What the quote's message says, for each reader's language; its text stays the English.
    const posted = messages.find((m) => m.about !== null);
    expect(posted?.messageText).toBe(
      'Quote: $2,500.00, deposit $500.00 due Mon, Feb 1, 2027, valid until Fri, Jan 15, 2027.\nIncludes: Five musicians, four hours',
    );
    expect(posted?.about).toEqual({
      code: 'message.quote',
      params: {
        price: '2500 USD',
        hasDeposit: 'yes',
        deposit: '500 USD',
        depositDue: '2027-02-01',
        validUntil: '2027-01-15',
        includes: 'Five musicians, four hours',
      },
    });
    const seen = await family.caller.messages.conversation({ threadId: req.threadId as string });
    expect(seen.messages.find((m) => m.id === posted?.id)?.about?.code).toBe('message.quote');
    // The request's answer is that message, with what it says, for the family's Vendors tab.
    const [answered] = (await family.caller.requests.list()).filter((r) => r.id === req.id);
    expect(answered?.response).toBe(posted?.messageText);
    expect(answered?.responseAbout).toEqual(posted?.about);
    const [file] = await rowsWhere(h.db, 'attachments', { id: upload.id });
    expect(file?.threadId).toBe(req.threadId);
    const bell = await rowsWhere(h.db, 'notifications', { userId: family.user.id, kind: 'booking' });
    expect(bell.at(-1)?.title).toBe('Hora Nights sent you a quote');
    // The English line REST callers read, and what a client says in its reader's language.
    expect(bell.at(-1)?.body).toMatch(
      /^\$2,500\.00 for Wedding on \w{3}, \w{3} \d+, \d{4}, valid until Fri, Jan 15, 2027$/,
    );
    expect(bell.at(-1)?.about).toEqual({
      code: 'quote.sent',
      params: {
        business: 'Hora Nights',
        price: '2500 USD',
        eventType: 'Wedding',
        day: DAY,
        validUntil: '2027-01-15',
      },
    });
    const mails = await rowsWhere(h.db, 'mailOutbox', { userId: family.user.id, kind: 'booking' });
    expect(mails.length).toBeGreaterThan(0);
    const history = await rowsWhere(h.db, 'bookingHistory', { requestId: req.id });
    expect(history.map((r) => r.action)).toEqual(['quoted']);
    const both = await family.caller.bookings.requestQuotes({ requestId: req.id });
    expect(both).toMatchObject({ side: 'customer', requestStatus: 'quoted', quotes: [{ id: quote.id }] });
    expect((await vendor.caller.bookings.requestQuotes({ requestId: req.id })).side).toBe('vendor');
  });

  it('replaces an open quote: the old one is withdrawn, in the history', async () => {
    const req = await request();
    const first = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    const second = await vendor.caller.bookings.sendQuote(
      quoteOf(req.id, { price: undefined, priceMin: '2000', priceMax: '3000' }),
    );
    const read = await family.caller.bookings.requestQuotes({ requestId: req.id });
    expect(read.quotes.map((q) => [q.id, q.status])).toEqual([
      [second.id, 'sent'],
      [first.id, 'withdrawn'],
    ]);
    expect(read.history.map((r) => r.action)).toEqual(['quoted', 'withdrawn', 'quoted']);
    await expectRejected(
      family.caller.bookings.acceptQuote({ id: first.id }),
      'CONFLICT',
      BOOKING_MESSAGES.quoteWithdrawn,
    );
  });

  it('refuses bad quotes with field messages', async () => {
    const req = await request();
    const q = (over: Partial<QuoteInput>) => vendor.caller.bookings.sendQuote(quoteOf(req.id, over));
    await expectField(q({ validUntil: '2026-11-01' }), 'validUntil', BOOKING_MESSAGES.validUntilPassed);
    await expectField(q({ depositAmount: '3000' }), 'depositAmount', BOOKING_MESSAGES.depositTooLarge);
    await expectField(
      q({ price: undefined, priceMin: '2000', priceMax: '2500', depositAmount: '2600' }),
      'depositAmount',
      BOOKING_MESSAGES.depositTooLarge,
    );
    await expectField(
      q({ price: undefined, priceMin: '3000', priceMax: '2000' }),
      'priceMax',
      BOOKING_MESSAGES.rangeReversed,
    );
    await expectField(
      q({ depositDueDate: '2027-07-01' }),
      'depositDueDate',
      BOOKING_MESSAGES.depositDueAfterEvent,
    );
    await expectField(
      q({ depositDueDate: '2026-11-01' }),
      'depositDueDate',
      BOOKING_MESSAGES.depositDuePassed,
    );
    await expectField(q({ depositDueDate: undefined }), 'depositDueDate', BOOKING_MESSAGES.depositHalf);
    await expectField(q({ price: undefined }), 'price', BOOKING_MESSAGES.priceMissing);
    await expectField(q({ includes: '  ' }), 'includes', BOOKING_MESSAGES.includesMissing);
    await expectField(
      q({ attachmentIds: [randomUUID()] }),
      'attachmentIds',
      BOOKING_MESSAGES.attachmentNotFound,
    );
    expect((await rowsWhere(h.db, 'quotes', { requestId: req.id })).length).toBe(0);
  });

  it("refuses anyone but the listing's owner", async () => {
    const req = await request();
    const other = await h.signedIn('vendor');
    await createVendor(h.db, { ownerId: other.user.id, claimed: true });
    await expectRejected(
      other.caller.bookings.sendQuote(quoteOf(req.id)),
      'NOT_FOUND',
      BOOKING_MESSAGES.requestNotFound,
    );
    await expectRejected(
      family.caller.bookings.sendQuote(quoteOf(req.id)),
      'FORBIDDEN',
      BOOKING_MESSAGES.notYourListing,
    );
    const admin = await h.signedIn('admin');
    await expectRejected(
      admin.caller.bookings.sendQuote(quoteOf(req.id)),
      'NOT_FOUND',
      BOOKING_MESSAGES.requestNotFound,
    );
    await expectRejected(
      h.anonymous().caller.bookings.sendQuote(quoteOf(req.id)),
      'UNAUTHORIZED',
      expect.any(String),
    );
    await expectRejected(
      other.caller.bookings.requestQuotes({ requestId: req.id }),
      'NOT_FOUND',
      BOOKING_MESSAGES.requestNotFound,
    );
  });
});

describe('answers', () => {
  it('accepts: a confirmed booking on the event day, the slot taken, the deposit tied, the vendor told', async () => {
    const req = await request();
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    const booking = await family.caller.bookings.acceptQuote({ id: quote.id });
    expect(booking).toMatchObject({
      side: 'customer',
      status: 'confirmed',
      day: DAY,
      vendor: { id: vendorId, businessName: 'Hora Nights' },
      customer: { name: 'Miriam' },
      eventTitle: 'Our wedding',
      quote: { id: quote.id, status: 'accepted' },
      deposit: { amount: '500.00', paid: false },
    });
    expect(booking.history.map((r) => r.action)).toEqual(['quoted', 'accepted']);
    const [deposit] = await rowsWhere(h.db, 'deposits', { id: booking.deposit?.id as string });
    expect(deposit).toMatchObject({ vendorName: 'Hora Nights', eventId: req.eventId });
    expect(deposit?.dueDate.toISOString().slice(0, 10)).toBe('2027-02-01');
    const [day] = await rowsWhere(h.db, 'vendorDays', { vendorId });
    expect(day).toMatchObject({ taken: 1, capacity: 1 });
    expect((await rowsWhere(h.db, 'availabilityRequests', { id: req.id }))[0]?.status).toBe('booked');
    const bell = await rowsWhere(h.db, 'notifications', { userId: vendor.user.id, kind: 'booking' });
    expect(bell.map((n) => n.title)).toContain('Miriam accepted your quote');
    const live = await rowsWhere(h.db, 'liveEvents', { userId: vendor.user.id, kind: 'thread' });
    expect(live.length).toBeGreaterThan(0);
    // The vendor sees the booking too, without the family's event or deposit.
    const theirs = (await vendor.caller.bookings.list()).find((b) => b.id === booking.id);
    expect(theirs).toMatchObject({
      side: 'vendor',
      customer: { name: 'Miriam' },
      eventTitle: null,
      deposit: null,
    });

    // Illegal moves after it.
    await expectRejected(
      family.caller.bookings.acceptQuote({ id: quote.id }),
      'CONFLICT',
      BOOKING_MESSAGES.quoteAccepted,
    );
    await expectRejected(
      family.caller.bookings.declineQuote({ id: quote.id }),
      'CONFLICT',
      BOOKING_MESSAGES.quoteAcceptedNoDecline,
    );
    await expectRejected(
      vendor.caller.bookings.sendQuote(quoteOf(req.id)),
      'CONFLICT',
      BOOKING_MESSAGES.requestBooked,
    );

    // Cancel by the vendor, with a reason: the slot is back, the family told.
    await expectRejected(
      vendor.caller.bookings.cancel({ id: booking.id, reason: '  ' }),
      'BAD_REQUEST',
      BOOKING_MESSAGES.reasonMissing,
    );
    const stranger = await h.signedIn('customer');
    await expectRejected(
      stranger.caller.bookings.cancel({ id: booking.id, reason: 'No' }),
      'NOT_FOUND',
      BOOKING_MESSAGES.bookingNotFound,
    );
    const cancelled = await vendor.caller.bookings.cancel({ id: booking.id, reason: 'Our singer is ill.' });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledSide: 'vendor',
      cancelReason: 'Our singer is ill.',
    });
    expect((await rowsWhere(h.db, 'vendorDays', { vendorId }))[0]?.taken).toBe(0);
    // No booking stands on the request any more: it is open again (decision 036).
    expect((await rowsWhere(h.db, 'availabilityRequests', { id: req.id }))[0]?.status).toBe('responded');
    const history = await rowsOldestFirst(h.db, 'bookingHistory', { requestId: req.id });
    expect(history.at(-1)).toMatchObject({
      action: 'cancelled',
      actorSide: 'vendor',
      reason: 'Our singer is ill.',
    });
    const told = await rowsWhere(h.db, 'notifications', { userId: family.user.id, kind: 'booking' });
    expect(told.some((n) => n.title.startsWith('Hora Nights cancelled the booking'))).toBe(true);
    await expectRejected(
      family.caller.bookings.cancel({ id: booking.id, reason: 'Again' }),
      'CONFLICT',
      BOOKING_MESSAGES.bookingCancelled,
    );
  });

  it('a cancelled booking opens its request again: a new quote, a new booking, each history row at its hour', async () => {
    const day = '2027-06-27';
    const req = await request(family, day);
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    const booking = await family.caller.bookings.acceptQuote({ id: quote.id });
    const before = clock;
    try {
      clock = new Date('2027-01-10T15:30:00Z');
      await family.caller.bookings.cancel({ id: booking.id, reason: 'We moved the party.' });
      const [row] = await rowsWhere(h.db, 'availabilityRequests', { id: req.id });
      expect(row).toMatchObject({ status: 'responded' });
      expect(row?.respondedAt).not.toBeNull();
      expect((await family.caller.bookings.requestQuotes({ requestId: req.id })).requestStatus).toBe(
        'responded',
      );
      expect((await family.caller.requests.list()).find((r) => r.id === req.id)?.status).toBe('responded');
      // The vendor quotes anew in the same conversation; the family books again on the freed day.
      clock = new Date('2027-01-12T09:00:00Z');
      const again = await vendor.caller.bookings.sendQuote(
        quoteOf(req.id, { price: '2200', depositDueDate: '2027-03-01', validUntil: '2027-02-01' }),
      );
      expect((await rowsWhere(h.db, 'availabilityRequests', { id: req.id }))[0]?.status).toBe('quoted');
      const rebooked = await family.caller.bookings.acceptQuote({ id: again.id });
      expect(rebooked).toMatchObject({ status: 'confirmed', day, quote: { id: again.id } });
      expect((await rowsWhere(h.db, 'availabilityRequests', { id: req.id }))[0]?.status).toBe('booked');
      expect((await rowsWhere(h.db, 'vendorDays', { vendorId, day }))[0]?.taken).toBe(1);
      const both = (await family.caller.bookings.list()).filter((b) => b.requestId === req.id);
      expect(both.map((b) => [b.id, b.status]).sort()).toEqual(
        [
          [booking.id, 'cancelled'],
          [rebooked.id, 'confirmed'],
        ].sort(),
      );
      // Each history row carries the time of its change, in order.
      const history = await rowsOldestFirst(h.db, 'bookingHistory', { requestId: req.id });
      expect(history.map((r) => [r.action, r.createdAt.toISOString().slice(0, 16)])).toEqual([
        ['quoted', before.toISOString().slice(0, 16)],
        ['accepted', before.toISOString().slice(0, 16)],
        ['cancelled', '2027-01-10T15:30'],
        ['quoted', '2027-01-12T09:00'],
        ['accepted', '2027-01-12T09:00'],
      ]);
    } finally {
      clock = before;
    }
  });

  it('declines: the quote and the request declined; a declined quote cannot be accepted', async () => {
    const req = await request(family, '2027-06-20');
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    await expectRejected(
      vendor.caller.bookings.declineQuote({ id: quote.id }),
      'FORBIDDEN',
      BOOKING_MESSAGES.onlyFamilyAnswers,
    );
    const other = await h.signedIn('customer');
    await expectRejected(
      other.caller.bookings.declineQuote({ id: quote.id }),
      'NOT_FOUND',
      BOOKING_MESSAGES.quoteNotFound,
    );
    const declined = await family.caller.bookings.declineQuote({ id: quote.id });
    expect(declined.status).toBe('declined');
    expect((await rowsWhere(h.db, 'availabilityRequests', { id: req.id }))[0]?.status).toBe('declined');
    await expectRejected(
      family.caller.bookings.acceptQuote({ id: quote.id }),
      'CONFLICT',
      BOOKING_MESSAGES.quoteDeclined,
    );
    await expectRejected(
      vendor.caller.bookings.sendQuote(quoteOf(req.id)),
      'CONFLICT',
      BOOKING_MESSAGES.requestDeclined,
    );
  });

  it('respects e-mail settings: no mail for a family that turned them off, the bell still rings', async () => {
    const quiet = await h.signedIn('customer');
    await turnOffEmails(h.db, quiet.user.id);
    const req = await request(quiet, '2027-06-21');
    await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    expect(await rowsWhere(h.db, 'mailOutbox', { userId: quiet.user.id })).toHaveLength(0);
    expect(await rowsWhere(h.db, 'notifications', { userId: quiet.user.id, kind: 'booking' })).toHaveLength(
      1,
    );
  });
});

describe("mails in each party's language", () => {
  it('writes to a Hebrew family in Hebrew and to an English vendor in English; the bell stays English', async () => {
    const hebrew = await h.signedIn('customer', { name: 'Noa', language: 'he' });
    const req = await request(hebrew, '2027-11-14');
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    const mailsOf = async (userId: string) =>
      (await rowsOldestFirst(h.db, 'mailOutbox', { userId, kind: 'booking' })).map((m) => ({
        language: m.language,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody,
      }));
    const [sent] = await mailsOf(hebrew.user.id);
    expect(sent).toMatchObject({
      language: 'he',
      subject: 'הצעת מחיר מ-\u2068Hora Nights\u2069 ב-SimchaHub',
    });
    expect(sent?.text).toContain(
      `שלחו לכם הצעת מחיר של \u2068${formatCurrency('2500', 'USD', 'he')}\u2069 עבור \u2068חתונה\u2069 ב\u2068יום א׳, 14 בנוב׳ 2027\u2069.`,
    );
    expect(sent?.html).toContain('<html lang="he" dir="rtl">');
    const bell = await rowsWhere(h.db, 'notifications', { userId: hebrew.user.id, kind: 'booking' });
    expect(bell.map((n) => n.title)).toEqual(['Hora Nights sent you a quote']);

    await hebrew.caller.bookings.acceptQuote({ id: quote.id });
    const toVendor = (await mailsOf(vendor.user.id)).find((m) => m.subject === 'Noa booked you on SimchaHub');
    expect(toVendor).toMatchObject({ language: 'en' });
    expect(toVendor?.text).toContain('Noa accepted your quote for their Wedding on Sun, Nov 14, 2027.');
    expect(toVendor?.html).toContain('<html lang="en">');

    const [booking] = await rowsWhere(h.db, 'bookings', { quoteId: quote.id });
    await vendor.caller.bookings.cancel({ id: booking?.id ?? '', reason: 'The band is not free after all' });
    const cancelled = (await mailsOf(hebrew.user.id)).at(-1);
    expect(cancelled).toMatchObject({
      language: 'he',
      subject: '\u2068Hora Nights\u2069 ביטלו את ההזמנה ל\u2068יום א׳, 14 בנוב׳ 2027\u2069 ב-SimchaHub',
    });
    expect(cancelled?.text).toContain('הסיבה שמסרו: \u2068The band is not free after all\u2069');
  });
});

describe('the clock', () => {
  it('expires a quote past its valid-until at read time and by the job, and completes a booking past its day', async () => {
    const req = await request(family, '2027-03-07');
    const quote = await vendor.caller.bookings.sendQuote(
      quoteOf(req.id, { validUntil: '2026-12-10', depositDueDate: '2026-12-20' }),
    );
    const booked = await request(family, '2027-03-08');
    const bookedQuote = await vendor.caller.bookings.sendQuote(
      quoteOf(booked.id, { depositAmount: undefined, depositDueDate: undefined }),
    );
    const booking = await family.caller.bookings.acceptQuote({ id: bookedQuote.id });
    expect(booking.deposit).toBeNull();
    const before = clock;
    try {
      clock = new Date('2026-12-12T12:00:00Z');
      expect((await family.caller.bookings.requestQuotes({ requestId: req.id })).quotes[0]?.status).toBe(
        'expired',
      );
      await expectRejected(
        family.caller.bookings.acceptQuote({ id: quote.id }),
        'CONFLICT',
        BOOKING_MESSAGES.quoteExpired('Thu, Dec 10, 2026'),
      );
      const settled = await settleBookingClock(h.db, clock);
      expect(settled.expiredQuotes).toBeGreaterThanOrEqual(1);
      expect((await rowsWhere(h.db, 'quotes', { id: quote.id }))[0]?.status).toBe('expired');
      expect((await rowsWhere(h.db, 'availabilityRequests', { id: req.id }))[0]?.status).toBe('expired');
      const history = await rowsOldestFirst(h.db, 'bookingHistory', { requestId: req.id });
      expect(history.at(-1)).toMatchObject({ action: 'expired', actorSide: 'system' });

      clock = new Date('2027-03-10T12:00:00Z');
      const read = (await family.caller.bookings.list()).find((b) => b.id === booking.id);
      expect(read?.status).toBe('completed');
      // The status filter reads the status as it is now, before the sweep stored it.
      const ids = async (status: 'confirmed' | 'completed' | 'cancelled') =>
        (await vendor.caller.bookings.list({ status })).map((b) => b.id);
      expect(await ids('completed')).toContain(booking.id);
      expect(await ids('confirmed')).not.toContain(booking.id);
      expect(await ids('cancelled')).not.toContain(booking.id);
      await expectRejected(
        vendor.caller.bookings.cancel({ id: booking.id, reason: 'Late' }),
        'CONFLICT',
        BOOKING_MESSAGES.bookingCompleted,
      );
      const after = await settleBookingClock(h.db, clock);
      expect(after.completedBookings).toBeGreaterThanOrEqual(1);
      const [row] = await rowsWhere(h.db, 'bookings', { id: booking.id });
      expect(row).toMatchObject({ status: 'completed' });
      expect(row?.completedAt).not.toBeNull();
      expect((await settleBookingClock(h.db, clock)).completedBookings).toBe(0);
      expect((await vendor.caller.bookings.list({ upcoming: true })).some((b) => b.id === booking.id)).toBe(
        false,
      );
    } finally {
      clock = before;
    }
  });
});

describe('the last slot', () => {
  it('of 20 families accepting at once exactly one wins; the others get 409 with a sentence', async () => {
    const day = '2027-08-15';
    const band = await h.signedIn('vendor');
    const listing = await createVendor(h.db, {
      businessName: 'Last Slot Klezmer',
      ownerId: band.user.id,
      claimed: true,
    });
    const families = await Promise.all(Array.from({ length: 20 }, () => h.signedIn('customer')));
    const quotes: { id: string }[] = [];
    for (const f of families) {
      const req = await request(f, day, listing.id);
      quotes.push(await band.caller.bookings.sendQuote(quoteOf(req.id)));
    }
    const results = await Promise.allSettled(
      families.map((f, i) => f.caller.bookings.acceptQuote({ id: (quotes[i] as { id: string }).id })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const error of lost) {
      expect(error).toMatchObject({
        code: 'CONFLICT',
        message: BOOKING_MESSAGES.dayFull('Last Slot Klezmer', 'Sun, Aug 15, 2027'),
      });
    }
    expect(await rowsWhere(h.db, 'bookings', { vendorId: listing.id })).toHaveLength(1);
    expect((await rowsWhere(h.db, 'vendorDays', { vendorId: listing.id }))[0]).toMatchObject({ taken: 1 });
  });
});

describe("the vendor's analytics", () => {
  it('count quotes sent, the acceptance rate and the booked money of bookings that stand', async () => {
    const band = await h.signedIn('vendor');
    const listing = await createVendor(h.db, {
      businessName: 'Counted Band',
      ownerId: band.user.id,
      claimed: true,
    });
    const accepted = await request(family, '2027-09-05', listing.id);
    const declined = await request(family, '2027-09-12', listing.id);
    const cancelled = await request(family, '2027-09-19', listing.id);
    const open = await request(family, '2027-09-26', listing.id);
    const a = await band.caller.bookings.sendQuote(quoteOf(accepted.id, { price: '2500.50' }));
    const d = await band.caller.bookings.sendQuote(quoteOf(declined.id));
    const c = await band.caller.bookings.sendQuote(
      quoteOf(cancelled.id, { price: undefined, priceMin: '1000', priceMax: '1500', depositAmount: '100' }),
    );
    await band.caller.bookings.sendQuote(quoteOf(open.id));
    await family.caller.bookings.acceptQuote({ id: a.id });
    await family.caller.bookings.declineQuote({ id: d.id });
    const booking = await family.caller.bookings.acceptQuote({ id: c.id });
    await family.caller.bookings.cancel({ id: booking.id, reason: 'Plans changed' });
    const figures = await band.caller.vendors.analytics({ days: 30, vendorId: listing.id });
    expect(figures).toMatchObject({
      quotesSent: 4,
      quotesAccepted: 2,
      acceptanceRate: 2 / 3,
      bookedRevenue: '2500.50',
    });
  });
});

describe('who may act', () => {
  it('refuses admins, visitors, other vendors and other families, each with a sentence', async () => {
    const req = await request(family, '2027-10-03');
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    // One bell item and one mail about the quote, not a second pair about the message carrying it.
    expect(
      await rowsWhere(h.db, 'notifications', { userId: family.user.id, threadId: req.threadId as string }),
    ).toHaveLength(1);
    const admin = await h.signedIn('admin');
    const otherVendor = await h.signedIn('vendor');
    const otherFamily = await h.signedIn('customer');
    const visitor = h.anonymous();
    for (const who of [admin, otherVendor, otherFamily]) {
      await expectRejected(
        who.caller.bookings.acceptQuote({ id: quote.id }),
        'NOT_FOUND',
        BOOKING_MESSAGES.quoteNotFound,
      );
      await expectRejected(
        who.caller.bookings.declineQuote({ id: quote.id }),
        'NOT_FOUND',
        BOOKING_MESSAGES.quoteNotFound,
      );
    }
    await expectRejected(
      vendor.caller.bookings.acceptQuote({ id: quote.id }),
      'FORBIDDEN',
      BOOKING_MESSAGES.onlyFamilyAnswers,
    );
    await expectRejected(
      visitor.caller.bookings.acceptQuote({ id: quote.id }),
      'UNAUTHORIZED',
      expect.any(String),
    );
    await expectRejected(visitor.caller.bookings.list(), 'UNAUTHORIZED', expect.any(String));
    await expectRejected(admin.caller.bookings.list(), 'FORBIDDEN', BOOKING_MESSAGES.partiesOnly);
    const booking = await family.caller.bookings.acceptQuote({ id: quote.id });
    for (const who of [admin, otherVendor, otherFamily]) {
      await expectRejected(
        who.caller.bookings.cancel({ id: booking.id, reason: 'Not mine' }),
        'NOT_FOUND',
        BOOKING_MESSAGES.bookingNotFound,
      );
      expect((await who.caller.bookings.list().catch(() => [])).some((b) => b.id === booking.id)).toBe(false);
    }
    await expectRejected(
      family.caller.bookings.cancel({ id: booking.id, reason: 'x'.repeat(1001) }),
      'BAD_REQUEST',
      BOOKING_MESSAGES.reasonTooLong,
    );
    const byFamily = await family.caller.bookings.cancel({
      id: booking.id,
      reason: 'We found another band.',
    });
    expect(byFamily.cancelledSide).toBe('customer');
    const told = await rowsWhere(h.db, 'notifications', { userId: vendor.user.id, kind: 'booking' });
    expect(told.some((n) => n.title === 'Miriam cancelled the booking for Sun, Oct 3, 2027')).toBe(true);
    const mails = await rowsWhere(h.db, 'mailOutbox', { userId: vendor.user.id, kind: 'booking' });
    expect(mails.some((m) => m.subject.startsWith('Miriam cancelled the booking'))).toBe(true);
  });
});

describe('the family circle', () => {
  it("lets an active member of the sender's circle accept and cancel for the family, not a pending one", async () => {
    const label = `Circle ${randomUUID().slice(0, 8)}`;
    const sender = await h.signedIn('customer', { name: 'Rivka', familyLabel: label });
    const cousin = await h.signedIn('customer', { name: 'Batya', familyLabel: label });
    const asker = await h.signedIn('customer', { name: 'Pending', familyLabel: label });
    await sender.caller.family.approve({ userId: cousin.user.id });
    const req = await request(sender, '2027-10-10');
    const quote = await vendor.caller.bookings.sendQuote(quoteOf(req.id));
    await expectRejected(
      asker.caller.bookings.acceptQuote({ id: quote.id }),
      'NOT_FOUND',
      BOOKING_MESSAGES.quoteNotFound,
    );
    expect((await cousin.caller.bookings.requestQuotes({ requestId: req.id })).side).toBe('customer');
    const booking = await cousin.caller.bookings.acceptQuote({ id: quote.id });
    expect(booking).toMatchObject({ side: 'customer', customer: { id: sender.user.id, name: 'Rivka' } });
    const cancelled = await cousin.caller.bookings.cancel({
      id: booking.id,
      reason: 'The family chose another date.',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledSide: 'customer' });
  });
});

describe('a blocked conversation', () => {
  it('takes no quote, as it takes no message', async () => {
    const req = await request(family, '2027-10-17');
    await family.caller.messages.block({ threadId: req.threadId as string });
    const error = await rejection(vendor.caller.bookings.sendQuote(quoteOf(req.id)));
    expect(error.code).toBe('FORBIDDEN');
    expect(await rowsWhere(h.db, 'quotes', { requestId: req.id })).toHaveLength(0);
  });
});
