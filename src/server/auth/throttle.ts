/**
 * Counts failed sign-ins per account and per client address in fixed windows.
 * Kept in memory: one server process owns the limits (see docs/decisions/002-login-throttle.md).
 */
export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

export interface LoginThrottleOptions {
  perAccount: ThrottleRule;
  perAddress: ThrottleRule;
  /** Bound on tracked keys so a flood of random emails cannot grow memory without limit. */
  maxKeys: number;
  now: () => number;
}

interface Bucket {
  failures: number;
  windowStart: number;
}

export const DEFAULT_THROTTLE: Omit<LoginThrottleOptions, 'now'> = {
  perAccount: { maxFailures: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { maxFailures: 20, windowMs: 15 * 60 * 1000 },
  maxKeys: 50_000,
};

export class LoginThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private readonly options: LoginThrottleOptions;

  constructor(options: Partial<LoginThrottleOptions> = {}) {
    this.options = { ...DEFAULT_THROTTLE, now: Date.now, ...options };
  }

  /** Milliseconds until the caller may try again, or 0 when not blocked. */
  retryAfterMs(email: string, ip: string): number {
    return Math.max(
      this.blockedFor(`a:${email.toLowerCase()}`, this.options.perAccount),
      this.blockedFor(`i:${ip}`, this.options.perAddress),
    );
  }

  recordFailure(email: string, ip: string): void {
    this.bump(`a:${email.toLowerCase()}`, this.options.perAccount);
    this.bump(`i:${ip}`, this.options.perAddress);
  }

  /** A successful sign-in clears the account's count; the address keeps its count. */
  recordSuccess(email: string): void {
    this.buckets.delete(`a:${email.toLowerCase()}`);
  }

  private blockedFor(key: string, rule: ThrottleRule): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const elapsed = this.options.now() - bucket.windowStart;
    if (elapsed >= rule.windowMs) {
      this.buckets.delete(key);
      return 0;
    }
    return bucket.failures >= rule.maxFailures ? rule.windowMs - elapsed : 0;
  }

  private bump(key: string, rule: ThrottleRule): void {
    const now = this.options.now();
    const bucket = this.buckets.get(key);
    if (!bucket || now - bucket.windowStart >= rule.windowMs) {
      if (!bucket && this.buckets.size >= this.options.maxKeys) this.evictOldest();
      this.buckets.set(key, { failures: 1, windowStart: now });
    } else {
      bucket.failures += 1;
    }
  }

  private evictOldest(): void {
    // Map iterates in insertion order: the first key is the oldest window.
    const oldest = this.buckets.keys().next();
    if (!oldest.done) this.buckets.delete(oldest.value);
  }
}
