import { beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityRequestInput,
  REQUEST_MESSAGES,
  requestSentNotice,
} from '../../../shared/schemas/requests';
import { createEvent, createVendor } from '../../demo/factories';
import { familyAndBand, rowsWhere, withLimitMax } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { expectFieldRefused, rejection } from '../../test/rejection';
import { sendAvailabilityRequest } from './requests.service';

const h = harnessForFile();
let customer: Party;
let owner: Party;
let vendorId: string;

beforeAll(async () => {
  ({ customer, owner, vendorId } = await familyAndBand(h));
});

const base = { eventType: 'Wedding' as const, date: '2027-06-13', message: 'Are you free?' };

describe('sending an availability request', () => {
  it('stores the request and opens a thread whose first message is the trimmed request', async () => {
    const request = await customer.caller.requests.send({
      id: vendorId,
      ...base,
      time: '18:00',
      message: '  We would love a band for our wedding.  ',
      guestCount: 220,
      budgetMin: '1500',
      budgetMax: 3000.5,
      city: 'Teaneck',
      attachments: [{ name: 'floorplan.pdf', size: 120_000, type: 'application/pdf' }],
    });
    expect(request).toMatchObject({
      status: 'sent',
      vendor: { id: vendorId, businessName: 'Hora Nights' },
      customerName: 'Miriam',
      eventDate: '2027-06-13',
      eventTime: '18:00',
      guestCount: 220,
      budgetMin: '1500.00',
      budgetMax: '3000.50',
      message: 'We would love a band for our wedding.',
      hasConflict: false,
      conflictReason: null,
    });
    const thread = await h.db
      .selectFrom('messageThreads')
      .selectAll()
      .where('id', '=', request.threadId as string)
      .executeTakeFirstOrThrow();
    expect(thread).toMatchObject({
      vendorId,
      customerId: customer.user.id,
      // The date as the app writes dates, not as it is stored.
      subject: 'Wedding on Sun, Jun 13, 2027: availability request',
      eventType: 'Wedding',
      unreadByVendor: 1,
      unreadByCustomer: 0,
      status: 'active',
    });
    const messages = await rowsWhere(h.db, 'messages', { threadId: thread.id });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      senderId: customer.user.id,
      receiverId: owner.user.id,
      messageText: 'We would love a band for our wedding.',
      status: 'sent',
    });
  });

  it("recomputes the conflict flags with the exact calendar and ignores the client's", async () => {
    const saturday = await customer.caller.requests.send({
      id: vendorId,
      ...base,
      date: '2027-06-19',
      hasConflict: false,
    });
    expect(saturday).toMatchObject({ hasConflict: true, conflictReason: 'Shabbat' });
    const passover = await customer.caller.requests.send({ id: vendorId, ...base, date: '2027-04-22' });
    expect(passover).toMatchObject({ hasConflict: true, conflictReason: 'Passover' });
    const fridayNight = await customer.caller.requests.send({
      id: vendorId,
      ...base,
      date: '2027-06-18',
      time: '19:30',
    });
    expect(fridayNight.conflictReason).toBe('Shabbat');
    const sunday = await customer.caller.requests.send({
      id: vendorId,
      ...base,
      hasConflict: true,
      conflictReason: 'Made up',
    });
    expect(sunday).toMatchObject({ hasConflict: false, conflictReason: null });
  });

  it('defaults the guest count to 100 when blank or not a number', async () => {
    expect(
      (await customer.caller.requests.send({ id: vendorId, ...base, guestCount: '' as never })).guestCount,
    ).toBe(100);
    expect(
      (await customer.caller.requests.send({ id: vendorId, ...base, guestCount: 'lots' as never }))
        .guestCount,
    ).toBe(100);
    expect((await customer.caller.requests.send({ id: vendorId, ...base })).guestCount).toBe(100);
  });

  it.each([
    [{ message: '   ' }, REQUEST_MESSAGES.missing],
    [{ eventType: undefined }, REQUEST_MESSAGES.missing],
    [{ eventType: 'Picnic' }, REQUEST_MESSAGES.missing],
    [{ date: '' }, REQUEST_MESSAGES.missing],
    [{ date: 'June 13' }, REQUEST_MESSAGES.badDate],
    [{ guestCount: 0 }, 'Guest count must be at least 1'],
    [{ budgetMin: '5000', budgetMax: '100' }, REQUEST_MESSAGES.budgetOrder],
    [{ budgetMin: '12.345' }, 'Amount must be a number with at most two decimals'],
    [{ budgetMax: '-500' }, 'Amount must be a positive number'],
    [{ attachments: [{ name: 'a.html', size: 10, type: 'text/html' }] }, REQUEST_MESSAGES.attachments],
    [
      { attachments: [{ name: 'big.pdf', size: 10_485_761, type: 'application/pdf' }] },
      REQUEST_MESSAGES.attachments,
    ],
    [
      {
        attachments: Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, size: 1, type: 'image/png' })),
      },
      REQUEST_MESSAGES.tooManyAttachments,
    ],
  ])('refuses %j', async (change, message) => {
    const error = await rejection(
      customer.caller.requests.send({ id: vendorId, ...base, ...change } as never),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(message);
  });

  it("links the caller's own event, and never someone else's", async () => {
    const mine = await createEvent(h.db, customer.user.id);
    expect((await customer.caller.requests.send({ id: vendorId, ...base, eventId: mine.id })).eventId).toBe(
      mine.id,
    );
    const theirs = await createEvent(h.db, owner.user.id);
    const error = await rejection(
      customer.caller.requests.send({ id: vendorId, ...base, eventId: theirs.id }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(REQUEST_MESSAGES.eventNotFound);
  });

  it('reaches a listing nobody has claimed yet', async () => {
    const unclaimed = await createVendor(h.db, { businessName: 'Unclaimed Hall' });
    const request = await customer.caller.requests.send({ id: unclaimed.id, ...base });
    // The sender is told the request waits for the business, not that the vendor will answer.
    expect(request.vendor).toEqual({ id: unclaimed.id, businessName: 'Unclaimed Hall', managed: false });
    expect(requestSentNotice(request.vendor)).toEqual({
      title: 'Request sent',
      description: 'This listing is not managed by its business yet: your request waits until they claim it.',
    });
    const claimed = await customer.caller.requests.send({ id: vendorId, ...base });
    expect(claimed.vendor.managed).toBe(true);
    expect(requestSentNotice(claimed.vendor)).toEqual({
      title: 'Request sent successfully!',
      description: 'The vendor will respond to your inquiry soon.',
    });
    const message = await h.db
      .selectFrom('messages')
      .select('receiverId')
      .where('threadId', '=', request.threadId as string)
      .executeTakeFirstOrThrow();
    expect(message.receiverId).toBeNull();
    expect((await rejection(customer.caller.requests.send({ id: crypto.randomUUID(), ...base }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('is for signed-in customers only', async () => {
    expect((await rejection(owner.caller.requests.send({ id: vendorId, ...base }))).code).toBe('FORBIDDEN');
    expect((await rejection(h.anonymous().caller.requests.send({ id: vendorId, ...base }))).code).toBe(
      'UNAUTHORIZED',
    );
  });
});

describe("a request's date, judged in the listing's own zone", () => {
  const PASSED = 'Please choose a date that has not passed';
  // A customer of their own: the requests below are sent at instants to come, and would head Miriam's list.
  let traveller: Party;
  beforeAll(async () => {
    traveller = await h.signedIn('customer');
  });
  /** Sent at a chosen instant, as the procedure would send it then. */
  const sendAt = (now: string, input: Record<string, unknown>) =>
    sendAvailabilityRequest(
      h.db,
      traveller.user,
      availabilityRequestInput.parse({ ...base, ...input }),
      new Date(now),
      'http://localhost',
    );

  it('refuses a date that has passed, under the date box', async () => {
    const error = await rejection(
      customer.caller.requests.send({ id: vendorId, ...base, date: '2024-01-15' }),
    );
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(PASSED);
    const res = await h.inject({
      method: 'POST',
      url: `/api/vendors/${vendorId}/request-availability`,
      headers: { cookie: await h.cookieFor(customer.user.id), 'content-type': 'application/json' },
      payload: { ...base, date: '2024-01-15' },
    });
    expectFieldRefused(res, 'date', PASSED);
    expect(
      await rowsWhere(h.db, 'availabilityRequests', { eventDate: new Date('2024-01-15T00:00:00Z') }),
    ).toEqual([]);
  });

  it("takes today from the listing's coordinates, not from a fixed cut-off", async () => {
    const honolulu = await createVendor(h.db, {
      businessName: 'Aloha Strings',
      latitude: 21.31,
      longitude: -157.86,
    });
    const teaneck = await createVendor(h.db, {
      businessName: 'Teaneck Hall',
      latitude: 40.89,
      longitude: -74.01,
    });
    const jerusalem = await createVendor(h.db, {
      businessName: 'Zion Caterers',
      latitude: 31.77,
      longitude: 35.21,
    });
    // 08:00 UTC on June 13: still June 12 in Honolulu (22:00), June 13 in New Jersey and Jerusalem.
    const at = '2027-06-13T08:00:00Z';
    await expect(sendAt(at, { id: honolulu.id, date: '2027-06-12' })).resolves.toMatchObject({
      eventDate: '2027-06-12',
    });
    expect((await rejection(sendAt(at, { id: teaneck.id, date: '2027-06-12' }))).message).toBe(PASSED);
    await expect(sendAt(at, { id: teaneck.id, date: '2027-06-13' })).resolves.toBeTruthy();
    // 22:30 UTC on June 12: June 12 in New Jersey (18:30), already June 13 in Jerusalem (01:30).
    const evening = '2027-06-12T22:30:00Z';
    await expect(sendAt(evening, { id: teaneck.id, date: '2027-06-12' })).resolves.toBeTruthy();
    expect((await rejection(sendAt(evening, { id: jerusalem.id, date: '2027-06-12' }))).message).toBe(PASSED);
    // The browser's zone does not override the listing's place.
    expect(
      (
        await rejection(
          sendAt(evening, { id: jerusalem.id, date: '2027-06-12', timeZone: 'America/New_York' }),
        )
      ).message,
    ).toBe(PASSED);
  });

  it("without coordinates, uses the browser's zone, else refuses only what has passed everywhere", async () => {
    const nowhere = await createVendor(h.db, {
      businessName: 'Somewhere Hall',
      latitude: null,
      longitude: null,
    });
    const at = '2027-06-13T08:00:00Z';
    expect(
      (await rejection(sendAt(at, { id: nowhere.id, date: '2027-06-12', timeZone: 'America/New_York' })))
        .message,
    ).toBe(PASSED);
    await expect(
      sendAt(at, { id: nowhere.id, date: '2027-06-12', timeZone: 'Pacific/Honolulu' }),
    ).resolves.toBeTruthy();
    // No zone at all: June 12 is still today at UTC-12 (20:00), so it is not refused; June 11 is.
    await expect(sendAt(at, { id: nowhere.id, date: '2027-06-12' })).resolves.toBeTruthy();
    expect((await rejection(sendAt(at, { id: nowhere.id, date: '2027-06-11' }))).message).toBe(PASSED);
    const error = await rejection(
      customer.caller.requests.send({ id: nowhere.id, ...base, timeZone: 'Mars/Olympus_Mons' } as never),
    );
    expect(error.code).toBe('BAD_REQUEST');
  });
});

describe('request limits', () => {
  it('answers 429 with Retry-After once a customer sends too many requests, on REST and tRPC alike', async () => {
    await withLimitMax(h, 'availabilityRequests', 2, async () => {
      const busy = await h.signedIn('customer');
      await busy.caller.requests.send({ id: vendorId, ...base });
      await busy.caller.requests.send({ id: vendorId, ...base });
      const refused = await rejection(busy.caller.requests.send({ id: vendorId, ...base }));
      expect(refused.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toContain(REQUEST_MESSAGES.tooMany);
      const res = await h.inject({
        method: 'POST',
        url: `/api/vendors/${vendorId}/request-availability`,
        headers: { 'content-type': 'application/json', cookie: await h.cookieFor(busy.user.id) },
        payload: base,
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      const batch = await h.inject({
        method: 'POST',
        url: '/trpc/requests.send?batch=1',
        headers: { 'content-type': 'application/json', cookie: await h.cookieFor(busy.user.id) },
        payload: { 0: { json: { id: vendorId, ...base } } },
      });
      expect(batch.statusCode).toBe(429);
      expect(Number(batch.headers['retry-after'])).toBeGreaterThan(3000);
      expect(batch.json()[0].error.json.data.retryAfterSeconds).toBe(Number(batch.headers['retry-after']));
      // Someone else is not affected.
      const other = await h.signedIn('customer');
      await expect(other.caller.requests.send({ id: vendorId, ...base })).resolves.toBeTruthy();
      const stored = await rowsWhere(h.db, 'availabilityRequests', { userId: busy.user.id });
      expect(stored).toHaveLength(2);
    });
  });
});

describe('listing availability requests', () => {
  it('shows customers what they sent and vendors what reached their listings', async () => {
    const other = await h.signedIn('customer');
    await other.caller.requests.send({ id: vendorId, ...base, message: 'From someone else' });

    const sent = await customer.caller.requests.list();
    expect(sent.length).toBeGreaterThan(3);
    expect(sent.every((r) => r.customerName === 'Miriam')).toBe(true);
    expect(sent[0]?.vendor.businessName).toBeDefined();

    const received = await owner.caller.requests.list();
    expect(received.some((r) => r.message === 'From someone else')).toBe(true);
    expect(received.every((r) => r.vendorId === vendorId)).toBe(true);

    const otherVendor = await h.signedIn('vendor');
    expect(await otherVendor.caller.requests.list()).toEqual([]);
    const admin = await h.signedIn('admin');
    expect((await rejection(admin.caller.requests.list())).code).toBe('FORBIDDEN');
  });

  it('works through the documented REST paths', async () => {
    const cookie = await h.cookieFor(customer.user.id);
    const res = await h.inject({
      method: 'POST',
      url: `/api/vendors/${vendorId}/request-availability`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: {
        eventType: 'Engagement',
        date: '2027-08-01',
        time: '',
        guestCount: '80',
        message: 'Hello',
        attachments: [],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ eventType: 'Engagement', guestCount: 80, status: 'sent' });
    const list = await h.inject({ method: 'GET', url: '/api/availability-requests', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      eventType: 'Engagement',
      vendor: { businessName: 'Hora Nights' },
    });
  });
});
