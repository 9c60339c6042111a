/**
 * Front-end benchmark, against the speed budgets of the front-end issue, on the production build as
 * `npm start` serves it (dist/server/main.js on a fresh embedded database with demo data):
 *
 *   (a) bytes per page: each page loaded once in Chromium (playwright-core); every HTML, JS and CSS
 *       response is listed from the Resource Timing entries with its size on the wire and its gzip
 *       size (the file compressed here at zlib's default level, whatever the server sent), split into
 *       what had arrived before the first contentful paint, before the largest contentful paint,
 *       and in total once the network is quiet;
 *   (b) Lighthouse 12, mobile (its default: emulated phone, simulated slow 4G and a 4x slower CPU),
 *       performance and accessibility, RUNS runs per page, medians;
 *   (c) moves between signed-in pages once the app is loaded (measureMoves below).
 *
 *   npm run bench:frontend          (builds first)
 *   RUNS=3  PAGES=landing,marketplace,moves  CHROMIUM=/usr/bin/chromium
 *
 * Writes bench/results/frontend.json: scores and key metrics only, never a report.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { pageWeight, readBudgets, readManifest } from './lib/page-weight';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

type Account = 'customer' | 'vendor' | 'admin';

interface Page {
  name: string;
  path: string;
  /** Whose session the page is loaded with (a demo account), or null for a visitor. */
  account: Account | null;
  /** The budget entry (bench/budgets.json) whose build-derived size is reported beside. */
  budget: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html'))
    throw new Error('Build first: npx vite build');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-bench-frontend-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_URL: base,
      SMTP_URL: '',
      NODE_ENV: 'production',
      // Chromium and Lighthouse share two cores with the server: no load shedding mid-run.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A demo account's session cookie (name=value). */
async function signIn(base: string, account: Account): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${account}@simchahub.com`, password: 'simcha123' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('simchahub_session='));
  if (!res.ok || !cookie) throw new Error(`demo sign-in failed: ${res.status}`);
  return cookie.split(';')[0] as string;
}

async function demoVendorId(base: string): Promise<string> {
  const res = await fetch(`${base}/api/vendors?page_size=1`);
  const body = (await res.json()) as { vendors?: { id: string }[]; items?: { id: string }[] };
  const id = (body.vendors ?? body.items)?.[0]?.id;
  if (!id) throw new Error(`no demo vendor in ${JSON.stringify(body).slice(0, 200)}`);
  return id;
}

/**
 * A household's RSVP page (/rsvp/{token}, drawn by the server with no script): a household of three
 * on the demo customer's first event, made through the REST doors, and its personal link. Null (the
 * page is left out, with a warning) when the guest list's doors are not there.
 */
async function demoRsvpPath(base: string, cookie: string): Promise<string | null> {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  try {
    const events = (await call('GET', '/api/events')) as unknown as
      | { id: string }[]
      | { events: { id: string }[] };
    const eventId = (Array.isArray(events) ? events : events.events)[0]?.id;
    if (!eventId) throw new Error('the demo customer has no event');
    const household = await call('POST', `/api/events/${eventId}/households`, {
      name: 'The Katz family',
      plusOnesAllowed: 1,
    });
    for (const name of ['Sarah Katz', 'Yossi Katz', 'Leah Katz']) {
      await call('POST', `/api/events/${eventId}/guests`, { name, householdId: household.id });
    }
    const { url } = await call('POST', `/api/households/${household.id}/invitation`);
    return new URL(String(url)).pathname;
  } catch (error) {
    console.warn(`RSVP page left out: ${(error as Error).message}`);
    return null;
  }
}

type Kind = 'html' | 'js' | 'css';
type Sizes = Record<Kind, { wire: number; gzip: number; files: number }>;

const emptySizes = (): Sizes => ({
  html: { wire: 0, gzip: 0, files: 0 },
  js: { wire: 0, gzip: 0, files: 0 },
  css: { wire: 0, gzip: 0, files: 0 },
});

const gzipCache = new Map<string, number>();
async function gzipOf(url: string, cookie: string | null): Promise<number> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  const size = gzipSync(Buffer.from(await res.arrayBuffer())).length;
  gzipCache.set(url, size);
  return size;
}

interface Loaded {
  fcpMs: number;
  lcpMs: number;
  beforeFcp: Sizes;
  beforeLcp: Sizes;
  total: Sizes;
}

/** (a): one load in Chromium, the page's HTML, JS and CSS by the time they arrived. */
async function measureBytes(base: string, page: Page, url: string, cookie: string | null): Promise<Loaded> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    if (cookie) {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
    }
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(500);
    const timing = await tab.evaluate(async () => {
      const lcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 1000);
      });
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (r) => ({
          name: r.name,
          end: r.responseEnd,
          wire: r.transferSize,
        }),
      );
      return {
        fcp,
        lcp,
        resources: [{ name: location.href, end: nav.responseEnd, wire: nav.transferSize }, ...resources],
      };
    });
    if (!timing.fcp) throw new Error(`${page.name}: no first contentful paint`);
    const result: Loaded = {
      fcpMs: Math.round(timing.fcp),
      lcpMs: Math.round(timing.lcp),
      beforeFcp: emptySizes(),
      beforeLcp: emptySizes(),
      total: emptySizes(),
    };
    for (const [i, r] of timing.resources.entries()) {
      const pathname = new URL(r.name).pathname;
      const kind: Kind | null =
        i === 0 ? 'html' : pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : null;
      if (!kind) continue;
      const gzip = await gzipOf(r.name, cookie);
      const add = (sizes: Sizes) => {
        sizes[kind].wire += r.wire;
        sizes[kind].gzip += gzip;
        sizes[kind].files += 1;
      };
      add(result.total);
      if (r.end <= timing.fcp) add(result.beforeFcp);
      if (r.end <= Math.max(timing.lcp, timing.fcp)) add(result.beforeLcp);
    }
    return result;
  } finally {
    await browser.close();
  }
}

/**
 * (c) Moving between signed-in pages after the first load: the demo customer opens their home, and
 * clicks through the navigation (Events, Calendar, Messages, Profile, Home, twice round), each time
 * timing from the click to the new page's heading on screen, and to its content (no skeleton and no
 * busy region left in the main area). In Chromium at the phone's width, with the CPU slowed
 * `cpuSlowdown` times (Lighthouse's phone is 4x). The first round finds pages not yet visited (their
 * code and data to fetch); the second finds them in the cache.
 */
const MOVES = ['/events', '/calendar', '/messages', '/profile', '/dashboard'];
async function measureMoves(base: string, cookie: string, cpuSlowdown: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await tab.goto(`${base}/dashboard`, { waitUntil: 'networkidle' });
    const rounds: { to: string; headingMs: number; contentMs: number }[][] = [];
    for (let round = 0; round < 2; round++) {
      const moves: { to: string; headingMs: number; contentMs: number }[] = [];
      for (const to of MOVES) {
        const link = tab.locator(`nav a[href="${to}"]:visible`).first();
        const before = await tab.evaluate(() => document.querySelector('main h1')?.textContent ?? '');
        await link.click({ noWaitAfter: true });
        const started = await tab.evaluate(() => performance.now());
        const times = await tab.evaluate(
          async ({ path, before }) => {
            const begun = performance.now();
            let heading = 0;
            for (;;) {
              const h1 = document.querySelector('main h1');
              const there = location.pathname === path && h1 && h1.textContent !== before;
              if (there && !heading) heading = performance.now();
              const main = document.querySelector('main');
              const busy = main?.querySelector('.chakra-skeleton, [aria-busy="true"]');
              if (there && !busy) return { heading, content: performance.now(), begun };
              if (performance.now() - begun > 20_000) return { heading, content: Number.NaN, begun };
              await new Promise((r) => requestAnimationFrame(r));
            }
          },
          { path: to, before },
        );
        moves.push({
          to,
          headingMs: Math.round(times.heading - started),
          contentMs: Math.round(times.content - started),
        });
        await tab.waitForLoadState('networkidle');
      }
      rounds.push(moves);
    }
    return rounds;
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  totalBytes: number;
}

/**
 * (b): one Lighthouse run, mobile, in a Chromium of its own. Lighthouse sometimes loses the start of
 * the navigation in its trace (NO_NAVSTART, "Please run Lighthouse again"); such a run has no
 * figures at all, so it is repeated, up to three attempts, and the retries are counted.
 */
let lighthouseRetries = 0;
async function lighthouseRun(url: string, cookie: string | null): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseAttempt(url, cookie);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      lighthouseRetries += 1;
      console.warn(`${url}: Lighthouse lost the navigation start, running again`);
    }
  }
}

async function lighthouseAttempt(url: string, cookie: string | null): Promise<LighthouseRun> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      siMs: Math.round(audit('speed-index')),
      totalBytes: Math.round(audit('total-byte-weight')),
    };
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;
const compact = (s: Sizes) => ({
  jsGzipKB: kb(s.js.gzip),
  jsWireKB: kb(s.js.wire),
  jsFiles: s.js.files,
  cssGzipKB: kb(s.css.gzip),
  htmlGzipKB: kb(s.html.gzip),
});

async function main() {
  const server = await startServer();
  try {
    const cookies: Record<Account, string> = {
      customer: await signIn(server.base, 'customer'),
      vendor: await signIn(server.base, 'vendor'),
      admin: await signIn(server.base, 'admin'),
    };
    const vendorId = await demoVendorId(server.base);
    const all: Page[] = [
      { name: 'landing', path: '/', account: null, budget: 'landing' },
      { name: 'marketplace', path: '/marketplace', account: null, budget: 'marketplace' },
      { name: 'vendor-profile', path: `/vendor/${vendorId}`, account: null, budget: 'vendor-profile' },
      { name: 'sign-in', path: '/login-customer', account: null, budget: 'sign-in' },
      // The seven signed-in pages of the front-end issue, each with the account that works there.
      { name: 'customer-home', path: '/dashboard', account: 'customer', budget: 'customer-home' },
      { name: 'my-events', path: '/events', account: 'customer', budget: 'my-events' },
      { name: 'calendar', path: '/calendar', account: 'customer', budget: 'calendar' },
      { name: 'messages', path: '/messages', account: 'customer', budget: 'messages' },
      { name: 'profile', path: '/profile', account: 'customer', budget: 'profile' },
      { name: 'vendor-dashboard', path: '/vendor-dashboard', account: 'vendor', budget: 'vendor-dashboard' },
      { name: 'admin-dashboard', path: '/admin-dashboard', account: 'admin', budget: 'admin-dashboard' },
    ];
    const rsvpPath = await demoRsvpPath(server.base, cookies.customer);
    if (rsvpPath) all.push({ name: 'rsvp', path: rsvpPath, account: null, budget: 'rsvp' });
    const only = process.env.PAGES?.split(',');
    const pages = only ? all.filter((p) => only.includes(p.name)) : all;
    const manifest = readManifest();
    const budgets = readBudgets();
    const results: Record<string, unknown> = {};
    for (const page of pages) {
      const url = `${server.base}${page.path}`;
      const pageCookie = page.account ? cookies[page.account] : null;
      const bytes = await measureBytes(server.base, page, url, pageCookie);
      const budget = budgets[page.budget];
      const build = budget ? pageWeight(manifest, budget.routeModules) : null;
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, pageCookie));
      const med = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
      results[page.name] = {
        path: page.path.startsWith('/vendor/')
          ? '/vendor/<demo id>'
          : page.path.startsWith('/rsvp/')
            ? '/rsvp/<token>'
            : page.path,
        bytes: {
          buildJsBeforePaintGzipKB: build ? kb(build.jsGzipBytes) : null,
          budgetJsGzipKB: budget?.maxJsGzipKB ?? null,
          browserFcpMs: bytes.fcpMs,
          beforeFcp: compact(bytes.beforeFcp),
          beforeLcp: compact(bytes.beforeLcp),
          total: compact(bytes.total),
        },
        lighthouse: {
          runs: RUNS,
          performance: med('performance'),
          performanceRuns: runs.map((r) => r.performance),
          accessibility: med('accessibility'),
          fcpMs: med('fcpMs'),
          lcpMs: med('lcpMs'),
          tbtMs: med('tbtMs'),
          cls: med('cls'),
          siMs: med('siMs'),
          totalByteWeightKB: kb(med('totalBytes')),
        },
      };
      console.log(page.name, JSON.stringify(results[page.name]));
    }
    let moves: Record<string, unknown> | undefined;
    if (!only || only.includes('moves')) {
      moves = {};
      for (const cpuSlowdown of [1, 4]) {
        const rounds = await measureMoves(server.base, cookies.customer, cpuSlowdown);
        const first = rounds[0] ?? [];
        const second = rounds[1] ?? [];
        moves[`cpu${cpuSlowdown}x`] = {
          firstVisit: {
            medianHeadingMs: median(first.map((m) => m.headingMs)),
            medianContentMs: median(first.map((m) => m.contentMs)),
          },
          fromCache: {
            medianHeadingMs: median(second.map((m) => m.headingMs)),
            medianContentMs: median(second.map((m) => m.contentMs)),
            maxContentMs: Math.max(...second.map((m) => m.contentMs)),
          },
          rounds,
        };
        console.log(`moves at ${cpuSlowdown}x`, JSON.stringify(moves[`cpu${cpuSlowdown}x`]));
      }
    }
    const out = {
      date: new Date().toISOString().slice(0, 10),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
        node: process.version,
        chromium: CHROMIUM,
      },
      lighthouse: 'mobile defaults: simulated throttling (150 ms RTT, 1.6 Mbps, 4x CPU), Moto G Power screen',
      lighthouseRetries,
      pages: results,
      moves,
    };
    const file = process.env.OUT ?? 'bench/results/frontend.json';
    await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`Wrote ${file}`);
  } finally {
    await server.stop();
  }
}

await main();
