import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { FindDatesDto } from '../../../shared/schemas/calendar';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { appSystem } from '../../theme';
import { FoundDates } from './find-date-dialog';

const found: FindDatesDto = {
  place: {
    id: 5110302,
    name: 'Brooklyn',
    region: 'New York',
    country: 'US',
    latitude: 40.6501,
    longitude: -73.94958,
    timeZone: 'America/New_York',
  },
  eventType: 'Wedding',
  time: '19:30',
  durationMinutes: 240,
  forbiddenCount: 1,
  dates: [
    {
      date: '2026-12-17',
      weekday: 'Thursday',
      level: null,
      reason: null,
      hasConflict: false,
      conflictReason: null,
      startsAt: null,
      endsAt: null,
    },
    {
      date: '2026-12-19',
      weekday: 'Saturday',
      level: 'info',
      reason: 'Motzei Shabbat: Shabbat ends at 17:16 in Brooklyn.',
      about: {
        code: 'afterRest',
        params: {
          name: 'Shabbat',
          date: '2026-12-19',
          place: 'Brooklyn',
          zone: 'America/New_York',
          endsAt: '2026-12-19T22:16:00.000Z',
        },
      },
      hasConflict: false,
      conflictReason: null,
      startsAt: new Date('2026-12-18T21:12:00Z'),
      endsAt: new Date('2026-12-19T22:16:00Z'),
    },
    {
      date: '2026-12-20',
      weekday: 'Sunday',
      level: 'custom',
      reason: 'Fast of 10 Tevet, a public fast day',
      hasConflict: true,
      conflictReason: 'Fast of 10 Tevet',
      startsAt: null,
      endsAt: null,
    },
  ],
};

describe('the dates found', () => {
  it('tags each date by tier with its reason, a button to plan on it, and counts the dates left out', () => {
    // React writes <!-- --> between neighbouring texts.
    const html = renderToString(
      <ChakraProvider value={appSystem()}>
        <IntlProvider locale="en" messages={en}>
          <FoundDates found={found} onPlan={() => {}} />
        </IntlProvider>
      </ChakraProvider>,
    ).replaceAll('<!-- -->', '');
    expect(html).toContain(`3 dates in Brooklyn at 19:30: 1 free, 1 worth knowing, 1 avoided by custom`);
    expect(html).toContain('1 date left out: Shabbat or Yom Tov at this hour');
    expect(html).toContain('Motzei Shabbat: Shabbat ends at 17:16 in Brooklyn.');
    for (const label of ['Free', 'Worth knowing', 'Avoided by custom']) expect(html).toContain(label);
    expect(html.match(/>Plan an event on this date</g)).toHaveLength(3);
    // Named by the words it shows (WCAG 2.5.3 label in name), then the date.
    expect(html).toContain('aria-label="Plan an event on this date, Sunday, December 20, 2026"');
    expect(html).toContain('data-level="custom"');
  });

  it("says each reason in the page's language by its code, and one without a code as the server wrote it", () => {
    const html = renderToString(
      <ChakraProvider value={appSystem()}>
        <IntlProvider locale="he-IL" messages={he}>
          <FoundDates found={found} onPlan={() => {}} />
        </IntlProvider>
      </ChakraProvider>,
    ).replaceAll('<!-- -->', '');
    expect(html).toContain('מוצאי שבת: צאת שבת ב־\u2068Brooklyn\u2069 בשעה 17:16.');
    expect(html).not.toContain('Motzei Shabbat');
    expect(html).toContain('Fast of 10 Tevet, a public fast day');
  });
});
