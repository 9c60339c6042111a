import { z } from 'zod';
import { guestCreateInput, householdCreateInput } from '../../../shared/schemas/guests';
import { thenWire } from '../../lib/use-zod-form';
import { parseTags } from './format';

/** The household choice that makes a new household for the guest. */
export const NEW_HOUSEHOLD = 'new';

/**
 * The guest dialog holds what its inputs hold (text, a meal '' for none, tags as one line), turns it
 * into the wire's values and checks those with the procedure's own schema, so the messages under the
 * fields are the server's.
 */
export const guestForm = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    side: z.string(),
    tags: z.string(),
    meal: z.string(),
    dietaryNote: z.string(),
    kashrutStandard: z.string(),
    householdId: z.string(),
    householdName: z.string(),
    invitedTo: z.array(z.string()),
  })
  .transform(({ tags, meal, householdId, householdName, ...rest }) => {
    const newHousehold = householdId === NEW_HOUSEHOLD || householdId === '';
    return {
      ...rest,
      tags: parseTags(tags),
      meal: meal === '' ? null : meal,
      householdId: newHousehold ? undefined : householdId,
      householdName: newHousehold ? householdName : undefined,
    };
  })
  .transform(thenWire(guestCreateInput.omit({ id: true, idempotencyKey: true })));
export type GuestFormValues = z.input<typeof guestForm>;
export type GuestFormOutput = z.output<typeof guestForm>;

/** A household's name and how many guests of their own it may bring (typed as text). */
export const householdForm = z
  .object({ name: z.string(), plusOnesAllowed: z.string() })
  .transform(({ name, plusOnesAllowed }) => ({
    name,
    plusOnesAllowed: plusOnesAllowed.trim() === '' ? 0 : Number(plusOnesAllowed),
  }))
  .transform(thenWire(householdCreateInput.omit({ id: true, idempotencyKey: true })));
export type HouseholdFormValues = z.input<typeof householdForm>;
