import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../shared/http-messages';
import { LABEL_CODES, LABELS, MESSAGE_CODES, MESSAGE_GROUPS, TEMPLATES } from '../../shared/message-codes';
import { MESSAGES } from '../../shared/schemas/auth';
import { COMMON_MESSAGES } from '../../shared/schemas/common';
import { GUEST_IMPORT_MESSAGES } from '../../shared/schemas/guests';
import { messageText, setLocalizer } from './message-text';
import en from './messages/en/errors.json';
import he from './messages/he/errors.json';
import { type FormatMessage, localizeIssues, localizeMessage } from './server-message';

const CATALOGUES = { en: en as Record<string, string>, he: he as Record<string, string> };
const LOCALES = { en: 'en-US', he: 'he-IL' };

/** What react-intl's formatMessage does with a catalogue, without React: a missing id throws. */
function formatterOf(language: keyof typeof CATALOGUES): FormatMessage {
  const catalogue = CATALOGUES[language];
  return (id, values) => {
    const source = catalogue[id];
    if (source === undefined) throw new Error(`${language} has no message ${id}`);
    return String(new IntlMessageFormat(source, LOCALES[language]).format(values));
  };
}

const enFormat = formatterOf('en');
const heFormat = formatterOf('he');

describe('the errors catalogues', () => {
  const ids = [...MESSAGE_CODES, ...LABEL_CODES].map((code) => `errors.${code}`).sort();

  it.each(['en', 'he'] as const)('%s has every code and label, and nothing else', (language) => {
    expect(Object.keys(CATALOGUES[language]).sort()).toEqual(ids);
  });

  it('the English of each template, formatted with its parameters, is the server’s sentence exactly', () => {
    for (const template of TEMPLATES) {
      for (const { args, params } of template.samples) {
        const english = template.fn(...args);
        expect(enFormat(`errors.${template.code}`, params), template.code).toBe(english);
      }
    }
  });

  it('the English of each exact sentence is the sentence', () => {
    for (const [, messages] of Object.entries(MESSAGE_GROUPS)) {
      for (const value of Object.values(messages)) {
        if (typeof value !== 'string') continue;
        expect(localizeMessage(value, enFormat)).toBe(value);
      }
    }
  });

  it('the English of each label is the label', () => {
    for (const label of LABELS) {
      expect(localizeMessage(COMMON_MESSAGES.isRequired(label), enFormat)).toBe(`${label} is required`);
    }
  });

  it('every Hebrew message formats with its parameters and is written in Hebrew', () => {
    const hebrew = /[\u05d0-\u05ea]/;
    for (const template of TEMPLATES) {
      for (const { params } of template.samples) {
        expect(heFormat(`errors.${template.code}`, params), template.code).toMatch(hebrew);
      }
    }
    for (const id of Object.keys(CATALOGUES.he)) {
      if (TEMPLATES.some((t) => `errors.${t.code}` === id)) continue;
      const text = heFormat(id);
      expect(text, id).toMatch(hebrew);
      expect(text, id).not.toMatch(/["']\p{Script=Hebrew}|\p{Script=Hebrew}["']/u);
    }
  });
});

describe('localizeMessage', () => {
  it('shows a coded server message in Hebrew', () => {
    expect(
      localizeMessage({ message: MESSAGES.badCredentials, messageCode: 'auth.badCredentials' }, heFormat),
    ).toBe('האימייל או הסיסמה שגויים');
  });

  it('translates the label of a templated message first', () => {
    const message = COMMON_MESSAGES.tooLong('Business name', 200);
    expect(
      localizeMessage(
        { message, messageCode: 'common.tooLong', messageParams: { label: 'Business name', max: 200 } },
        heFormat,
      ),
    ).toBe('שם העסק: עד 200 תווים');
    expect(
      localizeMessage(
        { message, messageCode: 'common.tooLong', messageParams: { label: 'Business name', max: 200 } },
        enFormat,
      ),
    ).toBe(message);
  });

  it('describes a message that came without a code (a schema run in the browser)', () => {
    expect(
      localizeMessage('Due date must be a real calendar date: 2027-02-30 does not exist', heFormat),
    ).toBe('תאריך יעד: התאריך 2027-02-30 לא קיים בלוח השנה');
  });

  it('translates a message inside a message, with Hebrew plurals', () => {
    const message = HTTP_MESSAGES.retryIn(MESSAGES.tooManySignIns, '2 minutes');
    expect(localizeMessage(message, heFormat)).toBe(
      'היו יותר מדי ניסיונות כניסה שנכשלו. אפשר לנסות שוב בעוד שתי דקות.',
    );
    expect(localizeMessage(message, enFormat)).toBe(message);
    const row = GUEST_IMPORT_MESSAGES.rowProblem(4, COMMON_MESSAGES.isRequired('Name'));
    expect(localizeMessage(row, heFormat)).toBe('שורה 4: שם: שדה חובה');
  });

  it('keeps a label it has no translation for as it is', () => {
    expect(localizeMessage(COMMON_MESSAGES.notNumber('page_size'), heFormat)).toBe(
      'page_size: יש להזין מספר',
    );
  });

  it('falls back to the English text for a message without a code, or a code it does not know', () => {
    expect(localizeMessage('Invalid input: expected string, received number', heFormat)).toBe(
      'Invalid input: expected string, received number',
    );
    expect(localizeMessage({ message: 'Something new', messageCode: 'future.code' }, heFormat)).toBe(
      'Something new',
    );
    // A code it does not know, on a sentence it does: the sentence decides.
    expect(localizeMessage({ message: MESSAGES.notSignedIn, messageCode: 'future.code' }, heFormat)).toBe(
      'היכנסו לחשבון כדי להמשיך',
    );
  });

  it('localizes each issue of a validation error', () => {
    expect(
      localizeIssues(
        [
          {
            path: ['name'],
            message: 'Name is required',
            messageCode: 'common.isRequired',
            messageParams: { label: 'Name' },
          },
          { path: ['zip'], message: 'Something the server added later' },
        ],
        heFormat,
      ),
    ).toEqual([
      { path: ['name'], message: 'שם: שדה חובה' },
      { path: ['zip'], message: 'Something the server added later' },
    ]);
  });
});

describe('messageText: what a field, a toast or an alert shows', () => {
  const own = { 'guests.import.noRows': 'אין שורות בקובץ' } as Record<string, string>;
  const page = (english: boolean) => ({
    format: (id: string, values?: Record<string, string | number>) =>
      own[id] ?? (english ? enFormat : heFormat)(id, values),
    has: (id: string) => Object.hasOwn(own, id) || Object.hasOwn(english ? en : he, id),
    english,
  });

  it('shows a server’s sentence as it came on a Hebrew page until the localizer has loaded', () => {
    expect(messageText(MESSAGES.notSignedIn, page(false))).toBe(MESSAGES.notSignedIn);
    // A form's own message needs no localizer.
    expect(messageText('guests.import.noRows', page(false))).toBe('אין שורות בקובץ');
    setLocalizer(localizeMessage);
    expect(messageText(MESSAGES.notSignedIn, page(false))).toBe('היכנסו לחשבון כדי להמשיך');
  });

  it('looks a client form’s own message up by its id', () => {
    expect(messageText('guests.import.noRows', page(false))).toBe('אין שורות בקובץ');
  });

  it('shows a server’s sentence exactly as it came on an English page', () => {
    const coded = {
      message: 'Name is required',
      messageCode: 'common.isRequired',
      messageParams: { label: 'Name' },
    };
    expect(messageText(coded, page(true))).toBe('Name is required');
    expect(messageText('Something the server added later', page(true))).toBe(
      'Something the server added later',
    );
  });

  it('translates a server’s sentence by its code, or its English, on a Hebrew page', () => {
    setLocalizer(localizeMessage);
    const coded = {
      message: 'Name is required',
      messageCode: 'common.isRequired',
      messageParams: { label: 'Name' },
    };
    expect(messageText(coded, page(false))).toBe('שם: שדה חובה');
    expect(messageText(MESSAGES.notSignedIn, page(false))).toBe('היכנסו לחשבון כדי להמשיך');
    // Already in Hebrew (a refusal put under its field, shown again): left as it is.
    expect(messageText('שם: שדה חובה', page(false))).toBe('שם: שדה חובה');
  });

  it('shows the text as it came before any page has registered its language', () => {
    expect(messageText('Name is required', null)).toBe('Name is required');
  });
});
