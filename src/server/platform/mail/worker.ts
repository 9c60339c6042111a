import type { Db } from '../db/create-db';
import type { AppConfig } from '../env';
import {
  type ClaimedMail,
  claimDueMail,
  deleteFinishedMail,
  markFailed,
  markRetry,
  markSent,
} from './outbox.queries';
import { createMailTransport, isPermanentFailure } from './transport';

/** The part of a pino logger (Fastify's app.log) the worker writes to. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerDeps {
  db: Db;
  config: Pick<AppConfig, 'smtpUrl' | 'mailDir' | 'mailFrom'>;
  now?: () => Date;
  log?: MailLog;
}

export interface MailWorkerOptions {
  /** Pause between looks at the outbox when the last one found less than a full batch. */
  pollIntervalMs?: number;
  /** Rows one look claims and sends side by side. */
  batchSize?: number;
  /**
   * How long a claimed row belongs to this worker. Longer than any send can take (the SMTP
   * timeouts are at most a minute or two); after it, another worker may send the row again.
   */
  leaseMs?: number;
  /** Attempts before a mail that keeps failing temporarily is given up as 'failed'. */
  maxAttempts?: number;
  /** Delay before the second attempt; each further one waits four times longer, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Sent, failed and skipped rows older than this are deleted (checked at most once an hour). */
  keepFinishedMs?: number;
}

export interface MailWorker {
  /** Where mail goes, for the start-up log. */
  readonly description: string;
  /** Claims and sends one batch of due mail now; resolves to the number of rows it handled. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the sends in flight to finish and be recorded. */
  stop(): Promise<void>;
}

const DEFAULTS = {
  pollIntervalMs: 2_000,
  batchSize: 5,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  keepFinishedMs: 30 * 24 * 60 * 60_000,
} satisfies Required<MailWorkerOptions>;

const CLEANUP_INTERVAL_MS = 60 * 60_000;

/** 30 s, 2 min, 8 min, 32 min, then hourly, each plus up to a fifth more so retries spread out. */
export function retryDelayMs(attempt: number, options: { retryBaseMs: number; retryMaxMs: number }): number {
  const exponential = Math.min(options.retryBaseMs * 4 ** Math.max(attempt - 1, 0), options.retryMaxMs);
  return Math.round(exponential * (1 + Math.random() * 0.2));
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return text.slice(0, 1000);
}

const consoleLog: MailLog = {
  info: () => {},
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/**
 * The one sender of every mail in the outbox. Each look claims due rows in a short transaction (see
 * claimDueMail), sends them outside it, then records the outcome. A row is marked sent only after
 * the transport accepted it, so a crash can at worst send a mail again after its lease runs out,
 * under the same Message-ID; it is never lost.
 */
export function startMailWorker(deps: MailWorkerDeps, options: MailWorkerOptions = {}): MailWorker {
  const settings = { ...DEFAULTS, ...options };
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? consoleLog;
  const transport = createMailTransport(deps.config);
  const inFlight = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastCleanup: number | null = null;

  async function deliver(mail: ClaimedMail): Promise<void> {
    const details = { outboxId: mail.id, kind: mail.kind, attempt: mail.attempts };
    try {
      await transport.send(mail);
    } catch (error) {
      const reason = describeError(error);
      if (isPermanentFailure(error)) {
        await markFailed(db, mail, reason);
        log.error({ ...details, reason }, 'Mail refused; not retrying');
      } else if (mail.attempts >= settings.maxAttempts) {
        await markFailed(db, mail, `Gave up after ${mail.attempts} attempts: ${reason}`);
        log.error({ ...details, reason }, 'Mail failed on its last attempt');
      } else {
        const retryAt = new Date(now().getTime() + retryDelayMs(mail.attempts, settings));
        await markRetry(db, mail, retryAt, reason);
        log.warn({ ...details, reason, retryAt }, 'Mail not sent; will retry');
      }
      return;
    }
    await markSent(db, mail.id, now());
    log.info(details, 'Mail sent');
  }

  async function cleanUpWhenDue(): Promise<void> {
    const at = now().getTime();
    if (lastCleanup !== null && at - lastCleanup < CLEANUP_INTERVAL_MS) return;
    lastCleanup = at;
    const deleted = await deleteFinishedMail(db, new Date(at - settings.keepFinishedMs));
    if (deleted > 0) log.info({ deleted }, 'Deleted finished mail past its keeping time');
  }

  async function processBatch(): Promise<number> {
    await cleanUpWhenDue();
    const claimed = await claimDueMail(db, {
      now: now(),
      limit: settings.batchSize,
      leaseMs: settings.leaseMs,
      maxAttempts: settings.maxAttempts,
    });
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    for (const [index, outcome] of outcomes.entries()) {
      // Recording the outcome failed (the database went away): the lease runs out and the row is
      // tried again, which is the safe side.
      if (outcome.status === 'rejected') {
        log.error(
          { outboxId: claimed[index]?.id, reason: describeError(outcome.reason) },
          'Could not record the outcome of a mail',
        );
      }
    }
    return claimed.length;
  }

  function runOnce(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    const run = processBatch().finally(() => inFlight.delete(run));
    inFlight.add(run);
    return run;
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = null;
    let handled = 0;
    try {
      handled = await runOnce();
    } catch (error) {
      log.error({ reason: describeError(error) }, 'Could not look at the mail outbox');
    }
    // A full batch suggests more is waiting: look again at once instead of after a pause.
    schedule(handled >= settings.batchSize ? 0 : settings.pollIntervalMs);
  }

  schedule(settings.pollIntervalMs);

  return {
    description: transport.description,
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight]);
      transport.close();
    },
  };
}
