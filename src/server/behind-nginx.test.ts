import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http2, { type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from './demo/factories';
import { createPostgresDb, type DbHandle } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';
import { customerVendorThread, sessionCookie } from './test/fixtures';
import { type AccessLogLine, hasOpenssl, nginxBinary, type RunningNginx, startNginx } from './test/nginx';
import { freePort } from './test/private-postgres';
import { startProcess, stopProcesses, type WatchedProcess, waitForHealth } from './test/server-process';
import { type SseFrame, SseParser } from './test/sse-client';
import { imageForm, phoneJpeg } from './test/uploads';

/**
 * Two server processes on one PostgreSQL behind real nginx, on the committed configuration
 * (deploy/nginx/simchahub.conf, placeholders filled in) with a self-signed certificate, the app
 * driven through https://127.0.0.1:<port> as a browser would: HTTP/2, event streams, forwarded
 * addresses, and a server stopped under load. Needs a PostgreSQL server (TEST_DATABASE_URL) and
 * nginx (CI installs Debian's).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const nginx = nginxBinary();
const skipReason = !adminUrl
  ? 'TEST_DATABASE_URL is not set'
  : !nginx
    ? 'nginx is not installed (apt-get install nginx)'
    : !hasOpenssl()
      ? 'openssl is not installed (apt-get install openssl)'
      : null;
if (skipReason) console.info(`behind-nginx.test.ts skipped: ${skipReason}`);

const SUGGESTIONS_PER_MINUTE = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

/** One HTTP/2 connection to nginx, from `localAddress` (any 127.x.y.z is this machine on Linux). */
async function connect(base: string, localAddress = '127.0.0.1'): Promise<ClientHttp2Session> {
  // The certificate is the test's own, self-signed: trusted by this client only.
  const session = http2.connect(base, {
    rejectUnauthorized: false,
    localAddress,
  } as http2.SecureClientSessionOptions);
  session.on('error', () => {});
  await once(session, 'connect');
  return session;
}

function request(
  session: ClientHttp2Session,
  method: string,
  pathname: string,
  options: { headers?: Record<string, string>; body?: unknown; raw?: Buffer; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const stream = session.request({
      ':method': method,
      ':path': pathname,
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    });
    stream.setTimeout(options.timeoutMs ?? 20_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      headers = h;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve({ status: Number(headers[':status'] ?? 0), headers, body: bytes.toString('utf8'), bytes });
    });
    stream.on('error', reject);
    stream.end(payload);
  });
}

/** A tab's live event stream (GET /api/messages/events) as one stream of an HTTP/2 connection. */
class Tab {
  readonly frames: SseFrame[] = [];
  status = 0;
  readonly #stream: http2.ClientHttp2Stream;
  #wake: (() => void) | null = null;

  constructor(session: ClientHttp2Session, cookie: string, tag: string) {
    const parser = new SseParser();
    this.#stream = session.request({
      ':path': '/api/messages/events',
      accept: 'text/event-stream',
      cookie,
      'x-test-tag': tag,
    });
    this.#stream.setEncoding('utf8');
    this.#stream.on('response', (h) => {
      this.status = Number(h[':status']);
    });
    this.#stream.on('data', (text: string) => {
      this.frames.push(...parser.push(text));
      this.#wake?.();
    });
    this.#stream.on('error', () => {});
  }

  async waitFor(check: (frames: SseFrame[]) => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.frames)) {
      if (Date.now() > deadline)
        throw new Error(`${what} within ${timeoutMs} ms: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.#stream.close(http2.constants.NGHTTP2_CANCEL);
  }
}

describe.skipIf(skipReason !== null)('two servers on one PostgreSQL behind nginx (TLS, HTTP/2)', () => {
  const name = `simchahub_nginx_${randomBytes(5).toString('hex')}`;
  let admin: DbHandle;
  let handle: DbHandle;
  let proxy: RunningNginx;
  const servers: { proc: WatchedProcess; address: string }[] = [];
  const dataDirs: string[] = [];

  const cookieOf = (userId: string) => sessionCookie(handle.db, userId);

  /** nginx's access log once it holds what `check` looks for: it writes a line after the answer went out. */
  const logWhen = async (check: (log: AccessLogLine[]) => boolean): Promise<AccessLogLine[]> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const log = await proxy.accessLog();
      if (check(log) || Date.now() > deadline) return log;
      await sleep(50);
    }
  };

  beforeAll(async () => {
    admin = createPostgresDb(adminUrl as string, { max: 1 });
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    handle = createPostgresDb(url.toString(), { max: 4 });
    await migrateToLatest(handle.db);

    const httpsPort = await freePort();
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-nginx-data-'));
      dataDirs.push(dataDir);
      const proc = startProcess(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `https://127.0.0.1:${httpsPort}`,
        // nginx is the one hop in front: the address it appends to X-Forwarded-For is the client's.
        TRUST_PROXY: '1',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        // No built client: with one, each server first draws its pages (30 s more here). The
        // built files' caching is the app's (doors/pages/static.ts); nginx passes it through.
        CLIENT_DIR: '/nonexistent-client-build',
        DATA_DIR: dataDir,
        SUGGESTIONS_PER_MINUTE: String(SUGGESTIONS_PER_MINUTE),
        MESSAGES_PER_MINUTE: '100000',
      });
      servers.push({ proc, address: `127.0.0.1:${port}` });
    }
    [proxy] = await Promise.all([
      startNginx({ appServers: servers.map((s) => s.address), httpsPort }),
      ...servers.map((s) => waitForHealth(`http://${s.address}`, s.proc, 90_000)),
    ]);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await stopProcesses(servers.map((s) => s.proc));
    await handle?.db.destroy();
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await admin?.db.destroy();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }, 60_000);

  it('eight tabs of one user hold their streams over one HTTP/2 connection, and a reply sent through one server reaches the tabs held on the other', async () => {
    const { customer, vendorUser, thread } = await customerVendorThread(handle.db);

    // One browser: one connection, eight tabs, each with its live stream open at once.
    const browser = await connect(proxy.baseUrl);
    const vendorBrowser = await connect(proxy.baseUrl);
    const tabs: Tab[] = [];
    try {
      expect(browser.alpnProtocol).toBe('h2');
      const customerCookie = await cookieOf(customer.id);
      for (let i = 0; i < 8; i++) {
        const tab = new Tab(browser, customerCookie, `tab-${i}`);
        tabs.push(tab);
        // One after the other, so nginx's least_conn deals them out to both servers.
        await tab.waitFor((f) => f.some((frame) => frame.event === 'sync'), 10_000, `tab ${i} got no sync`);
      }
      expect(tabs.map((t) => t.status)).toEqual(Array(8).fill(200));

      // The vendor replies from a browser of their own (Origin as a browser sends it: the app sees
      // X-Forwarded-Proto and the Host with its port, so its own-origin check passes).
      const reply = await request(vendorBrowser, 'POST', `/api/messages/${thread.id}/reply`, {
        headers: {
          cookie: await cookieOf(vendorUser.id),
          origin: proxy.baseUrl,
          'idempotency-key': randomUUID(),
          'x-test-tag': 'reply',
        },
        body: { messageText: 'Mazal tov! We are free on the 3rd.', messageType: 'text' },
      });
      expect(reply.status, reply.body).toBe(201);
      const messageId = (JSON.parse(reply.body) as { id: string }).id;
      for (const [i, tab] of tabs.entries()) {
        await tab.waitFor(
          (frames) =>
            frames.some((f) => f.event === 'message' && JSON.parse(f.data).message.id === messageId),
          10_000,
          `tab ${i} did not get the reply`,
        );
      }
      // Every tab is still open: none was ended to make room for another.
      expect(browser.closed).toBe(false);
    } finally {
      for (const tab of tabs) tab.close();
      browser.close();
      vendorBrowser.close();
    }

    // nginx logs each request as it ends: which server held each tab, which one took the reply.
    const log = await logWhen((lines) => lines.filter((l) => l.tag.startsWith('tab-')).length >= 8);
    const tabLines = log.filter((l) => l.tag.startsWith('tab-'));
    const replyLine = log.find((l) => l.tag === 'reply');
    expect(tabLines).toHaveLength(8);
    expect(new Set(tabLines.map((l) => l.protocol))).toEqual(new Set(['HTTP/2.0']));
    const tabServers = new Set(tabLines.map((l) => l.upstream));
    expect(tabServers).toEqual(new Set(servers.map((s) => s.address)));
    expect(replyLine?.protocol).toBe('HTTP/2.0');
    expect(servers.map((s) => s.address)).toContain(replyLine?.upstream);
    // Tabs on the server that did not take the reply got it all the same (through PostgreSQL).
    expect(tabLines.filter((l) => l.upstream !== replyLine?.upstream).length).toBeGreaterThan(0);
  }, 60_000);

  it("passes the app's own headers through: security headers, and caching the proxy leaves alone", async () => {
    const session = await connect(proxy.baseUrl);
    try {
      const health = await request(session, 'GET', '/api/health');
      expect(health.status).toBe(200);
      // HSTS comes from the app (NODE_ENV=production) and arrives once, as the app wrote it.
      expect(health.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      session.close();
    }
  });

  it('serves through one server an image uploaded through the other (files in PostgreSQL)', async () => {
    const user = await createUser(handle.db, { role: 'customer' });
    const session = await connect(proxy.baseUrl);
    try {
      const form = imageForm(await phoneJpeg(400, 300));
      const upload = await request(session, 'POST', '/api/upload', {
        headers: { ...form.headers, cookie: await cookieOf(user.id), 'x-test-tag': 'upload' },
        raw: form.payload,
      });
      expect(upload.status, upload.body).toBe(201);
      const url = (JSON.parse(upload.body) as { url: string }).url;
      const log = await logWhen((lines) => lines.some((l) => l.tag === 'upload'));
      const took = log.find((l) => l.tag === 'upload')?.upstream;
      const other = servers.find((s) => s.address !== took) as (typeof servers)[0];
      expect(other).toBeDefined();
      // Straight from the server that did not take the upload, and through nginx: the same bytes.
      const direct = await fetch(`http://${other.address}${url}`);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      const proxied = await request(session, 'GET', url);
      expect(proxied.status).toBe(200);
      expect(proxied.bytes.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
      expect(proxied.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      session.close();
    }
  });

  it("counts rate limits by the client's address, not nginx's, and a forged X-Forwarded-For does not escape them", async () => {
    const first = await connect(proxy.baseUrl, '127.0.0.1');
    const second = await connect(proxy.baseUrl, '127.0.0.2');
    try {
      const suggest = (session: ClientHttp2Session, headers: Record<string, string> = {}) =>
        request(session, 'GET', '/api/vendors/suggestions?q=ph', { headers }).then((a) => a.status);
      const statuses: number[] = [];
      for (let i = 0; i < SUGGESTIONS_PER_MINUTE + 1; i++) statuses.push(await suggest(first));
      expect(statuses).toEqual([...Array(SUGGESTIONS_PER_MINUTE).fill(200), 429]);
      // The same client naming another address: nginx appends the real one, which the app takes.
      expect(await suggest(first, { 'x-forwarded-for': '198.51.100.7' })).toBe(429);
      // Another client, through the same nginx to the same two servers, is not held back.
      expect(await suggest(second)).toBe(200);
      const suggestions = (log: AccessLogLine[]) => log.filter((l) => l.request.includes('suggestions'));
      const log = await logWhen((lines) => suggestions(lines).length >= SUGGESTIONS_PER_MINUTE + 3);
      expect(new Set(suggestions(log).map((l) => l.remote))).toEqual(new Set(['127.0.0.1', '127.0.0.2']));
    } finally {
      first.close();
      second.close();
    }
  });

  it('a server stopped (SIGTERM) under write load loses no acknowledged write, and the other keeps serving', async () => {
    const user = await createUser(handle.db, { role: 'customer' });
    const event = await createEvent(handle.db, user.id);
    const cookie = await cookieOf(user.id);
    const session = await connect(proxy.baseUrl);
    const stopped = servers[1] as (typeof servers)[0];

    interface Outcome {
      method: string;
      status: number;
      error: string | null;
      at: number;
      title?: string;
      id?: string;
    }
    const outcomes: Outcome[] = [];
    let running = true;
    let n = 0;
    const writer = async () => {
      while (running) {
        const title = `Load task ${n++}`;
        const at = Date.now();
        try {
          const answer = await request(session, 'POST', `/api/events/${event.id}/tasks`, {
            headers: { cookie, 'idempotency-key': randomUUID(), 'x-test-tag': 'load' },
            body: { title },
          });
          const id = answer.status === 201 ? (JSON.parse(answer.body) as { id: string }).id : undefined;
          outcomes.push({ method: 'POST', status: answer.status, error: null, at, title, id });
        } catch (error) {
          outcomes.push({ method: 'POST', status: 0, error: String(error), at, title });
        }
      }
    };
    const reader = async () => {
      while (running) {
        const at = Date.now();
        try {
          const answer = await request(session, 'GET', `/api/events/${event.id}/tasks`, {
            headers: { cookie },
          });
          outcomes.push({ method: 'GET', status: answer.status, error: null, at });
        } catch (error) {
          outcomes.push({ method: 'GET', status: 0, error: String(error), at });
        }
      }
    };
    const load = Promise.all([...Array.from({ length: 6 }, writer), ...Array.from({ length: 2 }, reader)]);
    let exitedAt = 0;
    try {
      await sleep(1500);
      stopped.proc.child.kill('SIGTERM');
      const exit = await stopped.proc.exited;
      exitedAt = Date.now();
      expect(exit).toEqual({ code: 0, signal: null });
      await sleep(3000);
    } finally {
      running = false;
      await load;
      session.close();
    }

    const writes = outcomes.filter((o) => o.method === 'POST');
    const acknowledged = writes.filter((o) => o.status === 201);
    const stored = await handle.db
      .selectFrom('tasks')
      .select(['id', 'title'])
      .where('eventId', '=', event.id)
      .execute();
    const storedIds = new Set(stored.map((t) => t.id));
    // Every acknowledged write is there; nothing was stored twice.
    expect(acknowledged.filter((o) => !storedIds.has(o.id as string))).toEqual([]);
    expect(new Set(stored.map((t) => t.title)).size).toBe(stored.length);
    // Until the stopped server had exited, a request nginx passed to it on a kept-alive connection
    // could get its 503 "The server is restarting" (nginx retries reads on another server only when
    // a server cannot be reached, not on the app's 503), and a write nginx had sent when the
    // connection dropped its 502. Nothing else: no 500, no request left unanswered.
    const failed = outcomes.filter((o) => o.status !== 200 && o.status !== 201);
    expect(failed.filter((o) => o.status !== 503 && !(o.method === 'POST' && o.status === 502))).toEqual([]);
    expect(failed.filter((o) => o.at > exitedAt)).toEqual([]);
    // Load before the stop, and the other server serving every request after it.
    expect(acknowledged.filter((o) => o.at < exitedAt).length).toBeGreaterThan(10);
    // The stopped server had its share of the writes (nginx logs each with the server it went to).
    const log = await logWhen((lines) => lines.filter((l) => l.tag === 'load').length >= writes.length);
    const onStopped = log.filter(
      (l) => l.tag === 'load' && l.upstream === stopped.address && l.status === 201,
    );
    expect(onStopped.length).toBeGreaterThan(0);
    const after = outcomes.filter((o) => o.at > exitedAt + 100);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((o) => o.status !== 200 && o.status !== 201)).toEqual([]);
    console.info(
      `behind nginx, one server stopped under load: ${acknowledged.length} writes acknowledged and stored, ${failed.length} requests refused while it drained, ${outcomes.length - writes.length} reads, ${after.length} requests after the stop`,
    );
  }, 60_000);
});
