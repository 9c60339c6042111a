import { sql } from 'kysely';
import type { BookingDto, BookingHistoryDto, QuoteDto } from '../../../shared/schemas/booking-answers';
import type { BookingStatus } from '../../../shared/schemas/bookings';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import type { Db } from '../../platform/db/create-db';
import { attachmentUrl } from '../attachments/attachments.queries';
import { effectiveBookingStatus, effectiveQuoteStatus, listingZone } from './booking-clock';

const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Quote rows with their listing's name and place (for the read-time status). */
function quoteRows(db: Db) {
  return db
    .selectFrom('quotes as q')
    .innerJoin('vendors as v', 'v.id', 'q.vendorId')
    .leftJoin('bookings as b', 'b.quoteId', 'q.id')
    .select([
      'q.id',
      'q.version',
      'q.requestId',
      'q.vendorId',
      'v.businessName',
      'v.timeZone',
      'v.latitude',
      'v.longitude',
      'q.threadId',
      'q.price',
      'q.priceMin',
      'q.priceMax',
      'q.includes',
      'q.depositAmount',
      dayText('q.deposit_due_date').as('depositDueDate'),
      dayText('q.valid_until').as('validUntil'),
      'q.attachmentIds',
      'q.status',
      'q.answeredAt',
      'b.id as bookingId',
      'q.createdAt',
    ]);
}

type QuoteRow = Awaited<ReturnType<ReturnType<typeof quoteRows>['execute']>>[number];

async function attachmentsByIds(db: Db, ids: string[]): Promise<Map<string, AttachmentDto>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'name', 'contentType', 'bytes'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { ...r, url: attachmentUrl(r.id) }]));
}

async function toQuoteDtos(db: Db, rows: QuoteRow[], now: Date): Promise<QuoteDto[]> {
  const files = await attachmentsByIds(db, [...new Set(rows.flatMap((r) => r.attachmentIds))]);
  return rows.map(({ timeZone, latitude, longitude, attachmentIds, ...r }) => ({
    ...r,
    status: effectiveQuoteStatus(r.status, r.validUntil, now, listingZone({ timeZone, latitude, longitude })),
    attachments: attachmentIds.flatMap((id) => {
      const file = files.get(id);
      return file ? [file] : [];
    }),
  }));
}

export async function quoteDtosOfRequest(db: Db, requestId: string, now: Date): Promise<QuoteDto[]> {
  const rows = await quoteRows(db)
    .where('q.requestId', '=', requestId)
    .orderBy('q.createdAt', 'desc')
    // The open quote is the newest of its request (sent in the same instant as the one it replaced).
    .orderBy(sql`q.status = 'sent'`, 'desc')
    .orderBy('q.id')
    .execute();
  return toQuoteDtos(db, rows, now);
}

export async function quoteDtoById(db: Db, id: string, now: Date): Promise<QuoteDto> {
  const rows = await quoteRows(db).where('q.id', '=', id).execute();
  const [dto] = await toQuoteDtos(db, rows, now);
  if (!dto) throw new Error(`quote ${id} vanished`);
  return dto;
}

export async function historyOfRequests(db: Db, requestIds: string[]): Promise<BookingHistoryDto[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('bookingHistory')
    .select(['id', 'requestId', 'quoteId', 'bookingId', 'action', 'actorSide', 'reason', 'createdAt'])
    .where('requestId', 'in', requestIds)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export interface BookingFilter {
  /** The caller: their bookings as the family, or as the owner of the listing. */
  userId: string;
  bookingId?: string;
  eventId?: string;
  /** Only confirmed bookings whose day is not before this civil date (UTC; the read-time status trims further). */
  fromDay?: string;
  /** Only bookings of this status as it reads now (a confirmed booking past its day reads completed). */
  status?: BookingStatus;
}

/** The caller's bookings (as the family or as the listing's owner), newest day first, with quote and history. */
export async function bookingDtos(db: Db, filter: BookingFilter, now: Date): Promise<BookingDto[]> {
  let q = db
    .selectFrom('bookings as b')
    .innerJoin('vendors as v', 'v.id', 'b.vendorId')
    .innerJoin('users as c', 'c.id', 'b.customerId')
    .innerJoin('availabilityRequests as r', 'r.id', 'b.requestId')
    .leftJoin('events as e', 'e.id', 'b.eventId')
    .leftJoin('deposits as d', 'd.id', 'b.depositId')
    .select([
      'b.id',
      'b.version',
      'b.status',
      dayText('b.day').as('day'),
      'b.requestId',
      'b.threadId',
      'b.quoteId',
      'b.vendorId',
      'v.businessName',
      'v.ownerId',
      'v.timeZone',
      'v.latitude',
      'v.longitude',
      'b.customerId',
      'c.name as customerName',
      'r.eventType',
      'b.eventId',
      'e.title as eventTitle',
      'd.id as depositId',
      'd.amount as depositAmount',
      'd.dueDate as depositDueDate',
      'd.paid as depositPaid',
      'd.paidDate as depositPaidDate',
      'b.cancelledSide',
      'b.cancelReason',
      'b.cancelledAt',
      'b.completedAt',
      'b.createdAt',
    ])
    .where((eb) => eb.or([eb('b.customerId', '=', filter.userId), eb('v.ownerId', '=', filter.userId)]))
    .orderBy('b.day', 'desc')
    .orderBy('b.createdAt', 'desc');
  if (filter.bookingId) q = q.where('b.id', '=', filter.bookingId);
  if (filter.eventId) q = q.where('b.eventId', '=', filter.eventId);
  if (filter.fromDay) q = q.where('b.status', '=', 'confirmed').where('b.day', '>=', filter.fromDay);
  // Candidates by the stored status; the read-time status below decides between confirmed and completed.
  if (filter.status === 'cancelled') q = q.where('b.status', '=', 'cancelled');
  else if (filter.status) q = q.where('b.status', 'in', ['confirmed', 'completed']);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const quoteList = await toQuoteDtos(
    db,
    await quoteRows(db)
      .where(
        'q.id',
        'in',
        rows.map((r) => r.quoteId),
      )
      .execute(),
    now,
  );
  const quotes = new Map(quoteList.map((dto) => [dto.id, dto]));
  const history = await historyOfRequests(db, [...new Set(rows.map((r) => r.requestId))]);
  const dtos: BookingDto[] = [];
  for (const r of rows) {
    const side = r.customerId === filter.userId ? 'customer' : 'vendor';
    const zone = listingZone(r);
    const status = effectiveBookingStatus(r.status, r.day, now, zone);
    if (filter.fromDay && status !== 'confirmed') continue;
    if (filter.status && status !== filter.status) continue;
    dtos.push({
      id: r.id,
      version: r.version,
      side,
      status,
      day: r.day,
      requestId: r.requestId,
      threadId: r.threadId,
      vendor: { id: r.vendorId, businessName: r.businessName },
      customer: { id: r.customerId, name: r.customerName },
      eventType: r.eventType,
      eventId: side === 'customer' ? r.eventId : null,
      eventTitle: side === 'customer' ? r.eventTitle : null,
      quote: quotes.get(r.quoteId) as QuoteDto,
      deposit:
        side === 'customer' && r.depositId && r.depositAmount !== null && r.depositDueDate
          ? {
              id: r.depositId,
              amount: r.depositAmount,
              dueDate: r.depositDueDate,
              paid: Boolean(r.depositPaid),
              paidDate: r.depositPaidDate,
            }
          : null,
      cancelledSide: r.cancelledSide,
      cancelReason: r.cancelReason,
      cancelledAt: r.cancelledAt,
      completedAt: r.completedAt,
      createdAt: r.createdAt,
      history: history.filter((h) => h.requestId === r.requestId),
    });
  }
  return dtos;
}
