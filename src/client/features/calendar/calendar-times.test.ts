import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import type { Translate } from '../../i18n/use-t';
import { blockSentence, civilDateIn, daySpans, formatClock, spanLabel } from './calendar-times';

const place = (name: string, timeZone: string) => ({
  id: 1,
  name,
  region: null,
  country: 'XX',
  latitude: 0,
  longitude: 0,
  timeZone,
});
const brooklyn = place('Brooklyn', 'America/New_York');

function translator(locale: string, messages: Record<string, string>): Translate {
  const intl = createIntl({ locale, messages });
  return (id: MessageId, values) => intl.formatMessage({ id }, values);
}
const english = translator('en-US', en);
const hebrew = translator('he-IL', he);

describe('the calendar clock', () => {
  it('prints the time of day in the place’s zone, 24-hour', () => {
    const instant = new Date('2026-12-18T21:12:40Z');
    expect(formatClock(instant, 'America/New_York')).toBe('16:12');
    expect(formatClock(instant, 'Asia/Jerusalem')).toBe('23:12');
    expect(formatClock(new Date('2026-06-05T04:05:00Z'), 'Europe/London')).toBe('05:05');
    expect(formatClock(new Date('2026-06-05T23:30:00Z'), 'UTC')).toBe('23:30');
    expect(formatClock(new Date('2026-06-06T00:05:00Z'), 'UTC')).toBe('00:05');
    expect(civilDateIn(instant, 'America/New_York')).toBe('2026-12-18');
    expect(civilDateIn(instant, 'Asia/Jerusalem')).toBe('2026-12-18');
    expect(civilDateIn(new Date('2026-12-18T22:30:00Z'), 'Asia/Jerusalem')).toBe('2026-12-19');
  });

  it('clips a run of Shabbat and Yom Tov to each of its days', () => {
    // A run of three days in Brooklyn: from Friday's candle-lighting to Sunday night's havdalah.
    const block = {
      name: 'Shabbat and Passover',
      startsAt: new Date('2027-03-26T23:04:00Z'),
      endsAt: new Date('2027-03-29T00:06:00Z'),
    };
    expect(daySpans([block], '2027-03-25', brooklyn)).toEqual([]);
    const [eve] = daySpans([block], '2027-03-26', brooklyn);
    expect(eve).toMatchObject({ from: '19:04', until: null });
    expect(spanLabel(english, 'en', eve as NonNullable<typeof eve>)).toBe('Shabbat and Passover from 19:04');
    expect(spanLabel(hebrew, 'he', eve as NonNullable<typeof eve>)).toBe('שבת ופסח מ־19:04');
    const [middle] = daySpans([block], '2027-03-27', brooklyn);
    expect(spanLabel(english, 'en', middle as NonNullable<typeof middle>)).toBe(
      'Shabbat and Passover all day',
    );
    expect(spanLabel(hebrew, 'he', middle as NonNullable<typeof middle>)).toBe('שבת ופסח כל היום');
    const [last] = daySpans([block], '2027-03-28', brooklyn);
    expect(spanLabel(english, 'en', last as NonNullable<typeof last>)).toBe(
      'Shabbat and Passover until 20:06',
    );
    expect(daySpans([block], '2027-03-29', brooklyn)).toEqual([]);
    expect(blockSentence(english, 'en', block, brooklyn)).toBe(
      'Shabbat and Passover: 19:04 Friday – 20:06 Sunday in Brooklyn',
    );
    expect(blockSentence(hebrew, 'he', block, brooklyn)).toBe(
      'שבת ופסח: 19:04 יום שישי – 20:06 יום ראשון ב־\u2068Brooklyn\u2069',
    );
  });

  it('reads the span’s days in the place’s zone, not the browser’s', () => {
    const block = {
      name: 'Shabbat',
      startsAt: new Date('2026-12-18T13:57:00Z'),
      endsAt: new Date('2026-12-19T15:17:00Z'),
    };
    const jerusalem = place('Jerusalem', 'Asia/Jerusalem');
    const tokyo = place('Tokyo', 'Asia/Tokyo');
    expect(daySpans([block], '2026-12-18', jerusalem)[0]).toMatchObject({ from: '15:57', until: null });
    // In Tokyo the same instants are 22:57 Friday to 00:17 Sunday.
    expect(daySpans([block], '2026-12-20', tokyo)[0]).toMatchObject({ from: null, until: '00:17' });
  });
});
