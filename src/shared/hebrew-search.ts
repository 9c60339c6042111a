/**
 * How search reads Hebrew, the same for typed words and stored listings (pure, no I/O). The
 * database folds stored text with its own function, search_fold() (migration
 * 2026-11-30T0200_hebrew_search); hebrew-search.test.ts checks that both fold every character alike.
 *
 * - Final letters are their plain forms (ך→כ, ם→מ, ן→נ, ף→פ, ץ→צ): a word typed half-way ends in a
 *   plain letter where the stored word goes on ('צלמ' begins 'צלמים'), and a misplaced final matches.
 * - Niqqud and cantillation (the marks of U+0591–U+05C7) are dropped: pointed and plain text are one.
 * - The Hebrew punctuation of that block (maqaf, paseq, sof pasuq, nun hafukha) separates words.
 * - Geresh and gershayim (׳ ״), and the quotes typed for them (' " ’ ”) after a Hebrew letter, are
 *   dropped, so an abbreviation or a transliterated sound stays one word: צה״ל, צה"ל and צהל match,
 *   ג׳ורג׳ and ג'ורג' too.
 * - Direction marks and embeddings (pasted with Hebrew text, invisible) are dropped.
 */

const FINALS: Readonly<Record<string, string>> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };

/** Hebrew punctuation inside the block of points: maqaf, paseq, sof pasuq, nun hafukha. */
const SEPARATORS = new Set(['\u05BE', '\u05C0', '\u05C3', '\u05C6']);

const isMark = (code: number) => code >= 0x0591 && code <= 0x05c7;

/** Geresh, gershayim, and the direction marks and controls of the Unicode bidi algorithm. */
const DROPPED = new Set([
  '\u05F3',
  '\u05F4',
  '\u061C',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
]);

/** Quotes typed for geresh or gershayim, right after a Hebrew letter. */
const QUOTES_AFTER_LETTER = /([\u05D0-\u05EA])['"\u2019\u201D]+/g;

/** Text as search compares it: see the module's comment. Latin text is returned unchanged but for quotes after Hebrew letters. */
export function foldHebrew(text: string): string {
  let out = '';
  for (const ch of text) {
    const final = FINALS[ch];
    if (final !== undefined) out += final;
    else if (SEPARATORS.has(ch)) out += ' ';
    else if (isMark(ch.codePointAt(0) ?? 0) || DROPPED.has(ch)) continue;
    else out += ch;
  }
  return out.replace(QUOTES_AFTER_LETTER, '$1');
}

/**
 * Stored text as the search columns hold it: folded, and each Hebrew word that begins with the
 * article or the conjunction (ה, ו, וה) followed by at least three letters also given without them,
 * so 'שמחות' finds 'אולם השמחות' and 'דבש' finds 'חלב ודבש'. Only these two prefixes: they are the
 * ones names carry inside them, and the others (ב ל מ ש) begin too many names' own words.
 * The database's search_text() does the same (a test checks they agree).
 */
export function searchText(text: string): string {
  return foldHebrew(text).replace(STORED_PREFIXED, '$1$2$3 $3');
}

const STORED_PREFIXED = /(^|[^\u05D0-\u05EA])(ו?ה|ו)([\u05D0-\u05EA]{3,})/g;

/** A word of Hebrew letters only, as folded (no finals). */
export const isHebrewWord = (word: string) => /^[\u05D0-\u05EA]+$/.test(word);

/** Whether the text has a Hebrew letter. */
export const hasHebrew = (text: string) => /[\u05D0-\u05EA]/.test(text);

/**
 * The letters written before a Hebrew word (and, that, when, in, to, from, the) in the order they
 * may stack: ו, then ש or כש, then one of ה ב ל מ or מה; at most three letters. A lone כ (as, like)
 * is left out: it begins too many nouns (כלה, כהן) to be worth the noise.
 */
const PREFIXES: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  for (const and of ['', 'ו'])
    for (const that of ['', 'ש', 'כש'])
      for (const prep of ['', 'ה', 'ב', 'ל', 'מ', 'מה']) {
        const prefix = and + that + prep;
        if (prefix.length >= 1 && prefix.length <= 3) out.add(prefix);
      }
  return out;
})();

/** The fewest letters left of a word once a prefix is taken off. */
export const MIN_STEM = 2;

/**
 * The stems of a folded Hebrew word with a prefix taken off, shortest prefix first, each leaving at
 * least two letters: 'והצלמ' gives 'הצלמ' and 'צלמ'. None for a word that is not all Hebrew letters.
 */
export function hebrewStems(word: string): string[] {
  if (!isHebrewWord(word)) return [];
  const stems: string[] = [];
  for (let k = 1; k <= 3 && word.length - k >= MIN_STEM; k++) {
    if (PREFIXES.has(word.slice(0, k))) stems.push(word.slice(k));
  }
  return stems;
}
