import { z } from 'zod';
import { fromCivilDate } from '../../../shared/jewish-calendar';
import { DATE_MESSAGES } from '../../../shared/schemas/common';
import {
  depositCreateInput,
  EVENT_MESSAGES,
  eventCreateInput,
  memoCreateInput,
  taskCreateInput,
  timeSchema,
} from '../../../shared/schemas/events';
import { pickedPlaceSchema } from '../../../shared/schemas/places';
import { thenWire } from '../../lib/use-zod-form';
import { normalizeAmountInput } from './money';

/*
 * The event's forms hold what their inputs hold (a date input's 'YYYY-MM-DD', a typed '$1,200'),
 * turn it into the wire's values, and then check those with the procedure's own schema. The rules
 * stay the shared ones; only the shape of the inputs is the form's.
 */

/** The parent's id and the idempotency key are added when the form is sent. */
const sent = { id: true, idempotencyKey: true } as const;

/** A date input's day as local midnight; blank is refused with `required`, or allowed when it is not given. */
function localDay(label: string, required?: string) {
  return z.string().transform((value, ctx) => {
    if (!value) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return null;
    }
    try {
      return fromCivilDate(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: DATE_MESSAGES.notADate(label) });
      return z.NEVER;
    }
  });
}

/**
 * Title, type, date and time, venue, notes and image. The date and time are sent as the one ISO
 * timestamp they stand for, midnight without a time (spec section 5).
 */
export const eventForm = eventCreateInput
  .pick({ title: true, type: true, venue: true, notes: true, imageUrl: true })
  .extend({
    date: z.string().min(1, EVENT_MESSAGES.required),
    time: timeSchema,
    endTime: timeSchema,
    /** The city chosen from the place search; sent as its id, null when none. */
    place: pickedPlaceSchema.nullish(),
    /** The main event this one is part of ('' for none): a sub-event shares its guest list. */
    parentEventId: z.string().optional(),
  })
  .transform(({ date, time, place, parentEventId, ...rest }) => ({
    ...rest,
    date: new Date(`${date}T${time ?? '00:00'}`),
    time,
    placeId: place?.id ?? null,
    parentEventId: parentEventId ? parentEventId : null,
  }))
  .transform(thenWire(eventCreateInput.omit({ idempotencyKey: true })));
export type EventFormValues = z.input<typeof eventForm>;

export const taskForm = taskCreateInput
  .pick({ title: true, description: true })
  .extend({
    dueDate: localDay(/* value: the field's name in the shared schema's English message */ 'Due date'),
  })
  .transform(thenWire(taskCreateInput.omit(sent)));
export type TaskFormValues = z.input<typeof taskForm>;

/** The amount as typed ('$1,200.50') becomes the decimal string the server stores. */
export const depositForm = depositCreateInput
  .pick({ vendorName: true, paid: true })
  .extend({
    amount: z.string().transform(normalizeAmountInput).transform(thenWire(depositCreateInput.shape.amount)),
    dueDate: localDay(
      /* value: the field's name in the shared schema's English message */ 'Due date',
      EVENT_MESSAGES.required,
    ),
  })
  .transform(thenWire(depositCreateInput.omit(sent)));
export type DepositFormValues = z.input<typeof depositForm>;

export const memoForm = memoCreateInput.omit(sent);
export type MemoFormValues = z.input<typeof memoForm>;
