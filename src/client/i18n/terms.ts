import type { MessageId } from './catalogue';
import type { Translate } from './use-t';

/**
 * The product's stored words (event types, categories, meals, answers, kashrut terms, roles): rows
 * and the REST door keep the English value; the screen shows its name in the page's language, from
 * the `terms` catalogue. terms.test.ts holds every value of the shared lists to a name in it.
 */
export type TermGroup =
  | 'eventType'
  | 'category'
  | 'dashboardCategory'
  | 'meal'
  | 'rsvp'
  | 'havdalah'
  | 'custom'
  | 'kashrutAgency'
  | 'kashrutLevel'
  | 'kashrutFlag'
  | 'role';

/** A stored value's key in its group: 'Bar Mitzvah' → barMitzvah, 'no_answer' → noAnswer. */
export function termKey(value: string): string {
  const [first = '', ...rest] = value.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [
    first.charAt(0).toLowerCase() + first.slice(1),
    ...rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1)),
  ].join('');
}

export function termId(group: TermGroup, value: string): MessageId {
  return `terms.${group}.${termKey(value)}` as MessageId;
}

/** A stored value's name in the page's language: `term(t, 'eventType', event.type)`. */
export function term(t: Translate, group: TermGroup, value: string): string {
  return t(termId(group, value));
}
