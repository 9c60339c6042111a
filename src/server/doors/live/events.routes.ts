import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../shared/schemas/auth';
import type { LiveEvent } from '../../../shared/schemas/messages';
import { inboxFeed } from '../../domains/messages/live-feed';
import { unavailabilityOf } from '../../platform/db/db-errors';
import { errorBody } from '../../platform/http/errors';
import type { Lifecycle } from '../../platform/http/resilience';
import { liveStream, type NumberedLiveEvent } from '../../platform/live/stream';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';

export const LIVE_EVENTS_PATH = '/api/messages/events';

/** Bounds of a REST event stream; the same as the tRPC subscription's (trpc/init.ts). */
export const SSE_SETTINGS = {
  /** A comment line this often keeps proxies from closing a quiet stream and shows a dead one. */
  pingMs: 15_000,
  /** Streams end after this and the client reconnects with its Last-Event-ID, losing nothing. */
  maxDurationMs: 30 * 60 * 1000,
  /** How long a browser's EventSource waits before it reconnects (the `retry:` line). */
  retryMs: 3000,
} as const;

/** One event as the SSE wire carries it: its number as the id, its kind as the event name, plain JSON. */
export function sseFrame({ id, event }: NumberedLiveEvent<LiveEvent>): string {
  return `id: ${id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The id the client resumes from: Last-Event-ID (what EventSource sends), else `?lastEventId=`. */
function requestedLastEventId(header: unknown, query: unknown): string | null {
  if (typeof header === 'string' && header !== '') return header.slice(0, 40);
  const fromQuery = (query as Record<string, unknown> | null)?.lastEventId;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery.slice(0, 40) : null;
}

/** Resolves once the stream can take more, or when the stream is over. */
function drained(out: PassThrough, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Copies the live events into the response body until the signal aborts or the stream ends. */
async function pump(
  events: AsyncGenerator<NumberedLiveEvent<LiveEvent>>,
  out: PassThrough,
  signal: AbortSignal,
  log: FastifyBaseLogger,
): Promise<void> {
  const write = (text: string) => (out.destroyed || out.writableEnded ? true : out.write(text));
  const ping = setInterval(() => write(': ping\n\n'), SSE_SETTINGS.pingMs);
  try {
    write(`retry: ${SSE_SETTINGS.retryMs}\n\n`);
    for await (const item of events) {
      if (signal.aborted) break;
      // A client that reads slower than events come: wait for it rather than buffer without bound.
      if (!write(sseFrame(item))) await drained(out, signal);
    }
  } catch (error) {
    // The database was away when the stream started: the client reconnects after `retry`.
    if (unavailabilityOf(error)) log.warn(`${LIVE_EVENTS_PATH}: ${(error as Error).message}`);
    else log.error({ err: error }, 'live event stream failed');
  } finally {
    clearInterval(ping);
    if (!out.destroyed) out.end();
  }
}

/**
 * GET /api/messages/events: the signed-in user's live events as text/event-stream for REST callers
 * and EventSource, the same stream as the `messages.events` subscription. Resumes after the
 * Last-Event-ID header (or `?lastEventId=`); ends when the client leaves, the server starts shutting
 * down, the session ends, or after 30 minutes.
 */
export async function liveEventRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; lifecycle: Lifecycle },
): Promise<void> {
  const { deps, lifecycle } = opts;
  // app.close() waits for open requests: streams end first, whether or not a drain began.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  // A HEAD would open a stream whose body is thrown away. Never compressed: a compressor holds events
  // back until its block fills (http/compression.ts leaves event streams alone as well).
  app.get(LIVE_EVENTS_PATH, { exposeHeadRoute: false, compress: false }, async (req, reply) => {
    const ctx = await contextFromRequest(deps, req, reply);
    const { user, session } = ctx;
    if (!user || !session) return reply.code(401).send(errorBody('UNAUTHORIZED', MESSAGES.notSignedIn));

    const left = new AbortController();
    reply.raw.once('close', () => left.abort());
    const signals = [left.signal, lifecycle.signal, closing.signal];
    const out = new PassThrough();
    // Writes after the client left are dropped; the pump sees the abort and stops.
    out.on('error', () => {});
    const events = liveStream({
      db: deps.db,
      hub: deps.live,
      feed: inboxFeed,
      user,
      sessionId: session.id,
      lastEventId: requestedLastEventId(req.headers['last-event-id'], req.query),
      signals,
      maxDurationMs: SSE_SETTINGS.maxDurationMs,
      sessionCheckMs: deps.config.liveSessionCheckMs,
    });
    void pump(events, out, left.signal, req.log);
    // no-transform: a proxy must not compress or rewrite it either.
    return reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(out);
  });
}
