import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  it('counts per account regardless of email case, and clears the account on success', () => {
    let now = 0;
    const t = new LoginThrottle({ perAccount: { maxFailures: 2, windowMs: 1000 }, now: () => now });
    t.recordFailure('A@x.co', '1.1.1.1');
    expect(t.retryAfterMs('a@x.co', '2.2.2.2')).toBe(0);
    t.recordFailure('a@X.co', '3.3.3.3');
    expect(t.retryAfterMs('a@x.co', '4.4.4.4')).toBe(1000);
    now = 400;
    expect(t.retryAfterMs('a@x.co', '4.4.4.4')).toBe(600);
    t.recordSuccess('A@X.CO');
    expect(t.retryAfterMs('a@x.co', '4.4.4.4')).toBe(0);
  });

  it('bounds the number of tracked keys', () => {
    const t = new LoginThrottle({ maxKeys: 4, perAccount: { maxFailures: 1, windowMs: 1000 } });
    for (let i = 0; i < 10; i++) t.recordFailure(`u${i}@x.co`, '9.9.9.9');
    expect(t.retryAfterMs('u0@x.co', '8.8.8.8')).toBe(0);
    expect(t.retryAfterMs('u9@x.co', '8.8.8.8')).toBeGreaterThan(0);
  });
});
