import { describe, expect, it } from 'vitest';
import { clipText, ratingFigure } from './text';

const hasLoneSurrogate = (s: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('clipText', () => {
  it('keeps text that fits and cuts longer text to the bound, ellipsis included', () => {
    expect(clipText('short', 10)).toBe('short');
    expect(clipText('x'.repeat(10), 10)).toBe('x'.repeat(10));
    expect(clipText('x'.repeat(11), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(clipText('anything', 1)).toBe('…');
    expect(clipText('anything', 0)).toBe('');
  });

  it('never splits a surrogate pair', () => {
    // The emoji's two halves sit at positions 8 and 9: a cut at 9 would keep only the first.
    const text = `${'a'.repeat(8)}😀${'b'.repeat(10)}`;
    const clipped = clipText(text, 10);
    expect(clipped).toBe(`${'a'.repeat(8)}…`);
    expect(hasLoneSurrogate(clipped)).toBe(false);
    for (let max = 1; max <= text.length + 1; max++) {
      const out = clipText(`😀😀😀😀😀😀😀😀😀😀${text}`, max);
      expect(hasLoneSurrogate(out)).toBe(false);
      expect(out.length).toBeLessThanOrEqual(max);
    }
  });

  it('keeps characters made of several code points whole', () => {
    const thumb = '👍🏽'; // a thumb and a skin tone: four code units, one character
    const family = '👨‍👩‍👧'; // three people joined by zero-width joiners
    const flag = '🇮🇱';
    for (const char of [thumb, family, flag, 'é']) {
      const text = `${'a'.repeat(5)}${char}${'z'.repeat(20)}`;
      for (let max = 6; max < 5 + char.length + 1; max++) {
        expect(clipText(text, max)).toBe(`${'a'.repeat(5)}…`);
      }
      expect(clipText(text, 5 + char.length + 1)).toBe(`${'a'.repeat(5)}${char}…`);
    }
  });

  it('cuts a first character longer than the room between code points', () => {
    const zalgo = `e${'\u0301'.repeat(50)}`;
    const clipped = clipText(zalgo, 10);
    expect(clipped).toBe(`e${'\u0301'.repeat(8)}…`);
    const emojis = `👨‍👩‍👧‍👦${'x'.repeat(5)}`; // one character of 11 code units
    const cut = clipText(emojis, 6);
    expect(hasLoneSurrogate(cut)).toBe(false);
    expect(cut.length).toBeLessThanOrEqual(6);
  });
});

describe('ratingFigure', () => {
  it('shows one decimal rounded to the nearest tenth, and 5.0 only for straight five stars', () => {
    expect(ratingFigure(4.67)).toBe('4.7');
    expect(ratingFigure('4.67')).toBe('4.7');
    expect(ratingFigure(14 / 3)).toBe('4.7');
    expect(ratingFigure('4.64')).toBe('4.6');
    expect(ratingFigure('4.65')).toBe('4.7');
    expect(ratingFigure(4.35)).toBe('4.4');
    expect(ratingFigure(4.05)).toBe('4.1');
    expect(ratingFigure('4.30')).toBe('4.3');
    expect(ratingFigure(0.7)).toBe('0.7');
    expect(ratingFigure(4.96)).toBe('4.9');
    expect(ratingFigure('4.99')).toBe('4.9');
    expect(ratingFigure(5)).toBe('5.0');
    expect(ratingFigure('5.00')).toBe('5.0');
    expect(ratingFigure('not a number')).toBe('0.0');
  });
});
