import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/schemas/bookings';
import { familyAndBand } from '../../test/fixtures';
import { harnessForFile, type Party } from '../../test/harness';
import { expectFieldRefused } from '../../test/rejection';

const h = harnessForFile();
let customer: Party;
let owner: Party;
let vendorId: string;

beforeAll(async () => {
  ({ customer, owner, vendorId } = await familyAndBand(h));
});

async function newRequest(date = '2027-06-13') {
  const res = await h.request('POST', `/api/vendors/${vendorId}/request-availability`, customer, {
    eventType: 'Wedding',
    date,
    message: 'Are you free?',
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const quote = (requestId: string) => ({
  requestId,
  price: '1800.50',
  includes: 'Four hours of music',
  depositAmount: 300,
  depositDueDate: '2027-03-01',
  validUntil: '2027-01-15',
  attachmentIds: [],
});

describe('the quote and booking paths (issue 29)', () => {
  it('POST /api/quotes answers 201 with the quote, field errors as 400 with the field', async () => {
    const requestId = await newRequest();
    const res = await h.request('POST', '/api/quotes', owner, quote(requestId));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      requestId,
      price: '1800.50',
      status: 'sent',
      validUntil: '2027-01-15',
    });
    expect(typeof res.json().createdAt).toBe('string');
    expectFieldRefused(
      await h.request('POST', '/api/quotes', owner, { ...quote(requestId), validUntil: '2026-01-01' }),
      'validUntil',
      BOOKING_MESSAGES.validUntilPassed,
    );
    expectFieldRefused(
      await h.request('POST', '/api/quotes', owner, { ...quote(requestId), depositAmount: '5000' }),
      'depositAmount',
      BOOKING_MESSAGES.depositTooLarge,
    );
    const forbidden = await h.request('POST', '/api/quotes', customer, quote(requestId));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(BOOKING_MESSAGES.notYourListing);
    expect((await h.request('POST', '/api/quotes', null, quote(requestId))).statusCode).toBe(401);
  });

  it('accept, the bookings list of both sides, cancel with a reason, and the 409 sentences', async () => {
    const requestId = await newRequest('2027-07-11');
    const sent = (await h.request('POST', '/api/quotes', owner, quote(requestId))).json();
    const accepted = await h.request('POST', `/api/quotes/${sent.id}/accept`, customer);
    expect(accepted.statusCode).toBe(200);
    const booking = accepted.json();
    expect(booking).toMatchObject({ status: 'confirmed', day: '2027-07-11', side: 'customer' });
    const again = await h.request('POST', `/api/quotes/${sent.id}/accept`, customer);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BOOKING_MESSAGES.quoteAccepted);

    const mine = await h.request('GET', '/api/bookings', customer);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((b: { id: string }) => b.id)).toContain(booking.id);
    const theirs = await h.request('GET', '/api/bookings?upcoming=true', owner);
    expect(theirs.json()).toEqual([expect.objectContaining({ id: booking.id, side: 'vendor' })]);
    const quotes = await h.request('GET', `/api/requests/${requestId}/quotes`, owner);
    expect(quotes.json()).toMatchObject({
      requestStatus: 'booked',
      quotes: [{ id: sent.id, status: 'accepted' }],
    });

    expectFieldRefused(
      await h.request('POST', `/api/bookings/${booking.id}/cancel`, customer, { reason: '' }),
      'reason',
      BOOKING_MESSAGES.reasonMissing,
    );
    const cancelled = await h.request('POST', `/api/bookings/${booking.id}/cancel`, customer, {
      reason: 'We moved the date.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledSide: 'customer' });
    const twice = await h.request('POST', `/api/bookings/${booking.id}/cancel`, owner, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(BOOKING_MESSAGES.bookingCancelled);
    // The request is open again, and the owner finds the booking under its status.
    const reopened = await h.request('GET', `/api/requests/${requestId}/quotes`, owner);
    expect(reopened.json()).toMatchObject({ requestStatus: 'responded' });
    const ids = async (query: string) =>
      (await h.request('GET', `/api/bookings?${query}`, owner)).json().map((b: { id: string }) => b.id);
    expect(await ids('status=cancelled')).toEqual([booking.id]);
    expect(await ids('status=confirmed')).not.toContain(booking.id);
    expect(await ids('status=completed')).not.toContain(booking.id);
    expectFieldRefused(
      await h.request('GET', '/api/bookings?status=done', owner),
      'status',
      'Status must be one of confirmed, completed, cancelled',
    );
  });

  it('POST /api/quotes/{id}/decline answers the declined quote', async () => {
    const requestId = await newRequest('2027-07-18');
    const sent = (await h.request('POST', '/api/quotes', owner, quote(requestId))).json();
    const res = await h.request('POST', `/api/quotes/${sent.id}/decline`, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: sent.id, status: 'declined' });
  });
});
