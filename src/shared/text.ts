/**
 * User-perceived characters: an emoji with its modifiers, a flag, a letter with its marks. Made on
 * first use: a segmenter loads the engine's break data, which costs a phone's first page 20-90 ms
 * (4x CPU) when made as the module loads, and most pages that import this module never clip a text.
 */
let graphemes: Intl.Segmenter | undefined;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * The text cut to at most `max` UTF-16 code units, ending in '…' when cut. It never cuts inside a
 * character: not between the halves of a surrogate pair (the driver would store U+FFFD for the
 * half left over) and not inside a character of several code points (a skin-toned or family
 * emoji, a flag, a letter with combining marks); only a first character longer than the whole
 * room is cut, and then between code points. Code units are never fewer than code points, so the
 * result also passes a PostgreSQL `length(...) <= max` check.
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  const room = max - 1;
  let end = 0;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > room) break;
    end = index + segment.length;
  }
  if (end === 0 && room > 0) {
    end = room;
    if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
  }
  return `${text.slice(0, end)}…`;
}

/**
 * A star rating as shown, with one decimal rounded to the nearest tenth (4.67 reads "4.7", 4.64
 * "4.6"), except that only straight five stars read "5.0": 4.96 reads "4.9". Takes the stored
 * decimal string or a number.
 */
export function ratingFigure(rating: number | string): string {
  const value = Number(rating);
  if (!Number.isFinite(value)) return '0.0';
  // The small allowance keeps a half that binary fractions store just below it (4.35 × 10 = 43.499…).
  const tenths = Math.round(value * 10 + 1e-9);
  return ((value < 5 ? Math.min(tenths, 49) : tenths) / 10).toFixed(1);
}
