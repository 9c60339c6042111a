import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { dateHasPassed } from '../../../shared/local-time';
import { zoneAt } from '../../../shared/place-zone';
import type { UserDto } from '../../../shared/schemas/auth';
import type { PlaceDto } from '../../../shared/schemas/places';
import type { AvailabilityRequestDto } from '../../../shared/schemas/request-answers';
import {
  type availabilityRequestInput,
  availabilityRequestSubject,
  REQUEST_MESSAGES,
} from '../../../shared/schemas/requests';
import { VENDOR_MESSAGES } from '../../../shared/schemas/vendors';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import { appendLiveEvents } from '../../platform/live/live-events';
import { fieldError } from '../../platform/trpc/field-error';
import { countRequestReceived } from '../analytics/analytics.service';
import { listingForNewThread, openThread, refuseWhenListingBlocked } from '../messages/messages.delivery';
import {
  judgedPlace,
  observanceOfUser,
  placeNamed,
  placeOfZone,
  placeOrRefuse,
  type UserObservance,
} from '../observance/observance.service';
import { type JudgedPlace, judgeSlot, observanceFor } from '../observance/tiers';

/**
 * What the request records of its attachments: an uploaded file (with an id, now linked to the first
 * message) as its stored row says, never as the client described it; a file described only by
 * name, size and type (the spec's payload) as described.
 */
async function attachmentRecords(
  trx: Db,
  attachments: z.output<typeof availabilityRequestInput>['attachments'],
  messageId: string,
) {
  const ids = attachments.flatMap((a) => (a.id ? [a.id] : []));
  const stored =
    ids.length === 0
      ? []
      : await trx
          .selectFrom('attachments')
          .select(['id', 'name', 'bytes', 'contentType'])
          .where('messageId', '=', messageId)
          .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  return attachments.map((a) => {
    const row = a.id ? byId.get(a.id) : undefined;
    return row
      ? { id: row.id, name: row.name, size: row.bytes, type: row.contentType }
      : { name: a.name, size: a.size, type: a.type };
  });
}

/**
 * Sends an availability request: the request, a message thread between the family and the vendor
 * whose first message is the request's text (with the uploaded attachments), and the vendor's
 * unread count, notification, mail and live event, as for any message, and the listing's daily
 * request count, in one transaction. The conflict flags come from the shared calendar, not from the
 * client. Refused while the listing's side has blocked the customer in a thread, and for a date
 * that has passed where the event is: the listing's place (its coordinates' zone), else the zone the
 * sender's browser reported, else only once the date has passed everywhere (decision 031).
 */
export async function sendAvailabilityRequest(
  db: Db,
  customer: UserDto,
  input: z.output<typeof availabilityRequestInput>,
  now: Date,
  appUrl: string,
) {
  const sender = await observanceOfUser(db, customer.id);
  const chosen = input.placeId ? placeOrRefuse(input.placeId, 'placeId') : null;
  return inTransaction(db, async (trx) => {
    const vendor = await listingForNewThread(trx, input.id, VENDOR_MESSAGES.notFound);
    await refuseWhenListingBlocked(trx, customer.id, vendor.id);
    const place = requestPlace(chosen, input.city, vendor, sender, input.timeZone ?? null);
    const judged = judgeSlot(
      { date: input.date, time: input.time, durationMinutes: input.durationMinutes ?? null },
      place,
      observanceFor(sender.settings, sender.homePlace, place),
    );
    const zone = zoneAt(vendor.latitude, vendor.longitude) ?? input.timeZone ?? null;
    if (dateHasPassed(input.date, now, zone)) throw fieldError('date', REQUEST_MESSAGES.datePassed);
    if (input.eventId) {
      const own = await trx
        .selectFrom('events')
        .select('id')
        .where('id', '=', input.eventId)
        .where('userId', '=', customer.id)
        .executeTakeFirst();
      if (!own) throw new TRPCError({ code: 'NOT_FOUND', message: REQUEST_MESSAGES.eventNotFound });
    }
    const eventDate = new Date(`${input.date}T00:00:00.000Z`);
    const attachmentIds = [...new Set(input.attachments.flatMap((a) => (a.id ? [a.id] : [])))];
    const { threadId, messageId, events } = await openThread(trx, {
      customer,
      vendor,
      thread: {
        eventId: input.eventId ?? null,
        eventType: input.eventType,
        eventDate,
        subject: availabilityRequestSubject(input.eventType, input.date),
      },
      text: input.message,
      attachmentIds,
      now,
      appUrl,
    });
    const request = await trx
      .insertInto('availabilityRequests')
      .values({
        vendorId: vendor.id,
        userId: customer.id,
        eventId: input.eventId ?? null,
        threadId,
        message: input.message,
        eventType: input.eventType,
        eventDate,
        eventTime: input.time,
        guestCount: input.guestCount ?? LIMITS.guestCountDefault,
        budgetMin: input.budgetMin ?? null,
        budgetMax: input.budgetMax ?? null,
        city: input.city,
        hasConflict: judged.hasConflict,
        conflictReason: judged.conflictReason,
        conflictLevel: judged.conflict.level,
        conflictMessage: judged.conflict.reason,
        conflictStartsAt: judged.conflict.startsAt,
        conflictEndsAt: judged.conflict.endsAt,
        conflictPlace: judged.conflict.place ? JSON.stringify(judged.conflict.place) : null,
        conflictAbout: judged.conflict.about ? JSON.stringify(judged.conflict.about) : null,
        attachments: JSON.stringify(await attachmentRecords(trx, input.attachments, messageId)),
        createdAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The listing's analytics count it with the request: both or neither.
    await countRequestReceived(trx, vendor.id, now);
    const [dto] = await listRequests(trx, { requestId: request.id });
    if (!dto) throw new Error('request vanished inside its own transaction');
    await appendLiveEvents(trx, events);
    return dto;
  });
}

/**
 * The place a request is judged at: the one chosen from the place search, else the city typed
 * ('Brooklyn', 'Teaneck, New Jersey', 'London, UK') resolved by name, else the listing's own
 * position (named by its city), else the sender's home place, else the city their browser's zone is
 * named after; null when none of them is known.
 */
function requestPlace(
  chosen: PlaceDto | null,
  city: string | null,
  vendor: {
    latitude: number | null;
    longitude: number | null;
    timeZone: string | null;
    city: string | null;
    country: string | null;
    businessName: string;
  },
  sender: UserObservance,
  senderZone: string | null,
): JudgedPlace | null {
  const named = chosen ?? placeNamed(city);
  if (named) return judgedPlace(named);
  if (vendor.latitude !== null && vendor.longitude !== null && vendor.timeZone) {
    return {
      id: null,
      name: vendor.city ?? vendor.businessName,
      region: null,
      country: vendor.country ?? '',
      latitude: vendor.latitude,
      longitude: vendor.longitude,
      timeZone: vendor.timeZone,
    };
  }
  const home = sender.homePlace ?? placeOfZone(senderZone);
  return home ? judgedPlace(home) : null;
}

/** Requests a customer sent, or requests sent to a vendor's listings. */
export async function listRequests(
  db: Db,
  filter: { customerId?: string; vendorOwnerId?: string; requestId?: string },
): Promise<AvailabilityRequestDto[]> {
  let q = db
    .selectFrom('availabilityRequests as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .innerJoin('users as u', 'u.id', 'r.userId')
    .select([
      'r.id',
      'r.vendorId',
      'v.businessName',
      sql<boolean>`v.owner_id is not null`.as('managed'),
      'u.name as customerName',
      'r.eventId',
      'r.threadId',
      'r.eventType',
      sql<string>`to_char(r.event_date at time zone 'UTC', 'YYYY-MM-DD')`.as('eventDate'),
      'r.eventTime',
      'r.guestCount',
      'r.budgetMin',
      'r.budgetMax',
      'r.city',
      'r.message',
      'r.hasConflict',
      'r.conflictReason',
      'r.conflictLevel',
      'r.conflictMessage',
      'r.conflictStartsAt',
      'r.conflictEndsAt',
      'r.conflictPlace',
      'r.conflictAbout',
      'r.attachments',
      'r.response',
      'r.responseAbout',
      'r.status',
      'r.respondedAt',
      'r.createdAt',
    ])
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id');
  if (filter.customerId) q = q.where('r.userId', '=', filter.customerId);
  if (filter.vendorOwnerId) q = q.where('v.ownerId', '=', filter.vendorOwnerId);
  if (filter.requestId) q = q.where('r.id', '=', filter.requestId);
  const rows = await q.execute();
  return rows.map(
    ({
      businessName,
      managed,
      conflictLevel,
      conflictMessage,
      conflictStartsAt,
      conflictEndsAt,
      conflictPlace,
      conflictAbout,
      responseAbout,
      ...r
    }) => ({
      ...r,
      ...(responseAbout ? { responseAbout } : {}),
      vendor: { id: r.vendorId, businessName, managed },
      conflict: {
        level: conflictLevel,
        reason: conflictMessage,
        about: conflictAbout,
        startsAt: conflictStartsAt,
        endsAt: conflictEndsAt,
        place: conflictPlace,
      },
    }),
  );
}

export async function requestsFor(db: Db, user: UserDto) {
  if (user.role === 'customer') return listRequests(db, { customerId: user.id });
  if (user.role === 'vendor') return listRequests(db, { vendorOwnerId: user.id });
  throw new TRPCError({
    code: 'FORBIDDEN',
    message: REQUEST_MESSAGES.partiesOnly,
  });
}
