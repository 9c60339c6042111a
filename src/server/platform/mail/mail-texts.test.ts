import { describe, expect, it } from 'vitest';
import { LANGUAGES, localeOf } from '../../../shared/i18n';
import { passwordResetMail } from '../../domains/auth/auth.mails';
import { claimDecidedMail } from '../../domains/claims/claims.mails';
import { summaryMail } from '../../domains/guests/invitations.mails';
import { newMessageMail } from '../../domains/messages/messages.mails';
import { placeholdersOf } from '../../test/icu-placeholders';
import { FSI, MAIL_CATALOGUES, mailTexts, PDI } from './mail-texts';

describe('the mail catalogues', () => {
  it('have the same keys in every language', () => {
    const english = Object.keys(MAIL_CATALOGUES.en).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(MAIL_CATALOGUES[language]).sort(), language).toEqual(english);
    }
  });

  it('have the same ICU placeholders in every language, and every message parses', () => {
    for (const [id, english] of Object.entries(MAIL_CATALOGUES.en)) {
      const expected = placeholdersOf(english, 'en-US');
      for (const language of LANGUAGES) {
        const message = MAIL_CATALOGUES[language][id as keyof typeof MAIL_CATALOGUES.en];
        expect(placeholdersOf(message, localeOf(language)), `${language} ${id}`).toEqual(expected);
      }
    }
  });

  it('pair every isolate they contain, and write Hebrew with gershayim, not quotes', () => {
    for (const language of LANGUAGES) {
      for (const [id, message] of Object.entries(MAIL_CATALOGUES[language])) {
        expect(message.split(FSI).length, `${language} ${id}`).toBe(message.split(PDI).length);
      }
    }
    for (const [id, message] of Object.entries(MAIL_CATALOGUES.he)) {
      expect(message, id).not.toMatch(/["']/);
      // Every message with words of its own has them in Hebrew ("{title}: {when}" has none).
      const english = MAIL_CATALOGUES.en[id as keyof typeof MAIL_CATALOGUES.en];
      if (/[a-z]{2}/i.test(english.replace(/\{[^{}]*\}/g, '')))
        expect(message, id).toMatch(/[\u05d0-\u05ea]/);
    }
  });
});

describe('mailTexts', () => {
  it('isolates values in Hebrew only, and formats dates in the locale', () => {
    const he = mailTexts('he');
    expect(he.t('layout.greeting', { name: 'Miriam' })).toBe(`שלום ${FSI}Miriam${PDI},`);
    expect(mailTexts('en').t('layout.greeting', { name: 'Miriam' })).toBe('Hello Miriam,');
    // A value's own isolate controls are dropped, so the isolates around it stay paired.
    expect(he.isolate(`a${PDI}b`)).toBe(`${FSI}ab${PDI}`);
    expect(he.day('2027-03-14')).toBe('14 במרץ 2027');
    expect(mailTexts('en').day('2027-03-14')).toBe('March 14, 2027');
    const at = new Date('2026-12-13T21:59:00Z');
    expect(mailTexts('en').instant(at, 'Asia/Jerusalem')).toBe('Sunday, December 13, 2026 at 23:59');
    expect(he.instant(at, 'Asia/Jerusalem')).toBe('יום ראשון, 13 בדצמבר 2026 בשעה 23:59');
  });

  it('chooses the words by a select value in Hebrew too: the value is matched, never isolated', () => {
    const decided = (decision: 'approved' | 'rejected' | 'revoked', language: 'en' | 'he') =>
      claimDecidedMail({
        name: 'Dana',
        listingName: 'Hora Nights',
        decision,
        notes: null,
        claimsUrl: 'https://simchahub.test/claims',
        language,
      }).subject;
    expect(decided('approved', 'he')).toBe(`בקשת הבעלות שלכם על ${FSI}Hora Nights${PDI} אושרה`);
    expect(decided('rejected', 'he')).toBe(`בקשת הבעלות שלכם על ${FSI}Hora Nights${PDI} נדחתה`);
    expect(decided('revoked', 'he')).toBe(`בקשת הבעלות שלכם על ${FSI}Hora Nights${PDI} בוטלה`);
    expect(decided('approved', 'en')).toBe('Your claim for Hora Nights was approved');
    expect(decided('revoked', 'en')).toBe('Your claim for Hora Nights was revoked');
  });
});

describe('a mail in Hebrew', () => {
  const url = 'https://simchahub.test/reset-password#token=abc';
  const mail = passwordResetMail({ name: 'Miriam <Cohen>', resetUrl: url, validMinutes: 30, language: 'he' });

  it('has a Hebrew subject and right-to-left HTML with the names in <bdi>', () => {
    expect(mail.language).toBe('he');
    expect(mail.subject).toBe('איפוס הסיסמה שלכם ב-SimchaHub');
    expect(mail.html).toContain('<html lang="he" dir="rtl">');
    expect(mail.html).toContain('<body dir="rtl"');
    expect(mail.html).toContain('text-align:right;');
    expect(mail.html).toContain('שלום <bdi>Miriam &lt;Cohen&gt;</bdi>,');
    expect(mail.html).toContain('<bdi>30</bdi> דקות');
    expect(mail.html).toContain('צוות SimchaHub');
    expect(mail.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(mail.html).not.toMatch(/[\u2066-\u2069]/);
    expect(mail.html).not.toContain('Hello');
  });

  it('has a text part that reads on its own, with FSI/PDI around names and numbers', () => {
    expect(mail.text).toContain(`שלום ${FSI}Miriam <Cohen>${PDI},`);
    expect(mail.text).toContain(`${FSI}30${PDI} דקות`);
    expect(mail.text).toContain(`בחירת סיסמה חדשה:\n${url}`);
    expect(mail.text).toContain('צוות SimchaHub');
    expect(mail.text).not.toContain('<bdi>');
  });

  it('counts in Hebrew plurals and isolates what people wrote', () => {
    const summary = summaryMail({
      name: 'Dana',
      title: 'The wedding',
      answered: [{ householdName: 'The Levis', attending: 3, declined: 1 }],
      counts: [{ title: 'Chuppah', attending: 3, declined: 1, awaiting: 12 }],
      url: 'https://simchahub.test/guests',
      language: 'he',
    });
    expect(summary.subject).toBe(`אישור הגעה חדש אחד ל-${FSI}The wedding${PDI}`);
    expect(summary.text).toContain(`${FSI}The Levis${PDI}: ${FSI}3${PDI} מגיעים, ${FSI}1${PDI} לא מגיעים`);
    const two = summaryMail({
      name: 'Dana',
      title: 'החתונה',
      answered: Array.from({ length: 5 }, (_, i) => ({ householdName: `H${i}`, attending: 1, declined: 0 })),
      counts: [],
      url: 'https://simchahub.test/guests',
      language: 'he',
    });
    expect(two.subject).toBe(`${FSI}5${PDI} אישורי הגעה חדשים ל-${FSI}החתונה${PDI}`);

    const message = newMessageMail({
      name: 'Dana',
      senderName: 'Eli Photo',
      preview: 'See you on the 20th!',
      conversationUrl: 'https://simchahub.test/m',
      language: 'he',
    });
    expect(message.subject).toBe(`הודעה חדשה מ-${FSI}Eli Photo${PDI} ב-SimchaHub`);
    expect(message.html).toContain('<bdi>See you on the 20th!</bdi>');
  });

  it('leaves the English mail as it was', () => {
    const english = passwordResetMail({ name: 'Miriam', resetUrl: url, validMinutes: 30 });
    expect(english.language).toBe('en');
    expect(english.subject).toBe('Reset your SimchaHub password');
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).not.toContain('dir=');
    expect(english.html).not.toContain('<bdi>');
    expect(english.text).toContain('Hello Miriam,');
    expect(english.text).toContain('expires in 30 minutes');
    expect(english.text).not.toMatch(/[\u2066-\u2069]/);
  });
});
