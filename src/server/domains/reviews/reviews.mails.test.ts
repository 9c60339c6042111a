import { describe, expect, it } from 'vitest';
import { FSI, PDI } from '../../platform/mail/mail-texts';
import { reviewHiddenMail } from './reviews.mails';

const url = 'https://simchahub.test/vendor/abc';
const mailIn = (language?: 'en' | 'he') =>
  reviewHiddenMail({
    name: 'Miriam Cohen',
    listingName: 'Hora Nights',
    reason: 'Not a real client',
    listingUrl: url,
    language,
  });

describe('the review-hidden mail', () => {
  it('is in Hebrew for a Hebrew writer: subject, text and right-to-left HTML, names isolated', () => {
    const mail = mailIn('he');
    expect(mail.language).toBe('he');
    expect(mail.subject).toBe(`חוות הדעת שלכם על ${FSI}Hora Nights${PDI} הוסתרה`);
    expect(mail.text).toContain(`שלום ${FSI}Miriam Cohen${PDI},`);
    expect(mail.text).toContain(`מנהל המערכת הסתיר את חוות הדעת שלכם על ${FSI}Hora Nights${PDI}.`);
    expect(mail.text).toContain(`הסיבה שנמסרה: ${FSI}Not a real client${PDI}`);
    expect(mail.text).toContain(`צפייה בדף העסק:\n${url}`);
    expect(mail.text).not.toMatch(/review|administrator/i);
    expect(mail.html).toContain('<html lang="he" dir="rtl">');
    expect(mail.html).toContain('<bdi>Not a real client</bdi>');
  });

  it('stays as it was in English, word for word', () => {
    const mail = mailIn();
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Your review of Hora Nights was hidden');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).not.toContain('dir=');
    expect(mail.text).toBe(
      [
        'Hello Miriam Cohen,',
        'An administrator hid your review of Hora Nights. It no longer appears on the listing or counts toward its rating.',
        'The reason given: Not a real client',
        `See the listing:\n${url}`,
        'The SimchaHub team',
        '--\nYou got this mail because e-mail notifications are on for your SimchaHub account. Turn them off in your profile settings.\n',
      ].join('\n\n'),
    );
  });
});
