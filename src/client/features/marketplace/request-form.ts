import { z } from 'zod';
import { dateHasPassed } from '../../../shared/local-time';
import { pickedPlaceSchema } from '../../../shared/schemas/places';
import { availabilityRequestInput, REQUEST_MESSAGES } from '../../../shared/schemas/requests';
import { thenWire } from '../../lib/use-zod-form';

/**
 * The availability request as its inputs hold it (every box a string), checked by the procedure's
 * own schema: a blank event type, date or message is 'Please fill in event type, date, and
 * message'; the message is trimmed; a guest count that is blank or not a number is 100, below 1 is
 * refused (spec section 5); a blank budget is none; a date that has passed in the listing's zone (else
 * the browser's, which is sent for the server to do the same: decision 031) is refused, as the server refuses it. The conflict
 * flags and attachments are added when the request is sent.
 */
export function requestForm(
  vendorId: string,
  zones: { listing: string | null; browser: string | null },
  now: () => Date = () => new Date(),
) {
  const zone = zones.listing ?? zones.browser;
  return z
    .object({
      eventId: z.string(),
      eventType: z.string(),
      date: z
        .string()
        .refine(
          (date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || !dateHasPassed(date, now(), zone),
          REQUEST_MESSAGES.datePassed,
        ),
      time: z.string(),
      guestCount: z.string(),
      budgetMin: z.string(),
      budgetMax: z.string(),
      city: z.string(),
      /** The city chosen from the place search; sent as its id. */
      place: pickedPlaceSchema.nullish(),
      message: z.string(),
    })
    .transform(({ eventId, eventType, time, place, ...rest }) => ({
      ...rest,
      placeId: place?.id ?? null,
      id: vendorId,
      timeZone: zones.browser,
      eventType: eventType || undefined,
      time: time || null,
      eventId: eventId || null,
    }))
    .transform(thenWire(availabilityRequestInput));
}
export type RequestFormValues = z.input<ReturnType<typeof requestForm>>;
