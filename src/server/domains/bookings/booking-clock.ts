import { dateHasPassed } from '../../../shared/local-time';
import { zoneAt } from '../../../shared/place-zone';
import type { BookingStatus, QuoteStatus } from '../../../shared/schemas/bookings';

/**
 * A quote's and a booking's days are judged at the listing's place (decision 031): its stored zone,
 * else the zone of its coordinates, else a day counts as passed only once it has passed everywhere.
 */
export function listingZone(v: {
  timeZone: string | null;
  latitude: number | null;
  longitude: number | null;
}): string | null {
  return v.timeZone ?? zoneAt(v.latitude, v.longitude);
}

/**
 * A quote as it stands now: one still open past its valid-until is expired, whether or not the
 * periodic job has stored that yet, so it can never be accepted late.
 */
export function effectiveQuoteStatus(
  stored: QuoteStatus,
  validUntil: string,
  now: Date,
  zone: string | null,
): QuoteStatus {
  return stored === 'sent' && dateHasPassed(validUntil, now, zone) ? 'expired' : stored;
}

/** A booking as it stands now: a confirmed one whose day has passed is completed. */
export function effectiveBookingStatus(
  stored: BookingStatus,
  day: string,
  now: Date,
  zone: string | null,
): BookingStatus {
  return stored === 'confirmed' && dateHasPassed(day, now, zone) ? 'completed' : stored;
}
