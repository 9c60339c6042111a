import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { englishNotification, type MessageAbout, moneyParam } from '../../../shared/coded-sentences';
import { formatCivilDay } from '../../../shared/dates';
import { dateHasPassed } from '../../../shared/local-time';
import { DEFAULT_CURRENCY } from '../../../shared/money';
import type { UserDto } from '../../../shared/schemas/auth';
import type { BookingDto, QuoteDto, RequestQuotesDto } from '../../../shared/schemas/booking-answers';
import {
  BOOKING_MESSAGES,
  type bookingsListInput,
  type cancelBookingInput,
  type QuoteStatus,
  type quoteInput,
} from '../../../shared/schemas/bookings';
import { MESSAGING_MESSAGES, type ThreadSide } from '../../../shared/schemas/messages';
import { clipText } from '../../../shared/text';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents } from '../../platform/live/live-events';
import { fieldError } from '../../platform/trpc/field-error';
import { uploadedAttachments } from '../attachments/attachments.queries';
import { DayFullError, releaseSlot, takeSlot } from '../availability/day-room';
import { findActiveCircle } from '../family/family.queries';
import { postMessage } from '../messages/messages.delivery';
import { effectiveBookingStatus, effectiveQuoteStatus, listingZone } from './booking-clock';
import { bookingCancelledMail, quoteAcceptedMail, quoteDeclinedMail, quoteSentMail } from './bookings.mails';
import { bookingDtos, historyOfRequests, quoteDtoById, quoteDtosOfRequest } from './bookings.queries';
import { tellParty, writeHistory } from './bookings.tell';

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

/** The request a quote or an answer is about, with its listing and family, under the request's row lock. */
async function lockedRequest(trx: Db, requestId: string) {
  return trx
    .selectFrom('availabilityRequests as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .innerJoin('users as c', 'c.id', 'r.userId')
    .select([
      'r.id',
      'r.status',
      'r.userId',
      'r.vendorId',
      'r.eventId',
      'r.threadId',
      'r.eventType',
      sql<string>`to_char(r.event_date at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'v.ownerId',
      'v.businessName',
      'v.timeZone',
      'v.latitude',
      'v.longitude',
      'c.name as customerName',
    ])
    .where('r.id', '=', requestId)
    .forUpdate('r')
    .executeTakeFirst();
}

function refuseClosedRequest(status: string) {
  if (status === 'booked') throw conflict(BOOKING_MESSAGES.requestBooked);
  if (status === 'declined') throw conflict(BOOKING_MESSAGES.requestDeclined);
  if (status === 'expired') throw conflict(BOOKING_MESSAGES.requestExpired);
}

/** The quote's message in the conversation: what it says, for each reader's language. */
function quoteSummary(q: z.output<typeof quoteInput>): MessageAbout {
  const deposit =
    q.depositAmount && q.depositDueDate ? { amount: q.depositAmount, due: q.depositDueDate } : null;
  return {
    code: 'message.quote',
    params: {
      price: moneyParam({
        price: q.price ?? null,
        priceMin: q.priceMin ?? null,
        priceMax: q.priceMax ?? null,
      }),
      hasDeposit: deposit ? 'yes' : 'no',
      deposit: deposit ? moneyParam({ price: deposit.amount, priceMin: null, priceMax: null }) : '',
      depositDue: deposit?.due ?? '',
      validUntil: q.validUntil,
      includes: q.includes,
    },
  };
}

/**
 * The vendor (the owner of the request's listing) sends a quote in the request's conversation: an
 * open quote before it is withdrawn, the quote is posted as a message in the thread (its
 * attachments linked through the messages' own path), the request becomes 'quoted', and the family
 * is told, in one transaction. Dates are judged at the listing's place.
 */
export async function sendQuote(
  db: Db,
  user: UserDto,
  input: z.output<typeof quoteInput>,
  now: Date,
  appUrl: string,
): Promise<QuoteDto> {
  return inTransaction(db, async (trx) => {
    const request = await lockedRequest(trx, input.requestId);
    if (!request || (request.ownerId !== user.id && request.userId !== user.id)) {
      throw notFound(BOOKING_MESSAGES.requestNotFound);
    }
    if (request.ownerId !== user.id) throw forbidden(BOOKING_MESSAGES.notYourListing);
    refuseClosedRequest(request.status);
    if (!request.threadId) throw conflict(BOOKING_MESSAGES.noThread);
    const zone = listingZone(request);
    if (dateHasPassed(request.day, now, zone))
      throw conflict(BOOKING_MESSAGES.eventPassed(formatCivilDay(request.day)));
    if (dateHasPassed(input.validUntil, now, zone))
      throw fieldError('validUntil', BOOKING_MESSAGES.validUntilPassed);
    if (input.depositDueDate) {
      if (dateHasPassed(input.depositDueDate, now, zone)) {
        throw fieldError('depositDueDate', BOOKING_MESSAGES.depositDuePassed);
      }
      if (input.depositDueDate > request.day)
        throw fieldError('depositDueDate', BOOKING_MESSAGES.depositDueAfterEvent);
    }
    // The vendor's own uploads: new ones are linked to the quote's message below; ones already sent
    // in this conversation may be attached again.
    const ids = [...new Set(input.attachmentIds)];
    const files = await uploadedAttachments(trx, user.id, ids);
    if (
      files.length !== ids.length ||
      files.some((f) => f.messageId !== null && f.threadId !== request.threadId)
    ) {
      throw fieldError('attachmentIds', BOOKING_MESSAGES.attachmentNotFound);
    }
    const toLink = files.filter((f) => f.messageId === null).map((f) => f.id);

    const withdrawn = await trx
      .updateTable('quotes')
      .set({ status: 'withdrawn', version: sql<number>`version + 1` })
      .where('requestId', '=', request.id)
      .where('status', '=', 'sent')
      .returning('id')
      .execute();
    for (const old of withdrawn) {
      await writeHistory(trx, {
        requestId: request.id,
        quoteId: old.id,
        actorId: user.id,
        actorSide: 'vendor',
        action: 'withdrawn',
        at: now,
      });
    }
    const quote = await trx
      .insertInto('quotes')
      .values({
        requestId: request.id,
        vendorId: request.vendorId,
        threadId: request.threadId,
        sentBy: user.id,
        price: input.price ?? null,
        priceMin: input.priceMin ?? null,
        priceMax: input.priceMax ?? null,
        includes: input.includes,
        depositAmount: input.depositAmount ?? null,
        depositDueDate: input.depositDueDate ?? null,
        validUntil: input.validUntil,
        attachmentIds: ids,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const thread = await trx
      .selectFrom('messageThreads')
      .select(['id', 'customerId', 'unreadByCustomer', 'unreadByVendor', 'blockedBySide'])
      .where('id', '=', request.threadId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // A blocked conversation takes no quote either, as it takes no message.
    if (thread.blockedBySide !== null) {
      throw forbidden(
        thread.blockedBySide === 'vendor' ? MESSAGING_MESSAGES.youBlocked : MESSAGING_MESSAGES.theyBlocked,
      );
    }
    const { blockedBySide: _blocked, ...unread } = thread;
    const quoted = quoteSummary(input);
    const { events } = await postMessage(trx, {
      thread: {
        ...unread,
        customerName: request.customerName,
        ownerId: request.ownerId,
        businessName: request.businessName,
      },
      sender: { id: user.id, side: 'vendor' },
      text: englishNotification(quoted).title,
      about: quoted,
      attachmentIds: toLink,
      now,
      appUrl,
      tellReceiver: false,
    });
    await trx
      .updateTable('availabilityRequests')
      .set({ status: 'quoted' })
      .where('id', '=', request.id)
      .execute();
    await writeHistory(trx, {
      requestId: request.id,
      quoteId: quote.id,
      actorId: user.id,
      actorSide: 'vendor',
      action: 'quoted',
      at: now,
    });
    events.push(
      ...(await tellParty(
        trx,
        {
          userId: request.userId,
          about: {
            code: 'quote.sent',
            params: {
              business: request.businessName,
              price: moneyParam({
                price: input.price ?? null,
                priceMin: input.priceMin ?? null,
                priceMax: input.priceMax ?? null,
              }),
              eventType: request.eventType,
              day: request.day,
              validUntil: input.validUntil,
            },
          },
          side: 'customer',
          threadId: request.threadId,
          mail: (to) =>
            quoteSentMail(to, {
              businessName: request.businessName,
              eventType: request.eventType,
              day: request.day,
              validUntil: input.validUntil,
              price: {
                price: input.price ?? null,
                priceMin: input.priceMin ?? null,
                priceMax: input.priceMax ?? null,
              },
              // The listing's: listings name no currency of their own yet, so their prices are dollars.
              currency: DEFAULT_CURRENCY,
            }),
        },
        appUrl,
      )),
    );
    await appendLiveEvents(trx, events);
    return quoteDtoById(trx, quote.id, now);
  });
}

/** The quote under its row lock, with its request under the request's; 404 unless the caller is a party. */
async function lockedQuote(trx: Db, user: UserDto, quoteId: string) {
  const quote = await trx
    .selectFrom('quotes')
    .select([
      'id',
      'requestId',
      'status',
      'price',
      'priceMax',
      'depositAmount',
      sql<string | null>`to_char(deposit_due_date, 'YYYY-MM-DD')`.as('depositDueDate'),
      sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('validUntil'),
    ])
    .where('id', '=', quoteId)
    .forUpdate()
    .executeTakeFirst();
  const request = quote ? await lockedRequest(trx, quote.requestId) : undefined;
  if (!quote || !request) throw notFound(BOOKING_MESSAGES.quoteNotFound);
  const family = await actsForFamily(trx, user.id, request.userId);
  if (!family && request.ownerId !== user.id) throw notFound(BOOKING_MESSAGES.quoteNotFound);
  if (!family) throw forbidden(BOOKING_MESSAGES.onlyFamilyAnswers);
  return { quote, request };
}

/**
 * Whether the user acts for the family of a request or booking: its sender, or an active member of
 * the same family circle (decision 007) as the sender. The booking's customer stays the sender.
 */
async function actsForFamily(trx: Db, userId: string, customerId: string): Promise<boolean> {
  if (userId === customerId) return true;
  const mine = await findActiveCircle(trx, userId);
  if (!mine) return false;
  const theirs = await findActiveCircle(trx, customerId);
  return theirs?.id === mine.id;
}

/** Refuses an answer to a quote that is no longer open, with the sentence that says why. */
function refuseClosedQuote(status: QuoteStatus, validUntil: string, answer: 'accept' | 'decline'): void {
  if (status === 'sent') return;
  if (status === 'expired') throw conflict(BOOKING_MESSAGES.quoteExpired(formatCivilDay(validUntil)));
  if (status === 'accepted') {
    throw conflict(
      answer === 'accept' ? BOOKING_MESSAGES.quoteAccepted : BOOKING_MESSAGES.quoteAcceptedNoDecline,
    );
  }
  if (status === 'declined') throw conflict(BOOKING_MESSAGES.quoteDeclined);
  throw conflict(BOOKING_MESSAGES.quoteWithdrawn);
}

/** The family's answer to a quote: the quote accepted or declined, its request booked or declined. */
async function answerQuote(
  trx: Db,
  a: { quoteId: string; requestId: string; by: string; now: Date },
  answer: 'accepted' | 'declined',
): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({ status: answer, answeredAt: a.now, answeredBy: a.by, version: sql<number>`version + 1` })
    .where('id', '=', a.quoteId)
    .execute();
  await trx
    .updateTable('availabilityRequests')
    .set({ status: answer === 'accepted' ? 'booked' : 'declined' })
    .where('id', '=', a.requestId)
    .execute();
}

/**
 * The family accepts a quote. In one transaction: the listing's day loses a slot (takeSlot: the day's
 * row lock and the constraint `taken <= capacity` decide between families racing for the last one,
 * and the loser gets 409 with a sentence), the booking is created confirmed for the request's event
 * day, the quote is accepted and the request booked, the deposit becomes a row of the event's
 * Deposits tied to the booking, the history row is written and the vendor told.
 */
export async function acceptQuote(
  db: Db,
  user: UserDto,
  quoteId: string,
  now: Date,
  appUrl: string,
): Promise<BookingDto> {
  let customerIdOf = user.id;
  const bookingId = await inTransaction(db, async (trx) => {
    const { quote, request } = await lockedQuote(trx, user, quoteId);
    customerIdOf = request.userId;
    const zone = listingZone(request);
    refuseClosedQuote(
      effectiveQuoteStatus(quote.status, quote.validUntil, now, zone),
      quote.validUntil,
      'accept',
    );
    refuseClosedRequest(request.status);
    const day = request.day;
    if (dateHasPassed(day, now, zone)) throw conflict(BOOKING_MESSAGES.eventPassed(formatCivilDay(day)));
    try {
      await takeSlot(trx, request.vendorId, day);
    } catch (error) {
      if (error instanceof DayFullError) {
        throw conflict(BOOKING_MESSAGES.dayFull(request.businessName, formatCivilDay(day)));
      }
      throw error;
    }
    // The request's event, while it is still the family's (it may have been deleted since).
    const event = request.eventId
      ? await trx
          .selectFrom('events')
          .select('id')
          .where('id', '=', request.eventId)
          .where('userId', '=', request.userId)
          .executeTakeFirst()
      : undefined;
    const deposit =
      event && quote.depositAmount !== null && quote.depositDueDate !== null
        ? await trx
            .insertInto('deposits')
            .values({
              eventId: event.id,
              vendorName: request.businessName,
              amount: quote.depositAmount,
              dueDate: new Date(`${quote.depositDueDate}T00:00:00.000Z`),
              createdAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : undefined;
    const booking = await trx
      .insertInto('bookings')
      .values({
        quoteId: quote.id,
        requestId: request.id,
        vendorId: request.vendorId,
        customerId: request.userId,
        eventId: event?.id ?? null,
        threadId: request.threadId,
        depositId: deposit?.id ?? null,
        day,
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await answerQuote(trx, { quoteId: quote.id, requestId: request.id, by: user.id, now }, 'accepted');
    await writeHistory(trx, {
      requestId: request.id,
      quoteId: quote.id,
      bookingId: booking.id,
      actorId: user.id,
      actorSide: 'customer',
      action: 'accepted',
      at: now,
    });
    const events = await tellParty(
      trx,
      {
        userId: request.ownerId,
        about: {
          code: 'quote.accepted',
          params: { customer: request.customerName, eventType: request.eventType, day },
        },
        side: 'vendor',
        threadId: request.threadId,
        mail: (to) =>
          quoteAcceptedMail(to, { customerName: request.customerName, eventType: request.eventType, day }),
      },
      appUrl,
    );
    await appendLiveEvents(trx, events);
    return booking.id;
  });
  // As the family reads it (a member of the circle who accepted reads the sender's booking).
  return bookingOf(db, customerIdOf, bookingId, now);
}

/** The family declines a quote: the quote declined, the request declined, the vendor told. */
export async function declineQuote(
  db: Db,
  user: UserDto,
  quoteId: string,
  now: Date,
  appUrl: string,
): Promise<QuoteDto> {
  return inTransaction(db, async (trx) => {
    const { quote, request } = await lockedQuote(trx, user, quoteId);
    const zone = listingZone(request);
    refuseClosedQuote(
      effectiveQuoteStatus(quote.status, quote.validUntil, now, zone),
      quote.validUntil,
      'decline',
    );
    await answerQuote(trx, { quoteId: quote.id, requestId: request.id, by: user.id, now }, 'declined');
    await writeHistory(trx, {
      requestId: request.id,
      quoteId: quote.id,
      actorId: user.id,
      actorSide: 'customer',
      action: 'declined',
      at: now,
    });
    const events = await tellParty(
      trx,
      {
        userId: request.ownerId,
        about: {
          code: 'quote.declined',
          params: { customer: request.customerName, eventType: request.eventType, day: request.day },
        },
        side: 'vendor',
        threadId: request.threadId,
        mail: (to) =>
          quoteDeclinedMail(to, {
            customerName: request.customerName,
            eventType: request.eventType,
            day: request.day,
          }),
      },
      appUrl,
    );
    await appendLiveEvents(trx, events);
    return quoteDtoById(trx, quote.id, now);
  });
}

/**
 * Either side cancels a confirmed booking with a reason: the booking cancelled, the day's slot given
 * back, its request back to 'responded' (open to a new quote), the history row written and the
 * other side told. A booking whose day has passed is completed and can no longer be cancelled.
 */
export async function cancelBooking(
  db: Db,
  user: UserDto,
  input: z.output<typeof cancelBookingInput>,
  now: Date,
  appUrl: string,
): Promise<BookingDto> {
  const readAs = await inTransaction(db, async (trx) => {
    const booking = await trx
      .selectFrom('bookings as b')
      .innerJoin('vendors as v', 'v.id', 'b.vendorId')
      .innerJoin('users as c', 'c.id', 'b.customerId')
      .innerJoin('availabilityRequests as r', 'r.id', 'b.requestId')
      .select([
        'b.id',
        'b.status',
        'b.requestId',
        'b.quoteId',
        'b.vendorId',
        'b.customerId',
        'b.threadId',
        sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'),
        'v.ownerId',
        'v.businessName',
        'v.timeZone',
        'v.latitude',
        'v.longitude',
        'c.name as customerName',
        'r.eventType',
      ])
      .where('b.id', '=', input.id)
      .forUpdate('b')
      .executeTakeFirst();
    const family = booking ? await actsForFamily(trx, user.id, booking.customerId) : false;
    if (!booking || (!family && booking.ownerId !== user.id)) {
      throw notFound(BOOKING_MESSAGES.bookingNotFound);
    }
    const side: ThreadSide = family ? 'customer' : 'vendor';
    const status = effectiveBookingStatus(booking.status, booking.day, now, listingZone(booking));
    if (status === 'cancelled') throw conflict(BOOKING_MESSAGES.bookingCancelled);
    if (status === 'completed') throw conflict(BOOKING_MESSAGES.bookingCompleted);
    await trx
      .updateTable('bookings')
      .set({
        status: 'cancelled',
        cancelledBy: user.id,
        cancelledSide: side,
        cancelReason: input.reason,
        cancelledAt: now,
        version: sql<number>`version + 1`,
      })
      .where('id', '=', booking.id)
      .execute();
    await releaseSlot(trx, booking.vendorId, booking.day);
    // The request is open again (decision 036): no booking stands on it any more, and the vendor
    // may quote anew in the same conversation.
    await trx
      .updateTable('availabilityRequests')
      .set({ status: 'responded' })
      .where('id', '=', booking.requestId)
      .where('status', '=', 'booked')
      .execute();
    await writeHistory(trx, {
      requestId: booking.requestId,
      quoteId: booking.quoteId,
      bookingId: booking.id,
      actorId: user.id,
      actorSide: side,
      action: 'cancelled',
      reason: input.reason,
      at: now,
    });
    const by = side === 'customer' ? booking.customerName : booking.businessName;
    const otherId = side === 'customer' ? booking.ownerId : booking.customerId;
    const events = await tellParty(
      trx,
      {
        userId: otherId,
        about: { code: 'booking.cancelled', params: { by, day: booking.day } },
        body: clipText(input.reason, 300),
        side: side === 'customer' ? 'vendor' : 'customer',
        threadId: booking.threadId,
        mail: (to) =>
          bookingCancelledMail(to, {
            by,
            eventType: booking.eventType,
            day: booking.day,
            reason: input.reason,
          }),
      },
      appUrl,
    );
    await appendLiveEvents(trx, events);
    return side === 'customer' ? booking.customerId : user.id;
  });
  return bookingOf(db, readAs, input.id, now);
}

/** One booking as `userId` (its customer or its listing's owner) reads it. */
async function bookingOf(db: Db, userId: string, bookingId: string, now: Date): Promise<BookingDto> {
  const [dto] = await bookingDtos(db, { userId, bookingId }, now);
  if (!dto) throw notFound(BOOKING_MESSAGES.bookingNotFound);
  return dto;
}

/** GET /api/bookings: the caller's, as the family and as the owner of listings. */
export async function listBookings(
  db: Db,
  user: UserDto,
  input: z.output<typeof bookingsListInput>,
  now: Date,
): Promise<BookingDto[]> {
  if (user.role === 'admin') throw forbidden(BOOKING_MESSAGES.partiesOnly);
  return bookingDtos(
    db,
    {
      userId: user.id,
      eventId: input.eventId,
      // Days still ahead somewhere on Earth; the read-time status trims those passed at the listing.
      fromDay: input.upcoming
        ? new Date(now.getTime() - 14 * 3600_000).toISOString().slice(0, 10)
        : undefined,
      status: input.status,
    },
    now,
  );
}

/** The quotes of a request and its history, for its two parties; 404 for anyone else. */
export async function quotesOfRequest(
  db: Db,
  user: UserDto,
  requestId: string,
  now: Date,
): Promise<RequestQuotesDto> {
  const request = await db
    .selectFrom('availabilityRequests as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(['r.id', 'r.status', 'r.userId', 'v.ownerId'])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  const family = request ? await actsForFamily(db, user.id, request.userId) : false;
  if (!request || (!family && request.ownerId !== user.id)) {
    throw notFound(BOOKING_MESSAGES.requestNotFound);
  }
  const [quotes, history] = await Promise.all([
    quoteDtosOfRequest(db, request.id, now),
    historyOfRequests(db, [request.id]),
  ]);
  return {
    requestId: request.id,
    requestStatus: request.status,
    side: family ? 'customer' : 'vendor',
    quotes,
    history,
  };
}
