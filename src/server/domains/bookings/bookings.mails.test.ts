import { describe, expect, it } from 'vitest';
import { REQUEST_EVENT_TYPES } from '../../../shared/event-types';
import { formatCurrency } from '../../../shared/money';
import { quotePriceText } from '../../../shared/schemas/bookings';
import { FSI, mailTexts, PDI } from '../../platform/mail/mail-texts';
import type { MailContent } from '../../platform/mail/outbox';
import { notificationMail } from '../../platform/mail/templates';
import {
  bookingCancelledMail,
  bookingCompletedMail,
  eventTypeName,
  quoteAcceptedMail,
  quoteDeclinedMail,
  quoteExpiredMail,
  quoteSentMail,
} from './bookings.mails';

const url = 'https://simchahub.test/messages?thread=t1';
const en = { name: 'Miriam', url };
const he = { name: 'Miriam', url, language: 'he' as const };
const iso = (value: string) => `${FSI}${value}${PDI}`;

const quote = {
  businessName: 'Hora Nights',
  eventType: 'Wedding',
  day: '2027-06-13',
  validUntil: '2027-01-15',
  price: { price: '2500', priceMin: null, priceMax: null },
  currency: 'USD',
};
const answer = { customerName: 'Miriam Cohen', eventType: 'Bar Mitzvah', day: '2027-06-13' };

/** The mail as the English-only code wrote it: subject + ' on SimchaHub', the bell's line as preheader. */
function englishAsBefore(subject: string, preheader: string, paragraphs: string[]): MailContent {
  return notificationMail({
    subject: `${subject} on SimchaHub`,
    preheader,
    name: 'Miriam',
    paragraphs,
    action: { label: 'Open it on SimchaHub', url },
  });
}

/** Every Hebrew booking mail: in Hebrew, right to left, with no English words of the product left. */
function expectHebrew(mail: MailContent) {
  expect(mail.language).toBe('he');
  expect(mail.subject).toMatch(/[\u05d0-\u05ea]/);
  expect(mail.text).toContain(`שלום ${iso('Miriam')},`);
  expect(mail.text).toContain(`צפייה ב-SimchaHub:\n${url}`);
  expect(mail.text).not.toMatch(/ on |quote|booking|Open it/);
  expect(mail.html).toContain('<html lang="he" dir="rtl">');
  expect(mail.html).not.toMatch(/[\u2066-\u2069]/);
}

describe('the booking mails in English', () => {
  it('are the very mails the English-only code wrote', () => {
    expect(quoteSentMail(en, quote)).toEqual(
      englishAsBefore(
        'A quote from Hora Nights',
        '$2,500.00 for Wedding on Sun, Jun 13, 2027, valid until Fri, Jan 15, 2027',
        [
          'Hora Nights sent you a quote of $2,500.00 for your Wedding on Sun, Jun 13, 2027.',
          'It is valid until Fri, Jan 15, 2027. Open the conversation to accept or decline it.',
        ],
      ),
    );
    expect(
      quoteSentMail(en, { ...quote, price: { price: null, priceMin: '2000', priceMax: '3000' } }).text,
    ).toContain('a quote of $2,000.00 to $3,000.00 for your Wedding');
    expect(quoteAcceptedMail(en, answer)).toEqual(
      englishAsBefore('Miriam Cohen booked you', 'Bar Mitzvah on Sun, Jun 13, 2027 is booked', [
        'Miriam Cohen accepted your quote for their Bar Mitzvah on Sun, Jun 13, 2027.',
        'The date is booked on your calendar.',
      ]),
    );
    expect(quoteDeclinedMail(en, answer)).toEqual(
      englishAsBefore('Miriam Cohen declined your quote', 'Bar Mitzvah on Sun, Jun 13, 2027', [
        'Miriam Cohen declined your quote for their Bar Mitzvah on Sun, Jun 13, 2027.',
      ]),
    );
    const reason = `We found another band. ${'x'.repeat(1200)}`;
    expect(
      bookingCancelledMail(en, { by: 'Hora Nights', eventType: 'Wedding', day: '2027-06-13', reason }),
    ).toEqual(
      englishAsBefore('Hora Nights cancelled the booking for Sun, Jun 13, 2027', `${reason.slice(0, 299)}…`, [
        'Hora Nights cancelled the booking of Wedding on Sun, Jun 13, 2027.',
        `Their reason: ${reason.slice(0, 999)}…`,
      ]),
    );
    expect(
      quoteExpiredMail(en, {
        businessName: 'Hora Nights',
        customerName: 'Miriam Cohen',
        eventType: 'Wedding',
        validUntil: '2027-01-15',
      }),
    ).toEqual(
      englishAsBefore('The quote from Hora Nights expired', 'It was valid until Fri, Jan 15, 2027', [
        "The quote Hora Nights sent for Miriam Cohen's Wedding was valid until Fri, Jan 15, 2027 and can no longer be accepted.",
      ]),
    );
    const booking = { businessName: 'Hora Nights', customerName: 'Miriam Cohen', day: '2027-06-13' };
    expect(bookingCompletedMail({ ...en, side: 'customer' }, booking)).toEqual(
      englishAsBefore('Your booking on Sun, Jun 13, 2027 is complete', 'Hora Nights', [
        'Your booking of Hora Nights on Sun, Jun 13, 2027 is complete.',
      ]),
    );
    expect(bookingCompletedMail({ ...en, side: 'vendor' }, booking)).toEqual(
      englishAsBefore('Your booking on Sun, Jun 13, 2027 is complete', 'Miriam Cohen', [
        'Your booking with Miriam Cohen on Sun, Jun 13, 2027 is complete.',
      ]),
    );
  });

  it('name every event type as it is stored, and an unknown one as it is', () => {
    for (const type of REQUEST_EVENT_TYPES) expect(eventTypeName(mailTexts('en'), type)).toBe(type);
    expect(eventTypeName(mailTexts('he'), 'Wedding')).toBe('חתונה');
    expect(eventTypeName(mailTexts('he'), 'Other')).toBe('אירוע');
    expect(eventTypeName(mailTexts('he'), 'Housewarming')).toBe('Housewarming');
  });
});

describe('the booking mails in Hebrew', () => {
  it('a quote: the price in its own currency written the Hebrew way, the days in Hebrew', () => {
    const mail = quoteSentMail(he, quote);
    expectHebrew(mail);
    expect(mail.subject).toBe(`הצעת מחיר מ-${iso('Hora Nights')} ב-SimchaHub`);
    expect(mail.text).toContain(
      `${iso('Hora Nights')} שלחו לכם הצעת מחיר של ${iso(formatCurrency('2500', 'USD', 'he'))} עבור ${iso('חתונה')} ב${iso('יום א׳, 13 ביוני 2027')}.`,
    );
    expect(mail.text).toContain(
      `ההצעה בתוקף עד ${iso('יום ו׳, 15 בינו׳ 2027')}. פתחו את השיחה כדי לאשר אותה או לדחות אותה.`,
    );
    expect(formatCurrency('2500', 'USD', 'he')).toMatch(/^\u200f2,500\.00\s\u200f\$$/);
    // The preheader, hidden at the top of the HTML.
    expect(mail.html).toContain('<bdi>חתונה</bdi> ב<bdi>יום א׳, 13 ביוני 2027</bdi>, בתוקף עד');
    const shekels = quoteSentMail(he, {
      ...quote,
      price: { price: null, priceMin: '2000', priceMax: '3000' },
      currency: 'ILS',
    });
    const range = quotePriceText({ price: null, priceMin: '2000', priceMax: '3000' }, 'he', 'ILS');
    expect(range).toMatch(/^\u200f2,000\.00–3,000\.00\s\u200f₪$/);
    expect(shekels.text).toContain(`הצעת מחיר של ${iso(range)} עבור`);
  });

  it('an accepted and a declined quote, to the vendor', () => {
    const accepted = quoteAcceptedMail(he, answer);
    expectHebrew(accepted);
    expect(accepted.subject).toBe(`${iso('Miriam Cohen')} הזמינו אתכם ב-SimchaHub`);
    expect(accepted.text).toContain(
      `${iso('Miriam Cohen')} אישרו את הצעת המחיר שלכם עבור ${iso('בר מצווה')} ב${iso('יום א׳, 13 ביוני 2027')}.`,
    );
    expect(accepted.text).toContain('התאריך נרשם כתפוס בלוח הזמינות שלכם.');
    const declined = quoteDeclinedMail(he, answer);
    expectHebrew(declined);
    expect(declined.subject).toBe(`${iso('Miriam Cohen')} דחו את הצעת המחיר שלכם ב-SimchaHub`);
    expect(declined.text).toContain(`${iso('Miriam Cohen')} דחו את הצעת המחיר שלכם עבור ${iso('בר מצווה')}`);
  });

  it('a cancelled booking, with the reason as its writer wrote it', () => {
    const mail = bookingCancelledMail(he, {
      by: 'Hora Nights',
      eventType: 'Other',
      day: '2027-06-13',
      reason: 'The singer is ill',
    });
    expectHebrew(mail);
    expect(mail.subject).toBe(
      `${iso('Hora Nights')} ביטלו את ההזמנה ל${iso('יום א׳, 13 ביוני 2027')} ב-SimchaHub`,
    );
    expect(mail.text).toContain(`ביטלו את ההזמנה עבור ${iso('אירוע')} ב${iso('יום א׳, 13 ביוני 2027')}.`);
    expect(mail.text).toContain(`הסיבה שמסרו: ${iso('The singer is ill')}`);
    expect(mail.html).toContain('<bdi>The singer is ill</bdi>');
  });

  it('an expired quote and a completed booking, to each side', () => {
    const expired = quoteExpiredMail(he, {
      businessName: 'Hora Nights',
      customerName: 'Miriam Cohen',
      eventType: 'Wedding',
      validUntil: '2027-01-15',
    });
    expectHebrew(expired);
    expect(expired.subject).toBe(`תוקף הצעת המחיר מ-${iso('Hora Nights')} פג`);
    expect(expired.text).toContain(
      `הצעת המחיר ש-${iso('Hora Nights')} שלחו ל-${iso('Miriam Cohen')} עבור ${iso('חתונה')} הייתה בתוקף עד ${iso('יום ו׳, 15 בינו׳ 2027')}, ואי אפשר עוד לאשר אותה.`,
    );
    const booking = { businessName: 'Hora Nights', customerName: 'Miriam Cohen', day: '2027-06-13' };
    const family = bookingCompletedMail({ ...he, side: 'customer' }, booking);
    expectHebrew(family);
    expect(family.subject).toBe(`ההזמנה שלכם ל${iso('יום א׳, 13 ביוני 2027')} הושלמה`);
    expect(family.text).toContain(
      `ההזמנה שלכם מ-${iso('Hora Nights')} ל${iso('יום א׳, 13 ביוני 2027')} הושלמה.`,
    );
    const vendor = bookingCompletedMail({ ...he, side: 'vendor' }, booking);
    expect(vendor.text).toContain(
      `ההזמנה של ${iso('Miriam Cohen')} ל${iso('יום א׳, 13 ביוני 2027')} הושלמה.`,
    );
  });
});
