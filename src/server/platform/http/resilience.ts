import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import { unavailabilityOf } from '../db/db-errors';
import type { AppConfig } from '../env';
import { errorBody } from './errors';
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

export interface ResilienceOptions {
  config: AppConfig;
  lifecycle: Lifecycle;
}

/**
 * Answers quickly instead of late: 503 in the app's error format while draining, when the event loop
 * is saturated, and when a request runs past REQUEST_TIMEOUT_MS.
 */
async function resilience(app: FastifyInstance, opts: ResilienceOptions): Promise<void> {
  const { config, lifecycle } = opts;

  app.addHook('onRequest', async (req, reply) => {
    if (lifecycle.draining) {
      return unavailable(reply, 'The server is restarting. Please try again in a moment.', 2, true);
    }
    // Only reads are answered early. A write keeps running after such an answer and may still
    // commit, so "try again" would be untrue; writes are bounded by the pool wait and the
    // statement timeout instead, which cancel them and roll them back before they answer 503.
    if (isEventStream(req) || !SAFE_METHODS.has(req.method)) return;
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ url: req.url, timeoutMs: config.requestTimeoutMs }, 'request timed out');
      void unavailable(reply, 'The request took too long. Please try again in a moment.', 2);
    }, config.requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });

  // A request that began before the drain still finishes, but its connection closes after it.
  app.addHook('onSend', async (_req, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      sampleInterval: Math.min(500, Math.max(50, Math.floor(config.maxEventLoopDelayMs / 2))),
      pressureHandler: (req, reply, type, value) => {
        req.log.warn({ type, value }, 'refused under pressure');
        void unavailable(reply, 'The server is busy right now. Please try again in a moment.', 1);
      },
    });
  }
}

export const resiliencePlugin = fp(resilience, { name: 'resilience' });

export type HealthAnswer =
  | { status: 503; body: ReturnType<typeof errorBody>; retryAfter: number }
  | { status: 200; body: { status: 'ok'; database: 'ok' } };

/**
 * Whether the database answers `select 1` within the health timeout, whatever it does: unreachable,
 * too slow (a lock, a full pool) or busy each get a sentence, and the answer never waits longer.
 */
export async function checkHealth(db: Db, timeoutMs: number, draining = false): Promise<HealthAnswer> {
  const fail = (message: string): HealthAnswer => ({
    status: 503,
    body: errorBody('SERVICE_UNAVAILABLE', message),
    retryAfter: 2,
  });
  if (draining) return fail('The server is shutting down');
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
