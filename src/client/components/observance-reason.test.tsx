import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { BROOKLYN, JERUSALEM, LONDON } from '../../server/domains/observance/test-places';
import {
  dayMarks,
  judgeRange,
  judgeSlot,
  type Observance,
  observanceFor,
} from '../../server/domains/observance/tiers';
import type { Language } from '../../shared/i18n';
import { addDays } from '../../shared/jewish-calendar';
import {
  OBSERVANCE_REASON_CODES,
  type ObservanceAbout,
  type ObservanceReason,
} from '../../shared/observance-reasons';
import { type Custom, DEFAULT_OBSERVANCE } from '../../shared/schemas/observance';
import { isolate } from '../i18n/bidi';
import { fixedCatalogues, type MessageId } from '../i18n/catalogue';
import en from '../i18n/en';
import he from '../i18n/he';
import { LanguageProvider } from '../i18n/language';
import type { Translate } from '../i18n/use-t';
import { appSystem } from '../theme';
import { ConflictBadge, ConflictNotice } from './conflict-notice';
import { reasonText } from './observance-reason';

function translator(locale: string, messages: Record<string, string>): Translate {
  const intl = createIntl({ locale, messages });
  return (id: MessageId, values) => intl.formatMessage({ id }, values);
}
const english = translator('en-US', en);
const hebrew = translator('he-IL', he);
const asIs = (text: string) => text;

/**
 * The reasons the server writes, each with its code and values, from the real judgements: a year
 * of slots at three cities by both customs (every tier, the near-Shabbat words, the days' marks),
 * the judgements without a place, and every day's marks of two years as the calendar shows them.
 */
function serverReasons(): { reason: string; about: ObservanceReason }[] {
  const found = new Map<string, ObservanceReason>();
  const add = (reason: string | null, about: ObservanceReason | null) => {
    if (reason !== null && about !== null) found.set(reason, about);
  };
  const observance = (place: typeof BROOKLYN | null, custom: Custom): Observance => ({
    ...observanceFor(DEFAULT_OBSERVANCE, place, place),
    custom,
  });
  for (const place of [BROOKLYN, JERUSALEM, LONDON]) {
    for (const custom of ['ashkenazi', 'sephardi'] as const) {
      for (const [time, length] of [
        [null, null],
        ['10:00', 120],
        ['15:00', null],
        ['16:30', 120],
        ['21:00', 120],
      ] as const) {
        for (const { judgement } of judgeRange(
          '2027-09-01',
          '2028-08-31',
          time,
          length,
          place,
          observance(place, custom),
        )) {
          add(judgement.conflict.reason, judgement.conflict.about);
        }
      }
      for (let date = '2026-09-01'; date <= '2028-08-31'; date = addDays(date, 1)) {
        for (const mark of dayMarks(date, place, observance(place, custom))) add(mark.reason, mark.about);
      }
    }
  }
  for (const date of ['2026-12-18', '2026-12-19', '2027-10-01', '2027-10-02']) {
    for (const time of ['12:00', '15:00']) {
      const j = judgeSlot({ date, time, durationMinutes: null }, null, observance(null, 'ashkenazi'));
      add(j.conflict.reason, j.conflict.about);
    }
  }
  return [...found].map(([reason, about]) => ({ reason, about }));
}

const REASONS = serverReasons();

/** Latin letters outside the isolates (FSI … PDI) a Hebrew sentence keeps names in. */
const latinOutsideIsolates = (text: string) => /[A-Za-z]/.test(text.replace(/\u2068[^\u2069]*\u2069/g, ''));

describe("the observance reasons in the reader's language", () => {
  it('has examples of every code from the real judgements', () => {
    expect([...new Set(REASONS.map((r) => r.about.code))].sort()).toEqual(
      [...OBSERVANCE_REASON_CODES].sort(),
    );
    expect(REASONS.length).toBeGreaterThan(200);
  });

  it("say in English, from the catalogue, exactly the server's sentence for every code and values", () => {
    const different = REASONS.map(({ reason, about }) => ({
      reason,
      said: reasonText(english, 'en', asIs, null, about),
    })).filter(({ reason, said }) => said !== reason);
    expect(different).toEqual([]);
  });

  it('say every one in Hebrew: Hebrew words, names of places isolated, no placeholder left', () => {
    for (const { reason, about } of REASONS) {
      const said = reasonText(hebrew, 'he', isolate, null, about) ?? '';
      expect(said, reason).toMatch(/[\u05d0-\u05ea]/);
      expect(said, reason).not.toMatch(/[{}]/);
      expect(latinOutsideIsolates(said), `${reason} => ${said}`).toBe(false);
    }
  });

  it('in Hebrew, with the place’s clock, the observance’s Hebrew name and the custom’s own words', () => {
    const say = (reason: string) => {
      const about = REASONS.find((r) => r.reason === reason)?.about;
      expect(about, reason).toBeDefined();
      return reasonText(hebrew, 'he', isolate, reason, about);
    };
    const begins = REASONS.find(
      (r) =>
        r.about.code === 'restBegins' && r.about.params.assumedHours === 4 && r.reason.includes('Brooklyn'),
    );
    expect(begins).toBeDefined();
    expect(reasonText(hebrew, 'he', isolate, null, begins?.about)).toMatch(
      /^כניסת שבת ב־\u2068Brooklyn\u2069 ביום שישי, \d{1,2} ב[א-ת]+, בשעה \d\d:\d\d; האירוע נמשך עד 19:00 \(4 שעות מתחילתו; הוסיפו שעת סיום כדי לדייק\)\.$/,
    );
    expect(say('The Omer (day 21): Ashkenazi custom avoids weddings until Lag BaOmer')).toBe(
      'ספירת העומר (היום ה־21 לעומר): מנהג האשכנזים להימנע מחתונות עד ל״ג בעומר',
    );
    expect(say('Chol HaMoed Sukkot: most communities do not hold weddings on the intermediate days')).toBe(
      'חול המועד סוכות: ברוב הקהילות לא עורכים חתונות בימי חול המועד',
    );
    expect(say('Rosh Chodesh Kislev')).toBe('ראש חודש כסלו');
    expect(say('Hanukkah (day 2)')).toBe('ב׳ דחנוכה');
    expect(say("Tu B'Av")).toBe('ט״ו באב');
    const after = REASONS.find(
      (r) => r.reason.startsWith('Motzei Shabbat: Shabbat ends at') && r.reason.endsWith('in Jerusalem.'),
    );
    expect(reasonText(hebrew, 'he', isolate, null, after?.about)).toMatch(
      /^מוצאי שבת: צאת שבת ב־\u2068Jerusalem\u2069 בשעה \d\d:\d\d\.$/,
    );
  });

  it('shows the stored sentence when there is no code, a code it does not know, or values that do not fit', () => {
    const sentence = 'Shabbat ends at 17:16 in Brooklyn on Saturday 19 December; this event starts at 16:30.';
    expect(reasonText(hebrew, 'he', isolate, sentence, null)).toBe(sentence);
    expect(reasonText(hebrew, 'he', isolate, sentence, { code: 'later', params: {} })).toBe(sentence);
    const broken: ObservanceAbout = {
      code: 'restEnds',
      params: { name: 'Shabbat', date: '2026-12-19', place: 'Brooklyn', zone: 'America/New_York' },
    };
    expect(reasonText(hebrew, 'he', isolate, sentence, broken)).toBe(sentence);
    expect(reasonText(hebrew, 'he', isolate, null, null)).toBeNull();
  });
});

describe('the conflict notice and badge', () => {
  const catalogues = fixedCatalogues({ en, he });
  const render = (language: Language, node: React.ReactNode) =>
    renderToString(
      <ChakraProvider value={appSystem()}>
        <LanguageProvider initial={language} catalogues={catalogues}>
          {node}
        </LanguageProvider>
      </ChakraProvider>,
    ).replaceAll('<!-- -->', '');
  const reason = 'Shabbat ends at 17:16 in Brooklyn on Saturday 19 December; this event starts at 16:30.';
  const about: ObservanceReason = {
    code: 'restEnds',
    params: {
      name: 'Shabbat',
      date: '2026-12-19',
      place: 'Brooklyn',
      zone: 'America/New_York',
      endsAt: '2026-12-19T22:16:00.000Z',
      eventStartsAt: '2026-12-19T21:30:00.000Z',
    },
  };
  const hebrewReason =
    'צאת שבת ב־\u2068Brooklyn\u2069 ביום שבת, 19 בדצמבר, בשעה 17:16; האירוע מתחיל בשעה 16:30.';

  it("say the reason in the page's language by its code, the server's sentence in English", () => {
    const notice = (language: Language) =>
      render(language, <ConflictNotice level="forbidden" reason={reason} about={about} />);
    expect(notice('en')).toContain(reason);
    expect(notice('he')).toContain(hebrewReason);
    expect(notice('he')).not.toContain('Shabbat ends');
    const badge = render('he', <ConflictBadge level="forbidden" reason={reason} about={about} />);
    expect(badge).toContain(`title="${hebrewReason}"`);
  });

  it('show a reason stored without a code as it was stored', () => {
    expect(render('he', <ConflictNotice level="forbidden" reason={reason} />)).toContain(reason);
  });
});
