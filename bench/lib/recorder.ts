import type { Exchange } from './http';

/** The three kinds of work the simulated families do (the messages travel inside the requests). */
export type Kind = 'browse' | 'events' | 'requests';

/**
 * How an exchange ended for the benchmark: what the operation expects (ok), a refusal in the app's
 * format with Retry-After (refused: 503 SERVICE_UNAVAILABLE, what a fault should give), or anything
 * else (error: 5xx, an unexpected 4xx, a reply that differs from the write, no answer at all).
 */
export type Outcome = 'ok' | 'refused' | 'error';

export interface Sample {
  kind: Kind;
  op: string;
  method: string;
  path: string;
  /** ms since the recorder's start when the request was sent. */
  start: number;
  ms: number;
  /** HTTP status, or the socket error's code when no answer came. */
  status: number | string;
  outcome: Outcome;
  /** The app's error message of a 4xx or 5xx answer (what a refusal said). */
  reason?: string;
  /** Why an error is one (or what an expected non-2xx meant). */
  note?: string;
  /** This create was sent again with the same Idempotency-Key after an unanswered attempt. */
  retry?: boolean;
}

export interface LatencySummary {
  count: number;
  ok: number;
  refused: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** The value at quantile q of sorted values (nearest rank), rounded to 0.1 ms. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

export function summarize(samples: readonly Sample[]): LatencySummary {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: samples.length,
    ok: samples.filter((s) => s.outcome === 'ok').length,
    refused: samples.filter((s) => s.outcome === 'refused').length,
    errors: samples.filter((s) => s.outcome === 'error').length,
    p50: quantile(times, 0.5),
    p90: quantile(times, 0.9),
    p99: quantile(times, 0.99),
    max: quantile(times, 1),
  };
}

/** Latency quantiles of plain durations (health probes, refusals). */
export function latencyOf(times: number[]): { count: number; p50: number; p99: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
  };
}

/** Counts of each status (or socket error) among samples. */
export function statusCounts(samples: readonly { status: number | string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return counts;
}

/** 503 answers grouped by what they said, with their latency. */
export function refusalsOf(samples: readonly Sample[]) {
  const byReason = new Map<string, number[]>();
  for (const s of samples) {
    if (s.status !== 503) continue;
    const key = s.reason ?? '(no message)';
    const list = byReason.get(key);
    if (list) list.push(s.ms);
    else byReason.set(key, [s.ms]);
  }
  return {
    all: latencyOf(samples.filter((s) => s.status === 503).map((s) => s.ms)),
    byMessage: Object.fromEntries([...byReason].map(([reason, times]) => [reason, latencyOf(times)])),
  };
}

/** Requests per second of the run (by when they were sent), with their outcomes and latency. */
export function timeline(samples: readonly Sample[], bucketMs = 1000) {
  const buckets: Sample[][] = [];
  for (const s of samples) {
    const i = Math.floor(s.start / bucketMs);
    const bucket = buckets[i];
    if (bucket) bucket.push(s);
    else buckets[i] = [s];
  }
  return Array.from(buckets, (bucket, i) => {
    const { count, ok, refused, errors, p50, p99, max } = summarize(bucket ?? []);
    return { second: (i * bucketMs) / 1000, count, ok, refused, errors, p50, p99, max };
  });
}

const ERROR_DETAILS_KEPT = 40;

/** Every exchange of a run, on one clock, with the first errors kept in full for the report. */
export class Recorder {
  readonly t0 = performance.now();
  readonly samples: Sample[] = [];
  readonly errorDetails: (Sample & { body: string })[] = [];

  now(): number {
    return performance.now() - this.t0;
  }

  add(sample: Sample, exchange: Exchange): Sample {
    this.samples.push(sample);
    if (sample.outcome === 'error' && this.errorDetails.length < ERROR_DETAILS_KEPT) {
      this.errorDetails.push({ ...sample, body: exchange.body.slice(0, 600) });
    }
    return sample;
  }

  /** Marks a recorded sample an error after the fact (its reply did not hold what it should). */
  fail(sample: Sample, note: string, exchange: Exchange): void {
    if (sample.outcome === 'error') return;
    sample.outcome = 'error';
    sample.note = note;
    if (this.errorDetails.length < ERROR_DETAILS_KEPT) {
      this.errorDetails.push({ ...sample, body: exchange.body.slice(0, 600) });
    }
  }

  between(from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.start >= from && s.start < to);
  }

  /** Per kind and per operation, in the order the operations first appear. */
  byKind(samples: readonly Sample[] = this.samples) {
    const kinds = new Map<Kind, Sample[]>();
    const ops = new Map<string, Sample[]>();
    for (const s of samples) {
      const ofKind = kinds.get(s.kind);
      if (ofKind) ofKind.push(s);
      else kinds.set(s.kind, [s]);
      const key = `${s.kind}: ${s.op}`;
      const list = ops.get(key);
      if (list) list.push(s);
      else ops.set(key, [s]);
    }
    return {
      kinds: Object.fromEntries([...kinds].map(([k, list]) => [k, summarize(list)])),
      ops: Object.fromEntries(
        [...ops].sort(([a], [b]) => a.localeCompare(b)).map(([k, list]) => [k, summarize(list)]),
      ),
      all: summarize(samples),
    };
  }
}

/** A plain-text table of summaries, for the terminal. */
export function table(rows: Record<string, LatencySummary>): string {
  const header = ['', 'count', 'ok', 'refused', 'errors', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'];
  const width = Math.max(10, ...Object.keys(rows).map((k) => k.length));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(width) : String(c).padStart(8))).join(' ');
  return [
    line(header),
    ...Object.entries(rows).map(([name, s]) =>
      line([
        name,
        s.count,
        s.ok,
        s.refused,
        s.errors,
        s.p50.toFixed(1),
        s.p90.toFixed(1),
        s.p99.toFixed(1),
        s.max.toFixed(1),
      ]),
    ),
  ].join('\n');
}
