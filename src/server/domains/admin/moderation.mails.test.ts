import { describe, expect, it } from 'vitest';
import { FSI, PDI } from '../../platform/mail/mail-texts';
import { listingVisibilityMail } from './moderation.mails';

const url = 'https://simchahub.test/vendor-dashboard?listing=abc';
const hidden = (language?: 'en' | 'he') =>
  listingVisibilityMail({
    name: 'Dovid Owner',
    listingName: 'Hora Nights',
    hidden: true,
    reason: 'Reported as a scam',
    dashboardUrl: url,
    language,
  });

describe('the listing visibility mail', () => {
  it('is in Hebrew for a Hebrew owner: subject, text and right-to-left HTML, names isolated', () => {
    const mail = hidden('he');
    expect(mail.language).toBe('he');
    expect(mail.subject).toBe(`דף העסק ${FSI}Hora Nights${PDI} הוסתר`);
    expect(mail.text).toContain(`שלום ${FSI}Dovid Owner${PDI},`);
    expect(mail.text).toContain(`מנהל המערכת של SimchaHub הסתיר את דף העסק ${FSI}Hora Nights${PDI}.`);
    expect(mail.text).toContain('מלוח הבקרה של העסק');
    expect(mail.text).toContain(`הסיבה שנמסרה: ${FSI}Reported as a scam${PDI}`);
    expect(mail.text).toContain(`כתבו לנו ל-${FSI}support@simchahub.com${PDI}.`);
    expect(mail.text).toContain(`מעבר ללוח הבקרה:\n${url}`);
    expect(mail.text).not.toMatch(/Your listing|administrator/);
    expect(mail.html).toContain('<html lang="he" dir="rtl">');
    expect(mail.html).toContain('<bdi>Hora Nights</bdi>');

    const visible = listingVisibilityMail({
      name: 'Dovid Owner',
      listingName: 'Hora Nights',
      hidden: false,
      reason: null,
      dashboardUrl: url,
      language: 'he',
    });
    expect(visible.subject).toBe(`דף העסק ${FSI}Hora Nights${PDI} מוצג שוב`);
    expect(visible.text).toContain('משפחות יכולות למצוא אותו במדריך הספקים');
    expect(visible.text).not.toContain('הסיבה');
    expect(visible.text).not.toContain('support@');
  });

  it('stays as it was in English, word for word', () => {
    const mail = hidden();
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Your listing Hora Nights was hidden');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).not.toContain('dir=');
    expect(mail.text).toBe(
      [
        'Hello Dovid Owner,',
        'A SimchaHub administrator hid your listing Hora Nights. It no longer appears in the marketplace or in search, its page is not shown to anyone, and it takes no new requests or claims.',
        'You can still see and edit it from your vendor dashboard.',
        'The reason given: Reported as a scam',
        'If you think this is a mistake, please contact support@simchahub.com.',
        `Open your vendor dashboard:\n${url}`,
        'The SimchaHub team',
        '--\nYou got this mail because e-mail notifications are on for your SimchaHub account. Turn them off in your profile settings.\n',
      ].join('\n\n'),
    );
    const visible = listingVisibilityMail({
      name: 'Dovid Owner',
      listingName: 'Hora Nights',
      hidden: false,
      reason: 'Owner proved identity',
      dashboardUrl: url,
    });
    expect(visible.subject).toBe('Your listing Hora Nights is visible again');
    expect(visible.text).toContain(
      'Your listing Hora Nights is visible again: families can find it in the marketplace and contact you.\n\nThe reason given: Owner proved identity\n\nOpen your vendor dashboard:',
    );
    expect(visible.text).not.toContain('mistake');
  });
});
