import { z } from 'zod';
import { availabilityRequestInput } from '../../../shared/schemas/requests';
import { thenWire } from '../../lib/use-zod-form';

/**
 * The availability request as its inputs hold it (every box a string), checked by the procedure's
 * own schema: a blank event type, date or message is 'Please fill in event type, date, and
 * message'; the message is trimmed; a guest count that is blank or not a number is 100, below 1 is
 * refused (spec section 5); a blank budget is none. The conflict flags and attachments are added
 * when the request is sent.
 */
export function requestForm(vendorId: string) {
  return z
    .object({
      eventId: z.string(),
      eventType: z.string(),
      date: z.string(),
      time: z.string(),
      guestCount: z.string(),
      budgetMin: z.string(),
      budgetMax: z.string(),
      city: z.string(),
      message: z.string(),
    })
    .transform(({ eventId, eventType, time, ...rest }) => ({
      ...rest,
      id: vendorId,
      eventType: eventType || undefined,
      time: time || null,
      eventId: eventId || null,
    }))
    .transform(thenWire(availabilityRequestInput));
}
export type RequestFormValues = z.input<ReturnType<typeof requestForm>>;
