import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  englishNotification,
  MESSAGE_CODES,
  type MessageAbout,
  NOTIFICATION_ABOUT,
  NOTIFICATION_CODES,
  type NotificationAbout,
  notificationWritesBody,
} from '../../shared/coded-sentences';
import type { PageMessages } from '../i18n/message-text';
import enBell from '../i18n/messages/en/bell.json';
import enSaid from '../i18n/messages/en/said.json';
import enTerms from '../i18n/messages/en/terms.json';
import heBell from '../i18n/messages/he/bell.json';
import heSaid from '../i18n/messages/he/said.json';
import heTerms from '../i18n/messages/he/terms.json';
import { termKey } from '../i18n/terms';
import { notificationText } from './coded-text';
import { SAID_IDS, saidText } from './said-text';

/** First-strong isolate and pop directional isolate, as isolate() writes them. */
const FSI = '\u2068';
const PDI = '\u2069';

const CATALOGUES = {
  en: { ...enBell, ...enSaid, ...enTerms } as Record<string, string>,
  he: { ...heBell, ...heSaid, ...heTerms } as Record<string, string>,
};
const LOCALES = { en: 'en-US', he: 'he-IL' };

/** A page's translator over the bell's and the terms' catalogues; `english` as a page in that language. */
function pageOf(language: 'en' | 'he', english = language === 'en'): PageMessages {
  const catalogue = CATALOGUES[language];
  return {
    format: (id, values) => {
      const source = catalogue[id];
      if (source === undefined) throw new Error(`${language} has no message ${id}`);
      return String(new IntlMessageFormat(source, LOCALES[language]).format(values));
    },
    has: (id) => Object.hasOwn(catalogue, id),
    english,
  };
}

/** Every code at least once, with the values its callers store. */
const EXAMPLES: NotificationAbout[] = [
  { code: 'message.new', params: { sender: 'Sarah Cohen' } },
  { code: 'request.answered', params: { business: 'Hora Nights' } },
  { code: 'review.new', params: { rating: 5, business: 'Hora Nights' } },
  { code: 'review.new', params: { rating: 1, business: 'Hora Nights' } },
  { code: 'review.replied', params: { business: 'Hora Nights' } },
  { code: 'review.hidden', params: { listing: 'Hora Nights' } },
  { code: 'claim.decided', params: { listing: 'Simcha Hall', decision: 'approved' } },
  { code: 'claim.decided', params: { listing: 'Simcha Hall', decision: 'rejected' } },
  { code: 'claim.decided', params: { listing: 'Simcha Hall', decision: 'revoked' } },
  { code: 'listing.hidden', params: { listing: 'Simcha Hall' } },
  { code: 'listing.visible', params: { listing: 'Simcha Hall' } },
  { code: 'kashrut.verified', params: { listing: 'Simcha Hall' } },
  { code: 'kashrut.rejected', params: { listing: 'Simcha Hall' } },
  { code: 'kashrut.expires', params: { listing: 'Simcha Hall', date: '2027-03-14' } },
  {
    code: 'quote.sent',
    params: {
      business: 'Hora Nights',
      price: '2500 USD',
      eventType: 'Bar Mitzvah',
      day: '2027-06-15',
      validUntil: '2027-01-15',
    },
  },
  {
    code: 'quote.sent',
    params: {
      business: 'Hora Nights',
      price: '2000.00-3000.00 ILS',
      eventType: 'Wedding',
      day: '2027-06-15',
      validUntil: '2027-01-15',
    },
  },
  { code: 'quote.accepted', params: { customer: 'Miriam', eventType: 'Sheva Brachot', day: '2027-06-15' } },
  { code: 'quote.declined', params: { customer: 'Miriam', eventType: 'Corporate', day: '2027-06-15' } },
  { code: 'quote.expired', params: { business: 'Hora Nights', day: '2027-01-15' } },
  { code: 'booking.cancelled', params: { by: 'Miriam', day: '2027-06-15' } },
  { code: 'booking.completed', params: { eventType: 'Wedding', day: '2027-06-15' } },
  {
    code: 'rsvp.answered',
    params: { household: 'The Levys', title: 'Our wedding', attending: 3, declined: 1, notAnswered: 0 },
  },
  {
    code: 'rsvp.answered',
    params: { household: 'The Levys', title: 'Our wedding', attending: 1, declined: 0, notAnswered: 2 },
  },
];

/** An item as the server stores it: the English sentences made from what it is about. */
function itemOf(about: NotificationAbout, personalLine = 'Are you free that evening?') {
  const english = englishNotification(about);
  return { about, title: english.title, body: english.body ?? personalLine };
}

describe('the bell catalogues', () => {
  it('cover every code, with the same placeholders in both languages', () => {
    for (const code of NOTIFICATION_CODES) {
      expect(
        EXAMPLES.some((e) => e.code === code),
        `an example of ${code}`,
      ).toBe(true);
      for (const catalogue of Object.values(CATALOGUES)) {
        expect(catalogue[`bell.${code}.title`], code).toBeDefined();
        expect(Object.hasOwn(catalogue, `bell.${code}.body`), code).toBe(notificationWritesBody(code));
      }
    }
    const ids = Object.keys(enBell).sort();
    expect(Object.keys(heBell).sort()).toEqual(ids);
    for (const id of ids) {
      const code = id.replace(/^bell\.|\.(title|body)$/g, '') as keyof typeof NOTIFICATION_ABOUT;
      expect(NOTIFICATION_CODES, id).toContain(code);
    }
  });

  it.each(EXAMPLES.map((about) => [about.code, about] as const))(
    'the English of %s is the sentence REST callers read, exactly',
    (_code, about) => {
      const item = itemOf(about);
      // Said from the catalogue, as a page in another language would, but in English.
      expect(notificationText(item, pageOf('en', false), 'en', false)).toEqual({
        title: item.title,
        body: item.body,
      });
    },
  );

  it('an English page shows the stored sentences as they came', () => {
    const item = itemOf(EXAMPLES[0] as NotificationAbout);
    const page = pageOf('en');
    expect(notificationText({ ...item, title: 'As stored' }, page, 'en', false).title).toBe('As stored');
  });

  it.each(EXAMPLES.map((about) => [about.code, about] as const))(
    'in Hebrew, %s is said in Hebrew, names isolated, every value in its place',
    (_code, about) => {
      const item = itemOf(about);
      const said = notificationText(item, pageOf('he'), 'he', true);
      const both = `${said.title} ${said.body}`;
      expect(both).not.toMatch(/[{}]/);
      expect(said.title).toMatch(/[\u05D0-\u05EA]/);
      const kinds: Record<string, string> = NOTIFICATION_ABOUT[about.code];
      const params: Record<string, string | number> = about.params;
      for (const [name, kind] of Object.entries(kinds)) {
        if (kind === 'name') expect(both, name).toContain(`${FSI}${params[name]}${PDI}`);
        if (kind === 'eventType')
          expect(both, name).toContain(
            heTerms[`terms.eventType.${termKey(String(params[name]))}` as keyof typeof heTerms],
          );
      }
      // A line the code does not write is the person's own words.
      if (!notificationWritesBody(about.code)) expect(said.body).toBe('Are you free that evening?');
      // No English word is left, other than the names.
      const withoutNames = both.replace(new RegExp(`${FSI}[^${PDI}]*${PDI}`, 'g'), '');
      if (notificationWritesBody(about.code)) expect(withoutNames).not.toMatch(/[A-Za-z]{2,}/);
    },
  );

  it('says the dates, the money and the counts as Hebrew writes them', () => {
    const quote = notificationText(itemOf(EXAMPLES[15] as NotificationAbout), pageOf('he'), 'he', true);
    expect(quote.body).toContain('₪');
    expect(quote.body).toContain('ביוני 2027');
    expect(quote.body).toContain('לחתונה');
    const rsvp = notificationText(itemOf(EXAMPLES.at(-1) as NotificationAbout), pageOf('he'), 'he', true);
    expect(rsvp.body).toBe('מגיעים: 1, לא מגיעים: 0, טרם ענו: 2');
    const expires = notificationText(itemOf(EXAMPLES[13] as NotificationAbout), pageOf('he'), 'he', true);
    expect(expires.title).toContain('14 במרץ 2027');
  });

  it('an item written before codes, or before the bell’s words arrive, shows what was stored', () => {
    const stored = { title: 'New message from Sarah', body: 'Hi!' };
    expect(notificationText(stored, pageOf('he'), 'he', true)).toEqual(stored);
    const early: PageMessages = { ...pageOf('he'), has: () => false };
    const item = itemOf(EXAMPLES[0] as NotificationAbout);
    expect(notificationText(item, early, 'he', true)).toEqual({ title: item.title, body: item.body });
  });
});

describe('a quote’s message in the conversation', () => {
  const quotes: MessageAbout[] = [
    {
      code: 'message.quote',
      params: {
        price: '2500 USD',
        hasDeposit: 'yes',
        deposit: '500 USD',
        depositDue: '2027-02-01',
        validUntil: '2027-01-15',
        includes: 'Five musicians, four hours',
      },
    },
    {
      code: 'message.quote',
      params: {
        price: '2000-3000 ILS',
        hasDeposit: 'no',
        deposit: '',
        depositDue: '',
        validUntil: '2027-01-15',
        includes: 'ארבע שעות',
      },
    },
  ];

  it('has its words in both catalogues for every code', () => {
    for (const code of MESSAGE_CODES) {
      for (const catalogue of Object.values(CATALOGUES)) expect(catalogue[SAID_IDS[code]]).toBeDefined();
    }
  });

  it.each(quotes.map((about) => [about.params.hasDeposit, about] as const))(
    'with a deposit: %s, says in English exactly what the conversation stores, and in Hebrew in Hebrew',
    (_deposit, about) => {
      const text = englishNotification(about).title;
      expect(saidText({ text, about }, pageOf('en', false), 'en', false)).toBe(text);
      expect(saidText({ text, about }, pageOf('en'), 'en', false)).toBe(text);
      const hebrew = saidText({ text, about }, pageOf('he'), 'he', true);
      expect(hebrew).toMatch(/^הצעת מחיר: /);
      expect(hebrew).toContain(`${FSI}${about.params.includes}${PDI}`);
      expect(hebrew.includes('מקדמה')).toBe(about.params.hasDeposit === 'yes');
      expect(hebrew.replace(new RegExp(`${FSI}[^${PDI}]*${PDI}`, 'g'), '')).not.toMatch(/[A-Za-z]{2,}/);
    },
  );

  it('a person’s own message is shown as written', () => {
    expect(saidText({ text: 'Are you free?' }, pageOf('he'), 'he', true)).toBe('Are you free?');
  });
});
