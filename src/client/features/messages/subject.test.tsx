import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n';
import { availabilityRequestSubject } from '../../../shared/schemas/requests';
import { fixedCatalogues } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { LanguageProvider } from '../../i18n/language';
import type { Translate } from '../../i18n/use-t';
import { availabilitySubjectText, useConversationSubject } from './subject';

function translator(locale: string, messages: Record<string, string>): Translate {
  const intl = createIntl({ locale, messages });
  return (id, values) => intl.formatMessage({ id }, values);
}
const english = translator('en', en);
const hebrew = translator('he', he);

function Shown({ subject }: { subject: string }) {
  const { show, label } = useConversationSubject();
  return <p title={label(subject)}>{show(subject)}</p>;
}

const catalogues = fixedCatalogues({ en, he });
const render = (subject: string, language: Language) =>
  renderToString(
    <LanguageProvider initial={language} catalogues={catalogues}>
      <Shown subject={subject} />
    </LanguageProvider>,
  ).replace(/<!-- -->/g, '');

describe("an availability request's subject", () => {
  it('reads in English exactly as the server wrote it', () => {
    for (const [type, date] of [
      ['Wedding', '2027-06-15'],
      ['Bar Mitzvah', '2026-12-19'],
      ['Corporate', '2028-02-29'],
    ] as const) {
      const subject = availabilityRequestSubject(type, date);
      expect(availabilitySubjectText(english, 'en', subject)).toBe(subject);
    }
    expect(render('Wedding on Tue, Jun 15, 2027: availability request', 'en')).toBe(
      '<p title="Wedding on Tue, Jun 15, 2027: availability request">Wedding on Tue, Jun 15, 2027: availability request</p>',
    );
  });

  it('reads in Hebrew with the event type and the day in Hebrew', () => {
    expect(availabilitySubjectText(hebrew, 'he', 'Wedding on Tue, Jun 15, 2027: availability request')).toBe(
      'חתונה ביום ג׳, 15 ביוני 2027: בירור זמינות',
    );
    expect(
      availabilitySubjectText(hebrew, 'he', 'Bar Mitzvah on Sat, Dec 19, 2026: availability request'),
    ).toBe('בר מצווה בשבת, 19 בדצמ׳ 2026: בירור זמינות');
    expect(render('Wedding on Tue, Jun 15, 2027: availability request', 'he')).toBe(
      '<p title="חתונה ביום ג׳, 15 ביוני 2027: בירור זמינות">חתונה ביום ג׳, 15 ביוני 2027: בירור זמינות</p>',
    );
  });

  it("shows a person's own subject as they wrote it, isolated", () => {
    const own = 'Question about your menu';
    expect(availabilitySubjectText(hebrew, 'he', own)).toBeNull();
    expect(
      availabilitySubjectText(english, 'en', 'Wedding on Wed, Jun 15, 2027: availability request'),
    ).toBeNull();
    expect(render(own, 'en')).toBe(`<p title="${own}"><bdi>${own}</bdi></p>`);
    expect(render(own, 'he')).toBe(`<p title="\u2068${own}\u2069"><bdi>${own}</bdi></p>`);
  });
});
