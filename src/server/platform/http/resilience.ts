import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { UNAVAILABLE_MESSAGES } from '../../../shared/http-messages';
import type { Db } from '../db/create-db';
import { unavailabilityOf } from '../db/db-errors';
import type { AppConfig } from '../env';
import { errorBody } from './errors';
import { EventLoopLag, type LoadReading } from './load-shedding';
import { SAFE_METHODS } from './security';

/**
 * What the process is doing: serving, or draining before it exits. Event streams listen to `signal`
 * and end themselves when a shutdown begins, so the drain does not wait on them for the whole grace.
 */
export class Lifecycle {
  #draining = false;
  readonly #controller = new AbortController();

  get draining(): boolean {
    return this.#draining;
  }

  /** Aborted when the process starts shutting down. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  beginDrain(): void {
    if (this.#draining) return;
    this.#draining = true;
    this.#controller.abort();
  }
}

function unavailable(reply: FastifyReply, message: string, retryAfterSeconds: number, close = false) {
  reply.code(503).header('retry-after', String(retryAfterSeconds));
  if (close) reply.header('connection', 'close');
  return reply.send(errorBody('SERVICE_UNAVAILABLE', message));
}

/** Long-lived answers (event streams) are bounded by the shutdown, not by the request timeout. */
function isEventStream(req: FastifyRequest): boolean {
  return (req.headers.accept ?? '').includes('text/event-stream');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route's requests are refused while the event loop lags (default true). Files
     * served as they lie on disk cost the loop next to nothing and a page needs them all, so they
     * are not refused; a route may also judge each request (a function).
     */
    shed?: boolean | ((req: FastifyRequest) => boolean);
  }
  interface FastifyInstance {
    /** The event loop's lag as load shedding sees it; null when shedding is off. */
    eventLoopLag: EventLoopLag | null;
  }
}

export interface ResilienceOptions {
  config: AppConfig;
  lifecycle: Lifecycle;
}

export const BUSY_MESSAGE = UNAVAILABLE_MESSAGES.busy;

/** Whether a request to this route is one load shedding may refuse. */
function sheddable(req: FastifyRequest): boolean {
  const shed = req.routeOptions.config?.shed;
  if (typeof shed === 'function') return shed(req);
  return shed !== false;
}

/**
 * Answers quickly instead of late: 503 in the app's error format while draining, when the event loop
 * lags more than MAX_EVENT_LOOP_DELAY_MS turn after turn (load-shedding.ts), and when a request runs
 * past REQUEST_TIMEOUT_MS.
 */
async function resilience(app: FastifyInstance, opts: ResilienceOptions): Promise<void> {
  const { config, lifecycle } = opts;
  const lag =
    config.maxEventLoopDelayMs > 0 ? new EventLoopLag({ limitMs: config.maxEventLoopDelayMs }) : null;
  app.decorate('eventLoopLag', lag);
  if (lag) {
    lag.start();
    app.addHook('onClose', async () => lag.stop());
  }

  app.addHook('onRequest', async (req, reply) => {
    if (lifecycle.draining) {
      return unavailable(reply, UNAVAILABLE_MESSAGES.restarting, 2, true);
    }
    if (lag?.overloaded && sheddable(req)) {
      // What tripped it, with every refusal: the recent stalls and the last lag, the share of time
      // the loop was busy, and the heap.
      req.log.warn({ url: req.url, ...lag.reading() }, 'refused: the event loop lags');
      return unavailable(reply, BUSY_MESSAGE, 1);
    }
    // Only reads are answered early. A write keeps running after such an answer and may still
    // commit, so "try again" would be untrue; writes are bounded by the pool wait and the
    // statement timeout instead, which cancel them and roll them back before they answer 503.
    if (isEventStream(req) || !SAFE_METHODS.has(req.method)) return;
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ url: req.url, timeoutMs: config.requestTimeoutMs }, 'request timed out');
      void unavailable(reply, UNAVAILABLE_MESSAGES.timedOut, 2);
    }, config.requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });

  // A request that began before the drain still finishes, but its connection closes after it.
  app.addHook('onSend', async (_req, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
}

export const resiliencePlugin = fp(resilience, { name: 'resilience' });

export type HealthAnswer =
  | { status: 503; body: ReturnType<typeof errorBody>; retryAfter: number }
  | { status: 200; body: { status: 'ok'; database: 'ok' } };

/**
 * Whether the database answers `select 1` within the health timeout, whatever it does: unreachable,
 * too slow (a lock, a full pool) or busy each get a sentence, and the answer never waits longer.
 * The probe itself is never shed (its route says so); while the process sheds load (`overloaded`,
 * the lag it sheds on) it answers 503 saying so, so that a balancer sends the traffic elsewhere.
 */
export async function checkHealth(
  db: Db,
  timeoutMs: number,
  draining = false,
  overloaded: LoadReading | null = null,
): Promise<HealthAnswer> {
  const fail = (message: string, retryAfter = 2): HealthAnswer => ({
    status: 503,
    body: errorBody('SERVICE_UNAVAILABLE', message),
    retryAfter,
  });
  if (draining) return fail('The server is shutting down');
  if (overloaded) {
    const worst = Math.max(overloaded.lagMs, ...overloaded.stallsMs);
    return fail(`The server is overloaded: its event loop lags ${worst} ms`, 1);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const probe = sql`select 1`.execute(db).then(
    () => 'ok' as const,
    (error: unknown) => error,
  );
  try {
    const outcome = await Promise.race([probe, timeout]);
    if (outcome === 'ok') return { status: 200, body: { status: 'ok', database: 'ok' } };
    if (outcome === 'timeout') return fail(`The database is too slow: no answer within ${timeoutMs} ms`);
    const reason = unavailabilityOf(outcome);
    if (reason === 'too-slow') return fail('The database is too slow to answer');
    if (reason === 'busy') return fail('The database is busy: every connection is taken');
    return fail('The database is unreachable');
  } finally {
    clearTimeout(timer);
  }
}
