import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../demo/factories';
import { createPostgresDb, type DbHandle } from '../../platform/db/create-db';
import { migrateToLatest } from '../../platform/db/migrate';
import { customerVendorThread, sessionCookie } from '../../test/fixtures';
import {
  createPrivatePostgres,
  freePort,
  type PrivatePostgres,
  postgresBinDir,
} from '../../test/private-postgres';
import {
  compileServer,
  startProcess,
  stopProcesses,
  type WatchedProcess,
  waitForHealth,
} from '../../test/server-process';
import { ReconnectingSseClient, SseConnection, type SseFrame } from '../../test/sse-client';

/**
 * Live messages across server processes, as a deployment with several instances runs them: the
 * compiled server twice on one PostgreSQL, a customer's stream held on one, the vendor replying
 * through the other; then PostgreSQL restarts under them. The database is a private server (it is
 * restarted), so this needs the PostgreSQL binaries; CI runs it in the PostgreSQL pass.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && postgresBinDir() !== null;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!enabled)('live messages across two server processes on one PostgreSQL', () => {
  let pg: PrivatePostgres;
  let handle: DbHandle;
  let build: { dir: string; remove: () => Promise<void> };
  const servers: { proc: WatchedProcess; base: string }[] = [];
  const dataDirs: string[] = [];

  const cookieOf = (userId: string) => sessionCookie(handle.db, userId);

  beforeAll(async () => {
    [pg, build] = await Promise.all([
      createPrivatePostgres().then(async (server) => {
        await server.start();
        return server;
      }),
      compileServer(),
    ]);
    // The test's own pool sees the restart too: a dropped idle connection is expected, not news.
    handle = createPostgresDb(pg.url, { max: 2, statementTimeoutMs: 0, onConnectionError: () => {} });
    await migrateToLatest(handle.db);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-live-'));
      dataDirs.push(dataDir);
      const proc = startProcess(process.execPath, [path.join(build.dir, 'main.js')], {
        ...process.env,
        DATABASE_URL: pg.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO_DATA: 'false',
        // Process A says when its listening connection is lost and back (info).
        LOG_LEVEL: i === 0 ? 'info' : 'warn',
        CLIENT_DIR: '/nonexistent-client-build',
        DATA_DIR: dataDir,
        MESSAGES_PER_MINUTE: '100000',
      });
      servers.push({ proc, base: `http://127.0.0.1:${port}` });
    }
    await Promise.all(servers.map((s) => waitForHealth(s.base, s.proc, 60_000)));
  }, 180_000);

  afterAll(async () => {
    await stopProcesses(servers.map((s) => s.proc));
    await handle?.db.destroy();
    await pg?.destroy();
    await build?.remove();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }, 60_000);

  it('a reply sent to one process reaches a stream held on the other, before and after a PostgreSQL restart, and a tab resumes on either', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const { customer, vendorUser, thread } = await customerVendorThread(handle.db);
    const customerCookie = await cookieOf(customer.id);
    const vendorCookie = await cookieOf(vendorUser.id);

    // The customer's tab, on process A, reconnecting with its last id whenever the stream breaks.
    const frames: SseFrame[] = [];
    let wake: (() => void) | null = null;
    const client = new ReconnectingSseClient(
      `${a.base}/api/messages/events`,
      { cookie: customerCookie },
      (frame) => {
        frames.push(frame);
        wake?.();
      },
      250,
    );
    const messageIds = () =>
      frames.filter((f) => f.event === 'message').map((f) => JSON.parse(f.data).message.id as string);
    const waitFor = async (check: () => boolean, timeoutMs: number, what: string) => {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline)
          throw new Error(`${what} within ${timeoutMs} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    };

    /** The vendor's reply through process B's REST path, sent again with its key until it is answered. */
    const reply = async (messageText: string, timeoutMs: number): Promise<string> => {
      const key = randomUUID();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await fetch(`${b.base}/api/messages/${thread.id}/reply`, {
          method: 'POST',
          headers: { cookie: vendorCookie, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ messageText, messageType: 'text' }),
        }).catch(() => null);
        if (res?.ok) return ((await res.json()) as { id: string }).id;
        if (res && res.status !== 503) throw new Error(`reply answered ${res.status}: ${await res.text()}`);
        if (Date.now() > deadline) throw new Error(`no reply accepted within ${timeoutMs} ms`);
        await sleep(250);
      }
    };

    try {
      await waitFor(() => frames.some((f) => f.event === 'sync'), 10_000, 'no sync');
      const first = await reply('Mazal tov! We are free on the 3rd.', 10_000);
      await waitFor(() => messageIds().includes(first), 10_000, 'the first reply did not arrive');

      await pg.restart('fast');
      // Process A's listening connection was cut: it says so, and listens again after the restart.
      await a.proc.waitForOutput(/Live updates: listening connection lost/, 10_000);
      await a.proc.waitForOutput(/Live updates: listening again/, 30_000);
      await waitForHealth(b.base, b.proc, 30_000);
      const second = await reply('Shall we meet on Sunday to go over the shot list?', 30_000);
      await waitFor(
        () => messageIds().includes(second),
        20_000,
        'the reply after the restart did not arrive',
      );
      // Anything late or doubled would show up now.
      await sleep(1000);

      expect(messageIds()).toEqual([first, second]);
      const ids = frames.map((f) => Number(f.id));
      expect(ids).toEqual([...new Set(ids)].sort((x, y) => x - y));
      const stored = await handle.db
        .selectFrom('messages')
        .select('id')
        .where('threadId', '=', thread.id)
        .orderBy('createdAt')
        .execute();
      expect(stored.map((m) => m.id)).toEqual([first, second]);
      const last = frames.at(-1);
      expect(JSON.parse(last?.data ?? '{}').unread.messages).toBe(2);
      // Either the stream stayed open through the restart, or the client came back with its last id.
      expect(client.connections).toBeGreaterThanOrEqual(1);
      expect(client.refusals.filter((s) => s !== 503)).toEqual([]);
    } finally {
      await client.close();
    }

    // The tab closes; a reply comes meanwhile; the tab comes back on the other process with its last id.
    const missed = await reply('Also: do you need a second shooter?', 10_000);
    const { stream } = await SseConnection.open(`${b.base}/api/messages/events`, {
      cookie: customerCookie,
      'last-event-id': client.lastEventId ?? '',
    });
    if (!stream) throw new Error('expected a stream on process B');
    try {
      const replayed = await stream.next(10_000);
      expect(replayed?.id).toBe(String(Number(client.lastEventId) + 1));
      expect(JSON.parse(replayed?.data ?? '{}').message.id).toBe(missed);
      expect((await stream.next(10_000))?.event).toBe('notification');
      await expect(stream.next(500)).rejects.toThrow(/no event/);
    } finally {
      stream.close();
    }
  }, 120_000);

  it('a session ended through one process ends its streams on the other within a second', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const user = await createUser(handle.db, { role: 'customer' });
    const freshCookie = () => cookieOf(user.id);
    const post = (base: string, url: string, cookie: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });
    // Each way, the stream is held on process A and the session ended through process B, whose
    // periodic check is a minute away.
    for (const end of [
      async (streamed: string) => post(b.base, '/api/auth/logout', streamed),
      async () => post(b.base, '/api/auth/sessions/sign-out-others', await freshCookie()),
    ]) {
      const streamed = await freshCookie();
      const { stream } = await SseConnection.open(`${a.base}/api/messages/events`, { cookie: streamed });
      if (!stream) throw new Error('expected a stream on process A');
      try {
        expect((await stream.next(10_000))?.event).toBe('sync');
        expect(await stream.endedWithin(300)).toBe(false);
        expect((await end(streamed)).status).toBe(200);
        expect(await stream.endedWithin(1000)).toBe(true);
      } finally {
        stream.close();
      }
    }
  }, 60_000);
});
