import type { AddressInfo } from 'node:net';
import type { TrackedEnvelope } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '../../../shared/schemas/auth';
import type { LiveEvent } from '../../../shared/schemas/messages';
import { buildServer } from '../../app';
import { createUser, createVendor } from '../../demo/factories';
import { createSession } from '../../domains/auth/sessions';
import { messageCodeFields } from '../../platform/http/errors';
import { Lifecycle } from '../../platform/http/resilience';
import { appendLiveEvents, lastLiveSeq, liveEventsAfter } from '../../platform/live/live-events';
import type { AppDeps, Context } from '../../platform/trpc/context';
import { createHarness, type TestHarness } from '../../test/harness';
import { SseConnection } from '../../test/sse-client';
import { createCaller } from '../trpc/app-router';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Party {
  user: UserDto;
  sessionId: string;
  token: string;
}

async function party(role: 'customer' | 'vendor' | 'admin'): Promise<Party> {
  const user = await createUser(h.db, { role });
  const { password: _password, ...dto } = user;
  const session = await createSession(h.db, {
    userId: user.id,
    ttlMs: 3_600_000,
    now: new Date(),
    userAgent: 'vitest',
    ip: '127.0.0.1',
  });
  return { user: dto, sessionId: session.id, token: session.token };
}

/** A customer and the owner of a claimed listing, with a thread between them. */
async function conversation() {
  const customer = await party('customer');
  const vendor = await party('vendor');
  const listing = await createVendor(h.db, { ownerId: vendor.user.id, claimed: true });
  const thread = await h.db
    .insertInto('messageThreads')
    .values({ vendorId: listing.id, customerId: customer.user.id, subject: 'Sunday 14 June' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customer, vendor, threadId: thread.id };
}

/** A caller whose streams end when its lifecycle drains (createCaller has no request to close). */
function callerOf(p: Party, deps: AppDeps = h.deps) {
  const lifecycle = new Lifecycle();
  const ctx: Context = {
    ...deps,
    lifecycle,
    user: p.user,
    session: { id: p.sessionId, expiresAt: new Date(Date.now() + 3_600_000) },
    ip: '127.0.0.1',
    userAgent: 'vitest',
    sessionCookie: { set() {}, clear() {} },
    deviceCookie: { token: null, set() {} },
  };
  return { caller: createCaller(ctx), lifecycle };
}

type Envelope = TrackedEnvelope<LiveEvent>;

async function subscribe(p: Party, lastEventId?: string) {
  const { caller, lifecycle } = callerOf(p);
  const iterable = await caller.messages.events(lastEventId === undefined ? {} : { lastEventId });
  const iterator = (iterable as AsyncIterable<Envelope>)[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<Envelope>> | null = null;
  return {
    /** The next event; fails after `ms`. */
    async next(ms = 5000): Promise<{ id: string; event: LiveEvent }> {
      pending ??= iterator.next();
      const result = await Promise.race([pending, sleep(ms).then(() => 'timeout' as const)]);
      if (result === 'timeout') throw new Error(`no event within ${ms} ms`);
      pending = null;
      if (result.done) throw new Error('the stream ended');
      return { id: result.value[0], event: result.value[1] };
    },
    /** Whether nothing arrives within `ms`. */
    async quietFor(ms: number): Promise<boolean> {
      pending ??= iterator.next();
      return (await Promise.race([pending.then(() => false), sleep(ms).then(() => true)])) as boolean;
    },
    async end(): Promise<void> {
      lifecycle.beginDrain();
      if (pending) await pending;
      await iterator.return?.();
    },
  };
}

function replyAs(p: Party, threadId: string, messageText: string) {
  return callerOf(p).caller.messages.reply({ threadId, messageText });
}

describe('appendLiveEvents', () => {
  it('numbers a user’s events 1..20 without gaps under 20 concurrent transactions, committed in number order', async () => {
    const a = await party('customer');
    const b = await party('vendor');
    const committed: number[] = [];
    // A reader polling meanwhile must only ever see a prefix: never n+1 before n.
    let stop = false;
    const seen: number[] = [];
    const reads: number[][] = [];
    const reader = (async () => {
      while (!stop) {
        const rows = await liveEventsAfter(h.db, a.user.id, seen.at(-1) ?? 0, 100);
        if (rows.length > 0) reads.push(rows.map((r) => r.seq));
        seen.push(...rows.map((r) => r.seq));
        await sleep(2);
      }
    })();
    const writers = Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await sleep(Math.random() * 15);
        await h.db
          .transaction()
          .execute(async (trx) => {
            // Both users in every transaction, listed in either order: locks are taken in id order.
            const users = i % 2 === 0 ? [a, b] : [b, a];
            await appendLiveEvents(
              trx,
              users.map((u) => ({
                userId: u.user.id,
                kind: 'thread',
                ref: { threadId: crypto.randomUUID() },
              })),
            );
            const mine = await trx
              .selectFrom('liveCursors')
              .select('lastSeq')
              .where('userId', '=', a.user.id)
              .executeTakeFirstOrThrow();
            // Hold the cursor's lock a while: a writer behind it must wait, not commit a later number first.
            await sleep(Math.random() * 15);
            return Number(mine.lastSeq);
          })
          .then((seq) => committed.push(seq));
      }),
    );
    await writers.finally(() => {
      stop = true;
    });
    await reader;
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(committed).toEqual(all);
    for (const u of [a, b]) {
      const rows = await liveEventsAfter(h.db, u.user.id, 0, 100);
      expect(rows.map((r) => r.seq)).toEqual(all);
      expect(await lastLiveSeq(h.db, u.user.id)).toBe(20);
    }
    // Whatever the reader caught mid-way was consecutive from the start.
    expect(seen).toEqual(all.slice(0, seen.length));
    for (const read of reads)
      expect(read).toEqual(all.slice((read[0] ?? 1) - 1, (read[0] ?? 1) - 1 + read.length));
  });
});

describe('messages.events subscription', () => {
  it('sends sync with the unread totals first, then a reply written later', async () => {
    const { customer, vendor, threadId } = await conversation();
    const stream = await subscribe(customer);
    const first = await stream.next();
    expect(first.event).toEqual({ kind: 'sync', unread: { messages: 0, notifications: 0 } });
    expect(first.id).toBe(String(await lastLiveSeq(h.db, customer.user.id)));

    const sent = await replyAs(vendor, threadId, 'Yes, we are free that Sunday');
    const message = await stream.next();
    expect(message.event.kind).toBe('message');
    if (message.event.kind !== 'message') throw new Error('expected a message');
    expect(message.event.message).toMatchObject({
      id: sent.id,
      threadId,
      messageText: 'Yes, we are free that Sunday',
      mine: false,
      senderSide: 'vendor',
    });
    expect(message.event.unread.messages).toBe(1);
    expect(Number(message.id)).toBe(Number(first.id) + 1);
    const notification = await stream.next();
    expect(notification.event.kind).toBe('notification');
    expect(notification.event.unread).toEqual({ messages: 1, notifications: 1 });
    expect(Number(notification.id)).toBe(Number(first.id) + 2);
    expect(await stream.quietFor(300)).toBe(true);
    await stream.end();
  });

  it('resuming from lastEventId replays exactly the events missed, and then the new ones', async () => {
    const { customer, vendor, threadId } = await conversation();
    const stream = await subscribe(customer);
    const sync = await stream.next();
    await stream.end();

    const missed = [
      await replyAs(vendor, threadId, 'First, while you were away'),
      await replyAs(vendor, threadId, 'Second, while you were away'),
    ];
    const resumed = await subscribe(customer, sync.id);
    const got: { id: string; event: LiveEvent }[] = [];
    for (let i = 0; i < 4; i++) got.push(await resumed.next());
    expect(got.map((e) => Number(e.id))).toEqual([1, 2, 3, 4].map((n) => Number(sync.id) + n));
    expect(got.map((e) => e.event.kind)).toEqual(['message', 'notification', 'message', 'notification']);
    expect(got.flatMap((e) => (e.event.kind === 'message' ? [e.event.message.id] : []))).toEqual(
      missed.map((m) => m.id),
    );
    expect(await resumed.quietFor(300)).toBe(true);

    const live = await replyAs(vendor, threadId, 'Third, while you watch');
    const next = await resumed.next();
    expect(next.id).toBe(String(Number(sync.id) + 5));
    expect(next.event.kind === 'message' && next.event.message.id).toBe(live.id);
    await resumed.end();
  });

  it('resuming from the newest id sends nothing until something happens', async () => {
    const { customer, vendor, threadId } = await conversation();
    await replyAs(vendor, threadId, 'Hello');
    const current = String(await lastLiveSeq(h.db, customer.user.id));
    const stream = await subscribe(customer, current);
    expect(await stream.quietFor(300)).toBe(true);
    await replyAs(vendor, threadId, 'Anyone there?');
    expect((await stream.next()).id).toBe(String(Number(current) + 1));
    await stream.end();
  });

  it('answers sync to a lastEventId older than the events kept, or one never issued', async () => {
    const { customer, vendor, threadId } = await conversation();
    for (const text of ['One', 'Two', 'Three']) await replyAs(vendor, threadId, text);
    const current = await lastLiveSeq(h.db, customer.user.id);
    expect(current).toBe(6);
    // Retention removed the oldest events: resuming from 1 would skip 2 and 3.
    await h.db
      .deleteFrom('liveEvents')
      .where('userId', '=', customer.user.id)
      .where('seq', '<=', 3)
      .execute();
    for (const lastEventId of ['1', '7', '999999', 'not-a-number']) {
      const stream = await subscribe(customer, lastEventId);
      const first = await stream.next();
      expect(first.event.kind, `lastEventId ${lastEventId}`).toBe('sync');
      expect(first.id).toBe(String(current));
      expect(first.event.unread).toEqual({ messages: 3, notifications: 1 });
      expect(await stream.quietFor(200)).toBe(true);
      await stream.end();
    }
    // From 3, the first kept event (4) follows at once: a replay, not a sync.
    const stream = await subscribe(customer, '3');
    expect((await stream.next()).id).toBe('4');
    await stream.end();
  });

  it('is refused to guests', async () => {
    await expect(h.anonymous().caller.messages.events({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/messages/events', () => {
  let app: FastifyInstance;
  let base: string;
  const opened: SseConnection[] = [];

  async function listen(deps: AppDeps): Promise<{ app: FastifyInstance; base: string }> {
    const server = await buildServer(deps);
    await server.listen({ port: 0, host: '127.0.0.1' });
    return { app: server, base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
  }

  const cookieOf = (p: Party) => ({ cookie: `simchahub_session=${p.token}` });

  /** The status of an answer that must not be a stream. */
  async function refusal(at: string, headers: Record<string, string>) {
    const { stream, refused } = await SseConnection.open(`${at}/api/messages/events`, headers);
    stream?.close();
    if (!refused) throw new Error('expected a refusal, got a stream');
    return refused;
  }

  /** A stream that must open. */
  async function stream(at: string, p: Party, headers: Record<string, string> = {}, query = '') {
    const { stream: sse, refused } = await SseConnection.open(`${at}/api/messages/events${query}`, {
      ...cookieOf(p),
      ...headers,
    });
    if (!sse) throw new Error(`expected a stream, got ${refused.status}: ${refused.body}`);
    opened.push(sse);
    return sse;
  }

  beforeAll(async () => {
    ({ app, base } = await listen(h.deps));
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await app?.close();
  });

  it('answers 401 with the JSON error to guests, and to a cookie of no session', async () => {
    for (const headers of [{}, { cookie: 'simchahub_session=not-a-session' }] as Record<string, string>[]) {
      const res = await refusal(base, headers);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'UNAUTHORIZED',
          message: 'Please sign in to continue',
          ...messageCodeFields('Please sign in to continue'),
        },
      });
    }
  });

  it('streams sync, then each event as id, event and JSON data, with the headers a proxy needs', async () => {
    const { customer, vendor, threadId } = await conversation();
    const sse = await stream(base, customer);
    expect(sse.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(sse.headers['cache-control']).toContain('no-cache');
    expect(sse.headers['cache-control']).toContain('no-transform');
    expect(sse.headers['x-accel-buffering']).toBe('no');
    expect(sse.headers['content-encoding']).toBeUndefined();

    const sync = await sse.next(5000);
    expect(sse.parser.retry).toBe(3000);
    expect(sync).toEqual({
      id: String(await lastLiveSeq(h.db, customer.user.id)),
      event: 'sync',
      data: JSON.stringify({ kind: 'sync', unread: { messages: 0, notifications: 0 } }),
    });

    const sent = await replyAs(vendor, threadId, 'We have the date');
    const frame = await sse.next(5000);
    expect(frame?.event).toBe('message');
    expect(frame?.id).toBe(String(Number(sync?.id) + 1));
    const data = JSON.parse(frame?.data ?? '{}');
    expect(data).toMatchObject({
      kind: 'message',
      threadId,
      message: { id: sent.id, messageText: 'We have the date', mine: false, seenAt: null },
      // The totals as they are when the stream reads: the notification committed with the message.
      unread: { messages: 1, notifications: 1 },
    });
    // Plain JSON: dates are ISO strings, not superjson envelopes.
    expect(data.message.createdAt).toBe(sent.createdAt.toISOString());
    expect((await sse.next(5000))?.event).toBe('notification');
    sse.close();
  });

  it('resumes after Last-Event-ID (or ?lastEventId= without the header) with exactly the missed events', async () => {
    const { customer, vendor, threadId } = await conversation();
    const first = await stream(base, customer);
    const sync = await first.next(5000);
    first.close();
    const missed = await replyAs(vendor, threadId, 'Sent while the tab slept');

    for (const how of ['header', 'query'] as const) {
      const sse =
        how === 'header'
          ? await stream(base, customer, { 'last-event-id': String(sync?.id) })
          : await stream(base, customer, {}, `?lastEventId=${sync?.id}`);
      const message = await sse.next(5000);
      expect(message?.event, how).toBe('message');
      expect(message?.id).toBe(String(Number(sync?.id) + 1));
      expect(JSON.parse(message?.data ?? '{}').message.id).toBe(missed.id);
      expect((await sse.next(5000))?.id).toBe(String(Number(sync?.id) + 2));
      await expect(sse.next(300)).rejects.toThrow(/no event/);
      sse.close();
    }
  });

  it('lets any signed-in user stream, admins included', async () => {
    const admin = await party('admin');
    const sse = await stream(base, admin);
    expect(JSON.parse((await sse.next(5000))?.data ?? '{}')).toEqual({
      kind: 'sync',
      unread: { messages: 0, notifications: 0 },
    });
    sse.close();
  });

  it('lets go of the stream when the client disconnects', async () => {
    const customer = await party('customer');
    const before = h.deps.live.streamCount;
    const sse = await stream(base, customer);
    await sse.next(5000);
    expect(h.deps.live.streamCount).toBe(before + 1);
    sse.close();
    for (let i = 0; i < 50 && h.deps.live.streamCount > before; i++) await sleep(20);
    expect(h.deps.live.streamCount).toBe(before);
  });

  it('ends every stream when the server begins to drain, and refuses new ones', async () => {
    const lifecycle = new Lifecycle();
    const draining = await listen({ ...h.deps, lifecycle });
    try {
      const customer = await party('customer');
      const sse = await stream(draining.base, customer);
      await sse.next(5000);
      expect(await sse.endedWithin(300)).toBe(false);
      lifecycle.beginDrain();
      expect(await sse.endedWithin(3000)).toBe(true);
      expect(sse.error).toBeNull();
      expect((await refusal(draining.base, cookieOf(customer))).status).toBe(503);
    } finally {
      await draining.app.close();
    }
  });

  it('ends a stream once its session is gone (signed out)', async () => {
    const checking = await listen({ ...h.deps, config: { ...h.deps.config, liveSessionCheckMs: 150 } });
    try {
      const customer = await party('customer');
      const sse = await stream(checking.base, customer);
      await sse.next(5000);
      expect(await sse.endedWithin(600)).toBe(false);
      await h.db.deleteFrom('sessions').where('id', '=', customer.sessionId).execute();
      expect(await sse.endedWithin(3000)).toBe(true);
      expect((await refusal(checking.base, cookieOf(customer))).status).toBe(401);
    } finally {
      await checking.app.close();
    }
  });
});
