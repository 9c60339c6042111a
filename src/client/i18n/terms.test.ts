import { describe, expect, it } from 'vitest';
import { DASHBOARD_CATEGORIES, PROFILE_FORM_CATEGORIES, ROLES } from '../../shared/constants';
import { REQUEST_EVENT_TYPES } from '../../shared/event-types';
import { KASHRUT_AGENCIES, KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../shared/kashrut';
import { MEAL_LABELS, MEALS, RSVP_LABELS, RSVP_STATUSES } from '../../shared/schemas/guests';
import { CUSTOM_LABELS, HAVDALAH_LABELS } from '../../shared/schemas/observance';
import en from './en';
import he from './he';
import { type TermGroup, termId, termKey } from './terms';

const lists: [TermGroup, readonly string[], (value: string) => string | undefined][] = [
  ['eventType', REQUEST_EVENT_TYPES, (v) => v],
  ['category', PROFILE_FORM_CATEGORIES, (v) => v],
  [
    'dashboardCategory',
    DASHBOARD_CATEGORIES.map((c) => c.value),
    (v) => DASHBOARD_CATEGORIES.find((c) => c.value === v)?.label,
  ],
  ['meal', MEALS, (v) => MEAL_LABELS[v as keyof typeof MEAL_LABELS]],
  ['rsvp', RSVP_STATUSES, (v) => RSVP_LABELS[v as keyof typeof RSVP_LABELS]],
  ['havdalah', Object.keys(HAVDALAH_LABELS), (v) => HAVDALAH_LABELS[v as keyof typeof HAVDALAH_LABELS]],
  ['custom', Object.keys(CUSTOM_LABELS), (v) => CUSTOM_LABELS[v as keyof typeof CUSTOM_LABELS]],
  [
    'kashrutAgency',
    KASHRUT_AGENCIES.map((a) => a.code),
    (v) => KASHRUT_AGENCIES.find((a) => a.code === v)?.label,
  ],
  [
    'kashrutLevel',
    KASHRUT_LEVELS.map((l) => l.value),
    (v) => KASHRUT_LEVELS.find((l) => l.value === v)?.label,
  ],
  ['kashrutFlag', KASHRUT_FLAGS.map((f) => f.field), (v) => KASHRUT_FLAGS.find((f) => f.field === v)?.label],
  ['role', ROLES, () => undefined],
];

describe('terms', () => {
  it('name stored values by their words', () => {
    expect(termKey('Bar Mitzvah')).toBe('barMitzvah');
    expect(termKey('no_answer')).toBe('noAnswer');
    expect(termKey('degrees-8.5')).toBe('degrees85');
  });

  it('give every value of the shared lists a name in each language, the English one as the list says', () => {
    for (const [group, values, english] of lists) {
      for (const value of values) {
        const id = termId(group, value);
        const label = english(value);
        expect(en[id as keyof typeof en], id).toBe(label ?? en[id as keyof typeof en]);
        expect(en[id as keyof typeof en], id).toBeTruthy();
        expect(he[id as keyof typeof he], id).toBeTruthy();
      }
    }
  });
});
