/** Kept apart from constants.ts so that pages without an event form do not carry the lists. */

/**
 * The simchas families plan (issue 31): the spec's six, with the Jewish family's own between them
 * (an engagement is the vort or l'chaim; Shabbat Kiddush and Sheva Brachot are often sub-events of
 * a wedding or bar mitzvah). One list with the request dialog's, which adds Corporate.
 */
export const EVENT_TYPES = [
  'Wedding',
  'Bar Mitzvah',
  'Bat Mitzvah',
  'Engagement',
  'Aufruf',
  'Shabbat Kiddush',
  'Sheva Brachot',
  'Brit Milah',
  'Simchat Bat',
  'Pidyon HaBen',
  'Upsherin',
  'Sweet 16',
  'Graduation',
  'Other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What an availability request may be for: every event type, and a business's own events. */
export const REQUEST_EVENT_TYPES = [
  ...EVENT_TYPES.filter((type) => type !== 'Other'),
  'Corporate',
  'Other',
] as const;
