import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  civilDateSchema,
  clearableTimestampSchema,
  DATE_MESSAGES,
  isStorableText,
  optionalQueryNumber,
  optionalText,
  queryNumber,
  requiredText,
  safeString,
  timestampSchema,
} from './common';

function problem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('isStorableText', () => {
  /** Checks every value, naming the one that fails (JSON shows its escapes). */
  function expectStorable(values: string[], storable: boolean) {
    for (const value of values) expect(isStorableText(value), JSON.stringify(value)).toBe(storable);
  }

  it('refuses NUL and every half of a surrogate pair standing alone, in any position', () => {
    expectStorable(
      ['\u0000', 'a\u0000', '\uD800', '\uDBFFa', 'a\uDC00', '\uDFFF', '\uDE00\uD83D', 'ok\uD83D\uDE00\uD83D'],
      false,
    );
  });

  it('keeps everything PostgreSQL stores as sent: emoji, other scripts, controls other than NUL', () => {
    expectStorable(
      ['', 'Cohen Family', '\u{1F389}\u{1F942}', 'שמחה', '\u0001\t\u001F', '\uFFFD', '\u202E'],
      true,
    );
  });
});

describe('text schemas', () => {
  it('name the field in every message', () => {
    const title = requiredText(5, 'Title');
    expect(problem(title, 'a\u0000')).toBe('Title contains characters that cannot be stored');
    expect(problem(title, 'abcdef')).toBe('Title must be at most 5 characters');
    expect(problem(title, 42)).toBe('Title must be text');
    expect(problem(title, '   ')).toBe('Please fill in required fields');
    expect(problem(title, undefined)).toBe('Please fill in required fields');
    expect(problem(optionalText(5, 'Venue'), '\uD800')).toBe(
      'Venue contains characters that cannot be stored',
    );
  });

  it('trim unless told not to, and blank optional text is null', () => {
    expect(requiredText(10, 'Title').parse('  Party ')).toBe('Party');
    expect(safeString('Password', { max: 10, trim: false }).parse(' pass ')).toBe(' pass ');
    expect(optionalText(10, 'Venue').parse('   ')).toBeNull();
  });
});

describe('timestampSchema', () => {
  const date = timestampSchema('Date', 'Please fill in required fields');

  it('knows which days exist: leap years every 4, not every 100, again every 400', () => {
    expect(date.parse('2024-02-29')).toEqual(new Date('2024-02-29T00:00:00Z'));
    expect(date.parse('2000-02-29')).toEqual(new Date('2000-02-29T00:00:00Z'));
    expect(problem(date, '2100-02-29')).toBe(DATE_MESSAGES.noSuchDay('Date', '2100-02-29'));
    expect(problem(date, '1900-02-29')).toBe(DATE_MESSAGES.noSuchDay('Date', '1900-02-29'));
    expect(problem(date, '2027-04-31')).toBe(DATE_MESSAGES.noSuchDay('Date', '2027-04-31'));
    expect(problem(date, '2027-13-01')).toBe(DATE_MESSAGES.noSuchDay('Date', '2027-13-01'));
    expect(problem(date, '2027-02-30T10:00:00Z')).toBe(DATE_MESSAGES.noSuchDay('Date', '2027-02-30'));
  });

  it('keeps to 1900-01-01 to 2200-12-31, counting a Date in any time zone', () => {
    expect(date.parse('1900-01-01')).toEqual(new Date('1900-01-01T00:00:00Z'));
    expect(date.parse('2200-12-31T23:59:59.999Z')).toEqual(new Date('2200-12-31T23:59:59.999Z'));
    expect(problem(date, '1899-12-31')).toBe(DATE_MESSAGES.outOfRange('Date'));
    expect(problem(date, '2201-01-01')).toBe(DATE_MESSAGES.outOfRange('Date'));
    expect(date.parse(new Date('1900-01-01T00:00:00+14:00'))).toEqual(new Date('1899-12-31T10:00:00Z'));
    expect(date.parse(new Date('2200-12-31T00:00:00-12:00'))).toEqual(new Date('2200-12-31T12:00:00Z'));
    expect(problem(date, new Date('1899-12-31T09:59:59Z'))).toBe(DATE_MESSAGES.outOfRange('Date'));
    expect(problem(date, new Date(8.64e15))).toBe(DATE_MESSAGES.outOfRange('Date'));
  });

  it('reads ISO 8601 only, with real hours and offsets', () => {
    expect(date.parse('2027-06-01T10:30:00+02:00')).toEqual(new Date('2027-06-01T08:30:00Z'));
    expect(date.parse(' 2027-06-01 ')).toEqual(new Date('2027-06-01T00:00:00Z'));
    for (const bad of [
      '2027-06-01T24:00:00Z',
      '2027-06-01T10:60Z',
      '2027-06-01T10:00+24:00',
      'June 1, 2027',
      '2027-6-1',
      '+002027-06-01',
      1_780_000_000_000,
      {},
      new Date(Number.NaN),
    ]) {
      expect(problem(date, bad), JSON.stringify(bad)).toBe(DATE_MESSAGES.notADate('Date'));
    }
    expect(problem(date, '')).toBe('Please fill in required fields');
    expect(problem(date, null)).toBe('Please fill in required fields');
  });

  it('clears with "" or null where clearing is allowed', () => {
    const due = clearableTimestampSchema('Due date');
    expect(due.parse('')).toBeNull();
    expect(due.parse(null)).toBeNull();
    expect(problem(due, '2027-02-30')).toBe(DATE_MESSAGES.noSuchDay('Due date', '2027-02-30'));
  });
});

describe('civilDateSchema', () => {
  const day = civilDateSchema('Date', {
    required: 'missing',
    format: 'Date must be a calendar date (YYYY-MM-DD)',
  });

  it('keeps the text of a real day in range and says what is wrong otherwise', () => {
    expect(day.parse('2027-06-01')).toBe('2027-06-01');
    expect(problem(day, '2027-02-30')).toBe(DATE_MESSAGES.noSuchDay('Date', '2027-02-30'));
    expect(problem(day, '0001-01-01')).toBe(DATE_MESSAGES.outOfRange('Date'));
    expect(problem(day, '01/06/2027')).toBe('Date must be a calendar date (YYYY-MM-DD)');
    expect(problem(day, '2027-06-01T10:00:00Z')).toBe('Date must be a calendar date (YYYY-MM-DD)');
    expect(problem(day, '')).toBe('missing');
  });
});

describe('query numbers', () => {
  const page = queryNumber('page', z.number().int().min(1), 1);
  const lat = optionalQueryNumber('lat', z.number().min(-90).max(90));

  it('take numbers and numeric text, and treat absent or blank as the fallback', () => {
    expect(page.parse(undefined)).toBe(1);
    expect(page.parse('')).toBe(1);
    expect(page.parse(' 3 ')).toBe(3);
    expect(lat.parse('-40.5')).toBe(-40.5);
    expect(lat.parse('')).toBeUndefined();
  });

  it('refuse what coercion would have turned into a number', () => {
    for (const bad of [
      true,
      null,
      ['1', '2'],
      'Infinity',
      'NaN',
      '0x10',
      '1e999',
      Number.POSITIVE_INFINITY,
    ]) {
      expect(problem(lat, bad), JSON.stringify(bad)).toBe('lat must be a number');
    }
  });
});
