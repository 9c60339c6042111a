import type { EventLoopUtilization } from 'node:perf_hooks';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** What the meter saw, for the log line of a refusal and for the health answer. */
export interface LoadReading {
  /** How late the timer ran in the last sample, in ms. */
  lagMs: number;
  /** The lags beyond the limit within the last `windowMs`, oldest first, in ms. */
  stallsMs: number[];
  /** The share of the last sample's time the event loop was busy (this thread only), in percent. */
  eluPercent: number;
  heapUsedMb: number;
  /** The limit the lag is judged against, and the window in which stalls count as recurring. */
  limitMs: number;
  windowMs: number;
}

/**
 * How far behind the event loop runs: a timer due every `sampleMs` notes how late it fired (the time
 * the loop was held by other work). The process sheds load while stalls beyond `limitMs` recur: two
 * of them within `windowMs` (twice the limit, at least a second). One stall alone (the first drawing
 * of a page, a full garbage collection) is over by the time its sample is read, and the requests that
 * queued behind it are then served at once: refusing them would only turn a late answer into a failed
 * one. A loop that stays behind, stall after stall, is what shedding is for; once the stalls stop,
 * it serves again within the window.
 *
 * Why not @fastify/under-pressure's measure (9.2.0, which this replaced): it reads the mean of
 * `monitorEventLoopDelay` since its last sample and then resets it, and Node's reset also forgets
 * the histogram's previous tick. A stall that begins right after a sample is never counted; a
 * window in which the loop turned fewer than twice holds no delay at all, its mean is NaN, and
 * under-pressure reads NaN as an infinite delay, refusing every request for the whole next window,
 * long after the stall ended (logged as `"value":null`). Which stalls it saw, and so whom it
 * refused, depended on where a stall fell between two of its samples. The worker threads (the
 * embedded database, password hashing, image encoding) are not measured, here as there: they run
 * beside this loop, not on it.
 */
export class EventLoopLag {
  readonly #sampleMs: number;
  readonly #limitMs: number;
  readonly #windowMs: number;
  #timer: NodeJS.Timeout | null = null;
  #due = 0;
  #last = 0;
  /** When each recent stall beyond the limit was seen, and how long it was. */
  #stalls: { at: number; ms: number }[] = [];
  #elu: EventLoopUtilization | null = null;
  #eluShare = 0;

  constructor(options: { limitMs: number; sampleMs?: number }) {
    this.#limitMs = options.limitMs;
    this.#windowMs = Math.max(2 * options.limitMs, 1000);
    // Often enough to see a stall soon after it, seldom enough to cost nothing.
    this.#sampleMs = options.sampleMs ?? Math.min(250, Math.max(10, Math.floor(options.limitMs / 4)));
  }

  get limitMs(): number {
    return this.#limitMs;
  }

  start(): void {
    if (this.#timer) return;
    this.#elu = performance.eventLoopUtilization();
    this.#schedule();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    this.#due = performance.now() + this.#sampleMs;
    this.#timer = setTimeout(() => this.#sample(), this.#sampleMs);
    this.#timer.unref();
  }

  #sample(): void {
    const now = performance.now();
    this.#last = Math.max(0, now - this.#due);
    if (this.#last > this.#limitMs) this.#stalls.push({ at: now, ms: this.#last });
    this.#forget(now);
    const elu = performance.eventLoopUtilization();
    if (this.#elu) this.#eluShare = performance.eventLoopUtilization(elu, this.#elu).utilization;
    this.#elu = elu;
    this.#schedule();
  }

  #forget(now: number): void {
    while (this.#stalls.length > 0 && now - (this.#stalls[0]?.at ?? now) > this.#windowMs)
      this.#stalls.shift();
  }

  /** Whether stalls beyond the limit recur: two or more within the window. */
  get overloaded(): boolean {
    if (this.#limitMs <= 0) return false;
    this.#forget(performance.now());
    return this.#stalls.length >= 2;
  }

  reading(): LoadReading {
    this.#forget(performance.now());
    return {
      lagMs: Math.round(this.#last),
      stallsMs: this.#stalls.map((s) => Math.round(s.ms)),
      eluPercent: Math.round(this.#eluShare * 100),
      // Not process.memoryUsage(): it also reads /proc for the resident size, which can fail.
      heapUsedMb: Math.round(getHeapStatistics().used_heap_size / 1e6),
      limitMs: this.#limitMs,
      windowMs: this.#windowMs,
    };
  }
}
