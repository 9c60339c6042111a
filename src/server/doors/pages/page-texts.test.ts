import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, localeOf } from '../../../shared/i18n';
import { RSVP_CATALOGUES } from '../../domains/guests/rsvp.texts';
import { placeholdersOf } from '../../test/icu-placeholders';
import { PAGE_CATALOGUES, pageTexts } from './page-texts';

type Catalogues = Record<Language, Record<string, string>>;

/**
 * The checks every catalogue of the server's pages passes. `choosing`: messages whose Hebrew chooses
 * its own words by a key rather than showing a value the English shows (a listing's category, which
 * English shows as stored; an event's type).
 */
function checkCatalogues(name: string, catalogues: Catalogues, choosing: readonly string[]) {
  describe(name, () => {
    it('have the same keys in every language', () => {
      const english = Object.keys(catalogues.en).sort();
      for (const language of LANGUAGES) {
        expect(Object.keys(catalogues[language]).sort(), language).toEqual(english);
      }
    });

    it('parse, and use the values the English messages are given', () => {
      for (const [id, english] of Object.entries(catalogues.en)) {
        const expected = placeholdersOf(english, 'en-US');
        for (const language of LANGUAGES) {
          const found = placeholdersOf(catalogues[language][id] ?? '', localeOf(language));
          if (choosing.includes(id)) {
            for (const value of found) expect(expected, `${language} ${id}`).toContain(value);
          } else {
            expect(found, `${language} ${id}`).toEqual(expected);
          }
        }
      }
    });

    it('write every Hebrew message in Hebrew, with gershayim rather than quotes', () => {
      for (const [id, message] of Object.entries(catalogues.he)) {
        expect(message, id).not.toMatch(/["']/);
        const english = catalogues.en[id] ?? '';
        // Every message with words of its own has them in Hebrew ("{name} · {what} | SimchaHub" has none).
        if (/[a-z]{2}/i.test(english.replace(/\{[^{}]*\}/g, '').replace(/SimchaHub/g, '')))
          expect(message, id).toMatch(/[\u05d0-\u05ea]/);
      }
    });
  });
}

checkCatalogues('the pages catalogues', PAGE_CATALOGUES, ['head.listing.kind']);
checkCatalogues('the RSVP view’s catalogues', RSVP_CATALOGUES, ['notes.occasion']);

describe('pageTexts', () => {
  it('writes plain text for heads, and HTML with isolated values in Hebrew only', () => {
    const he = pageTexts('he');
    const en = pageTexts('en');
    expect(he.dir).toBe('rtl');
    expect(en.dir).toBe('ltr');
    expect(he.t('head.share.title', { title: 'Dana & Eli', day: 'יום שני' })).toBe(
      'Dana & Eli · יום שני | SimchaHub',
    );
    expect(en.html('head.share.description', { title: '<Dana & Eli>', day: 'Monday' })).toBe(
      '&lt;Dana &amp; Eli&gt;, Monday. Shared with SimchaHub.',
    );
    expect(he.html('head.share.description', { title: '<Dana & Eli>', day: 'Monday' })).toBe(
      '<bdi>&lt;Dana &amp; Eli&gt;</bdi>, <bdi>Monday</bdi>. שותף דרך SimchaHub.',
    );
    expect(he.value('A <b>')).toBe('<bdi>A &lt;b&gt;</bdi>');
    expect(en.value('A <b>')).toBe('A &lt;b&gt;');
  });
});
