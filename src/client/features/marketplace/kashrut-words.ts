import { KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../../shared/kashrut';
import { KASHRUT_WORD_LABELS } from '../../../shared/kashrut-filter-words';
import { term } from '../../i18n/terms';
import type { Translate } from '../../i18n/use-t';

/**
 * A `kashrut=` word as the filter button names it: a level or a standard in the page's language, an
 * agency by its own short name ('OU', 'Star-K'), isolated by `iso`, as agencies go by it in any language.
 */
export function kashrutWordName(t: Translate, iso: (text: string) => string, word: string): string {
  if (KASHRUT_LEVELS.some((l) => l.value === word)) return term(t, 'kashrutLevel', word);
  if (KASHRUT_FLAGS.some((f) => f.word === word)) return term(t, 'kashrutFlag', word);
  return iso(KASHRUT_WORD_LABELS[word] ?? word);
}

/** The marketplace's kashrut button: 'Kashrut', 'Kashrut: OU', or 'Kashrut: 2 filters'. */
export function kashrutButtonLabel(
  t: Translate,
  iso: (text: string) => string,
  words: readonly string[],
): string {
  const [only] = words;
  if (only === undefined) return t('marketplace.kashrutFilter.button');
  if (words.length === 1)
    return t('marketplace.kashrutFilter.buttonOne', { word: kashrutWordName(t, iso, only) });
  return t('marketplace.kashrutFilter.buttonMany', { count: words.length });
}
