import { z } from 'zod';

/**
 * Apart from observance.ts, as observance-fields.ts is: the messages' schemas, which every signed-in
 * page loads, show a request's reason by code too. For the same reason the codes are written out
 * here rather than imported (tiers.test.ts holds the list to OBSERVANCE_REASON_CODES).
 */
export const OBSERVANCE_ABOUT_CODES_TEXT =
  'restBegins, restEnds, restWithin, restDay, restDayNoPlace, restEveNoPlace, cholHamoed, fast, omer, ' +
  'roshChodeshIyarOmer, threeWeeks, nineDaysInThreeWeeks, nineDaysSephardi, shushanPurimTomorrow, ' +
  'lagBaOmer, shushanPurim, shushanPurimJerusalem, day, afterRest, beforeRest';

/**
 * A reason's code and the values its English sentence is made of (src/shared/observance-reasons.ts),
 * for a client to say it in its reader's language. Kept loose on the wire: a stored request keeps the
 * reason it was sent with, and a code this version does not know is shown by its sentence.
 */
export const observanceAboutDto = z
  .object({
    code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  })
  .meta({
    description:
      "The code of `reason` and the values its sentence is made of, for a client to say it in its reader's " +
      'language; `reason` stays the English sentence. Codes: ' +
      OBSERVANCE_ABOUT_CODES_TEXT +
      ". Values: `name` an observance's English name as the calendar gives it ('Shabbat', 'Hanukkah " +
      "(day 3)', 'Rosh Chodesh Tevet') and `date` the civil date it is of; `place` the place's name as " +
      'given; instants (`startsAt`, `endsAt`, `eventStartsAt`, `eventEndsAt`) ISO 8601, told on the clock ' +
      'of `zone` (IANA); `assumedHours` the length assumed for an event without an end (null: its end was ' +
      "given); `day` the Omer's day and `custom` 'ashkenazi' or 'sephardi'.",
    example: {
      code: 'restBegins',
      params: {
        name: 'Shabbat',
        date: '2026-12-19',
        place: 'Brooklyn',
        zone: 'America/New_York',
        startsAt: '2026-12-18T21:12:00.000Z',
        eventEndsAt: '2026-12-19T00:00:00.000Z',
        assumedHours: 4,
      },
    },
  });
export type ObservanceAboutDto = z.infer<typeof observanceAboutDto>;
