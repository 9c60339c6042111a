import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import { effectiveBookingStatus, effectiveQuoteStatus, listingZone } from './booking-clock';
import { bookingCompletedMail, quoteExpiredMail } from './bookings.mails';
import { tellParty, writeHistory } from './bookings.tell';

/** How many quotes and bookings one run settles at most; the next run takes the rest. */
const BATCH = 200;

/** The last civil day that may have passed somewhere: candidates are read by it, then judged at their listing. */
const latestPassedDay = (now: Date) => new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);

/**
 * What the clock changes by itself, stored (the reads already show it): open quotes past their
 * valid-until become expired (and their request expired, while it waits on no other quote), and
 * confirmed bookings past their day become completed. Each change writes its history row and tells
 * both sides, like any other change. Safe to run from several processes at once: each row changes
 * under its lock and only from the status it was read in.
 */
export async function settleBookingClock(
  db: Db,
  now: Date,
  appUrl = '',
): Promise<{ expiredQuotes: number; completedBookings: number }> {
  const until = latestPassedDay(now);
  const quotes = await db
    .selectFrom('quotes as q')
    .innerJoin('vendors as v', 'v.id', 'q.vendorId')
    .innerJoin('availabilityRequests as r', 'r.id', 'q.requestId')
    .innerJoin('users as c', 'c.id', 'r.userId')
    .select([
      'q.id',
      'q.requestId',
      'q.threadId',
      sql<string>`to_char(q.valid_until, 'YYYY-MM-DD')`.as('validUntil'),
      'v.timeZone',
      'v.latitude',
      'v.longitude',
      'v.ownerId',
      'v.businessName',
      'r.userId',
      'r.eventType',
      'c.name as customerName',
    ])
    .where('q.status', '=', 'sent')
    .where('q.validUntil', '<', until)
    .orderBy('q.validUntil')
    .limit(BATCH)
    .execute();
  let expiredQuotes = 0;
  for (const q of quotes) {
    if (effectiveQuoteStatus('sent', q.validUntil, now, listingZone(q)) !== 'expired') continue;
    const done = await inTransaction(db, async (trx) => {
      const changed = await trx
        .updateTable('quotes')
        .set({ status: 'expired', version: sql<number>`version + 1` })
        .where('id', '=', q.id)
        .where('status', '=', 'sent')
        .returning('id')
        .execute();
      if (changed.length === 0) return false;
      await trx
        .updateTable('availabilityRequests')
        .set({ status: 'expired' })
        .where('id', '=', q.requestId)
        .where('status', '=', 'quoted')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('quotes')
                .select('id')
                .where('requestId', '=', q.requestId)
                .where('status', '=', 'sent'),
            ),
          ),
        )
        .execute();
      await writeHistory(trx, {
        requestId: q.requestId,
        quoteId: q.id,
        actorId: null,
        actorSide: 'system',
        action: 'expired',
        at: now,
      });
      const events: NewLiveEvent[] = [];
      for (const [userId, side] of [
        [q.userId, 'customer'],
        [q.ownerId, 'vendor'],
      ] as const) {
        events.push(
          ...(await tellParty(
            trx,
            {
              userId,
              side,
              threadId: q.threadId,
              about: { code: 'quote.expired', params: { business: q.businessName, day: q.validUntil } },
              mail: (to) =>
                quoteExpiredMail(to, {
                  businessName: q.businessName,
                  customerName: q.customerName,
                  eventType: q.eventType,
                  validUntil: q.validUntil,
                }),
            },
            appUrl,
          )),
        );
      }
      await appendLiveEvents(trx, events);
      return true;
    });
    if (done) expiredQuotes += 1;
  }

  const bookings = await db
    .selectFrom('bookings as b')
    .innerJoin('vendors as v', 'v.id', 'b.vendorId')
    .innerJoin('users as c', 'c.id', 'b.customerId')
    .innerJoin('availabilityRequests as r', 'r.id', 'b.requestId')
    .select([
      'b.id',
      'b.requestId',
      'b.quoteId',
      'b.threadId',
      'b.customerId',
      sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'),
      'v.timeZone',
      'v.latitude',
      'v.longitude',
      'v.ownerId',
      'v.businessName',
      'r.eventType',
      'c.name as customerName',
    ])
    .where('b.status', '=', 'confirmed')
    .where('b.day', '<', until)
    .orderBy('b.day')
    .limit(BATCH)
    .execute();
  let completedBookings = 0;
  for (const b of bookings) {
    if (effectiveBookingStatus('confirmed', b.day, now, listingZone(b)) !== 'completed') continue;
    const done = await inTransaction(db, async (trx) => {
      const changed = await trx
        .updateTable('bookings')
        .set({ status: 'completed', completedAt: now, version: sql<number>`version + 1` })
        .where('id', '=', b.id)
        .where('status', '=', 'confirmed')
        .returning('id')
        .execute();
      if (changed.length === 0) return false;
      await writeHistory(trx, {
        requestId: b.requestId,
        quoteId: b.quoteId,
        bookingId: b.id,
        actorId: null,
        actorSide: 'system',
        action: 'completed',
        at: now,
      });
      const events: NewLiveEvent[] = [];
      for (const [userId, side] of [
        [b.customerId, 'customer'],
        [b.ownerId, 'vendor'],
      ] as const) {
        events.push(
          ...(await tellParty(
            trx,
            {
              userId,
              side,
              threadId: b.threadId,
              about: { code: 'booking.completed', params: { eventType: b.eventType, day: b.day } },
              body: side === 'customer' ? b.businessName : b.customerName,
              mail: (to) => bookingCompletedMail({ ...to, side }, b),
            },
            appUrl,
          )),
        );
      }
      await appendLiveEvents(trx, events);
      return true;
    });
    if (done) completedBookings += 1;
  }
  return { expiredQuotes, completedBookings };
}
