import { KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../../shared/kashrut';
import { KASHRUT_WORD_LABELS } from '../../../shared/kashrut-filter-words';
import { isolate } from '../../i18n/bidi';
import { term } from '../../i18n/terms';
import type { Translate } from '../../i18n/use-t';

/**
 * A `kashrut=` word as the filter button names it: a level or a standard in the page's language, an
 * agency by its own short name ('OU', 'Star-K'), isolated, as agencies are known by it in any language.
 */
export function kashrutWordName(t: Translate, word: string): string {
  if (KASHRUT_LEVELS.some((l) => l.value === word)) return term(t, 'kashrutLevel', word);
  if (KASHRUT_FLAGS.some((f) => f.word === word)) return term(t, 'kashrutFlag', word);
  return isolate(KASHRUT_WORD_LABELS[word] ?? word);
}

/** The marketplace's kashrut button: 'Kashrut', 'Kashrut: OU', or 'Kashrut: 2 filters'. */
export function kashrutButtonLabel(t: Translate, words: readonly string[]): string {
  const [only] = words;
  if (only === undefined) return t('marketplace.kashrutFilter.button');
  if (words.length === 1) return t('marketplace.kashrutFilter.buttonOne', { word: kashrutWordName(t, only) });
  return t('marketplace.kashrutFilter.buttonMany', { count: words.length });
}
