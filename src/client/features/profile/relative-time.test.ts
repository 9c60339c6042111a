import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

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
});
