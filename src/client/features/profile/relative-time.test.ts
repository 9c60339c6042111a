import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { setFormatLocale } from '../../lib/intl';
import { timeAgo as timeAgoIn } from './relative-time';

function translator(locale: string, messages: Record<string, string>) {
  const intl = createIntl({ locale, messages });
  return (id: MessageId) => intl.formatMessage({ id });
}
const english = translator('en-US', en);
const timeAgo = (date: Date, at: Date) => timeAgoIn(date, at, english);

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

describe('timeAgo', () => {
  it('reads the last minute as just now, also for a clock slightly ahead', () => {
    expect(timeAgo(ago(0), now)).toBe('just now');
    expect(timeAgo(ago(59 * 1000), now)).toBe('just now');
    expect(timeAgo(new Date(now.getTime() + 30 * 1000), now)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(timeAgo(ago(MIN), now)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * MIN), now)).toBe('59 minutes ago');
    expect(timeAgo(ago(90 * MIN), now)).toBe('1 hour ago');
    expect(timeAgo(ago(DAY), now)).toBe('yesterday');
    expect(timeAgo(ago(3 * DAY), now)).toBe('3 days ago');
    expect(timeAgo(ago(15 * DAY), now)).toBe('2 weeks ago');
    expect(timeAgo(ago(45 * DAY), now)).toBe('last month');
    expect(timeAgo(ago(400 * DAY), now)).toBe('last year');
  });

  it("speaks the page's language", () => {
    setFormatLocale('he-IL');
    try {
      const hebrew = translator('he-IL', he);
      expect(timeAgoIn(ago(0), now, hebrew)).toBe(he['common.time.justNow']);
      expect(timeAgoIn(ago(3 * DAY), now, hebrew)).toMatch(/[\u0590-\u05FF]/);
    } finally {
      setFormatLocale('en-US');
    }
  });

  it("without a translator, reads the last minute in the locale's own word", () => {
    expect(timeAgoIn(ago(0), now)).toBe('now');
  });
});
