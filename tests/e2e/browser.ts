import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { PAGE_HYDRATED_EVENT } from '../../src/shared/app-scripts';
import { DRAWN_STYLE_ATTRIBUTE } from '../../src/shared/constants';
import { LANGUAGE, LOCALE, RIGHT_TO_LEFT, say, sayPattern } from './language';
import { layoutProblems, rightToLeftProblems, settle } from './layout-checks';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * A browser context's window at `viewport`, and the user agent a browser of that size sends: a phone
 * says it is one (the server draws a signed-in page for the width the user agent suggests until the
 * browser has said its own, decision 047), a desktop says what this Chromium says.
 */
export function windowOf(browser: Browser, viewport: ViewportName): BrowserContextOptions {
  return {
    viewport: VIEWPORTS[viewport],
    ...(viewport === 'phone'
      ? {
          userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`,
        }
      : {}),
  };
}

export const SCREENSHOT_DIR = path.resolve('tests/e2e/.tmp/screenshots');
/** Where this run's pictures go: the English run's at the top, another language's in its folder. */
export const RUN_SCREENSHOT_DIR = LANGUAGE === 'en' ? SCREENSHOT_DIR : path.join(SCREENSHOT_DIR, LANGUAGE);

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * What a browser context needs to ask for the run's language as a person's browser set to it does:
 * its locale (dates typed, navigator.language) and the Accept-Language header. Every context a
 * journey opens, through openSession or by itself, takes it.
 */
export const IN_RUN_LANGUAGE = {
  locale: LOCALE,
  extraHTTPHeaders: {
    'Accept-Language': LANGUAGE === 'en' ? 'en-US,en;q=0.9' : `${LOCALE},${LANGUAGE};q=0.9`,
  },
} as const;

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * A fresh browser context (no cookies) at a viewport, collecting console errors, whose browser asks
 * for the run's language (language.ts). With `scripts: false`, the page as the server sends it: no
 * script runs (a drawn page's checks). With `server`, the pages of a server the journey started
 * itself rather than the shared one.
 */
export async function openSession(
  browser: Browser,
  viewport: ViewportName = 'desktop',
  {
    scripts = true,
    server = baseUrl(),
    timezoneId,
  }: { scripts?: boolean; server?: string; timezoneId?: string } = {},
): Promise<Session> {
  const context = await browser.newContext({
    ...windowOf(browser, viewport),
    baseURL: server,
    javaScriptEnabled: scripts,
    ...(timezoneId ? { timezoneId } : {}),
    ...IN_RUN_LANGUAGE,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** The WCAG 2.0, 2.1 and 2.2 success criteria at levels A and AA, as axe-core tags its rules. */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let axeSource: Promise<string> | undefined;

function loadAxeSource(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('axe-core');
  axeSource ??= readFile(path.join(path.dirname(entry), 'axe.min.js'), 'utf8');
  return axeSource;
}

interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every finite animation of the page run to its end (at most 3 s): no fade or slide half done. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter(
        (a) =>
          a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
      );
    await Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  });
}

/**
 * Runs axe-core against the page as it stands and throws on any serious or critical violation of
 * WCAG 2.x A/AA, naming each rule, what it asks for and the elements that break it. The source is
 * evaluated through the DevTools protocol rather than added as a script element, so the app's
 * Content-Security-Policy stays fully on during the journeys.
 *
 * A toast on screen is checked on its own, then hidden while the rest of the page is checked: it is
 * transient and dismissible, and the controls it happens to lie over for a few seconds (a dialog's
 * close button on a phone) would otherwise count as too small a target.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // At rest means no fade or slide still running (on a busy machine 400 ms is not always enough): a
  // colour read halfway through a fade-in is not the colour a user reads.
  await animationsFinished(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(await loadAxeSource());
  const findings = await page.evaluate(async (tags: string[]): Promise<AxeFinding[]> => {
    interface AxeResult {
      id: string;
      impact?: string;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    }
    // biome-ignore lint/suspicious/noExplicitAny: axe-core is evaluated into the page, not imported.
    const axe = (window as any).axe;
    const options = { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] };
    const run = async (context: unknown): Promise<AxeResult[]> =>
      (await axe.run(context, options)).violations;
    const toasts = [
      ...document.querySelectorAll<HTMLElement>('[data-scope="toast"][data-part="group"]'),
    ].filter((group) => group.childElementCount > 0);
    const violations = toasts.length > 0 ? await run({ include: toasts }) : [];
    for (const group of toasts) group.style.visibility = 'hidden';
    try {
      violations.push(...(await run(document)));
    } finally {
      for (const group of toasts) group.style.visibility = '';
    }
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map(
          (n) =>
            `${n.target.map(String).join(' ')}: ${n.html.slice(0, 160)} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
        ),
      }));
  }, WCAG_AA_TAGS);
  if (findings.length === 0) return;
  const lines = findings.map(
    (f) => `  ${f.id} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    - ${t}`).join('\n')}`,
  );
  throw new Error(`Accessibility violations on ${label}:\n${lines.join('\n')}`);
}

/**
 * A picture of the page at rest, and an accessibility check of the same state: every journey's
 * screenshot points are the pages and dialogs a user sees, so each of them is checked with axe-core.
 * In a right-to-left run, each is also held to what a page in that language must be
 * (layout-checks.ts: nothing past its box or the screen, no paragraph aligned left, no Latin text
 * left untranslated outside the names), each problem named in the failure.
 */
export async function screenshot(page: Page, name: string, viewport: ViewportName): Promise<void> {
  await mkdir(RUN_SCREENSHOT_DIR, { recursive: true });
  // Let entrance animations settle so the picture shows the page at rest.
  await page.waitForTimeout(400);
  // Pictures are for looking at after a run, never committed: a full run rewrites about 20 MB of them.
  // What the viewport shows, as a person sees it. Neither way to picture the whole page leaves it
  // alone: Playwright's `fullPage` captures beyond the viewport through a 1x1 viewport (every width
  // breakpoint flipped to the phone's and back, closing an open notification panel and remounting
  // pages with a phone layout), and a viewport as tall as the page brings the marketplace's
  // end-of-list marker into view, loading the next page. A picture must not change what is checked next.
  await page.screenshot({ path: path.join(RUN_SCREENSHOT_DIR, `${name}-${viewport}.png`) });
  await expectAccessible(page, `${name} at ${viewport} width`);
  if (RIGHT_TO_LEFT) {
    await settle(page);
    const problems = [...(await layoutProblems(page)), ...(await rightToLeftProblems(page, LANGUAGE))];
    expect(problems, `${name} in ${LANGUAGE} at ${viewport} width (${page.url()})`).toEqual([]);
  }
}

/** A new customer account through the sign-up form, landing on the dashboard. */
export async function signUpCustomer(
  page: Page,
  name: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto('/login-customer?mode=signup');
  await page.getByRole('textbox', { name: sayPattern('common.field.fullName') }).fill(name);
  await page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: say('auth.signUp.submit'), exact: true }).click();
  await page.waitForURL('**/dashboard');
}

export async function signIn(page: Page, loginPath: string, email: string, password: string): Promise<void> {
  await page.goto(loginPath);
  await page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).click();
}

export const DEMO = {
  customer: { email: 'customer@simchahub.com', password: 'simcha123' },
  vendor: { email: 'vendor@simchahub.com', password: 'simcha123' },
  admin: { email: 'admin@simchahub.com', password: 'simcha123' },
} as const;

/**
 * The message a form shows for the field with this label: '' while the field is valid. The field
 * must be marked invalid, point at the message (aria-errormessage), and the message must sit under
 * the field, within its width, as a person would look for it.
 */
export async function fieldMessage(scope: Page | Locator, label: string | RegExp): Promise<string> {
  const page = 'page' in scope ? scope.page() : scope;
  const field = scope.getByLabel(label).first();
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const id = await field.getAttribute('aria-errormessage');
  if (!id) return '';
  const message = page.locator(`[id="${id}"]`);
  const [box, under] = await Promise.all([field.boundingBox(), message.boundingBox()]);
  if (!box || !under) return '';
  const below = under.y >= box.y + box.height - 1;
  const aligned = under.x >= box.x - 1 && under.x < box.x + box.width;
  if (!below || !aligned) return `(not under the field) ${await message.textContent()}`;
  return (await message.textContent()) ?? '';
}

/** The name attribute of the focused element. */
export async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
}

/** Polls until the read value passes the assertion that follows (15 s unless told). */
export function eventually<T>(read: () => Promise<T> | T, timeout = 15_000) {
  return expect.poll(read, { timeout });
}

/** A short tag that keeps names and addresses of one run apart from the other viewport's and other runs. */
export function uniqueTag(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`;
}

/**
 * Sessions closed after each journey of the file, even a failed one; when it fails, what each of
 * them showed is saved as `/tmp/<name>-failure-<test>-<n>.png` and its console errors are printed,
 * for the report. Call once at a file's top level; `track` a session when it is opened.
 */
export function trackSessions(name: string): { track: <S extends Session>(session: S) => S } {
  const opened: Session[] = [];
  afterEach(async (ctx) => {
    const sessions = opened.splice(0);
    if (ctx.task.result?.state === 'fail') {
      for (const [i, { page, errors }] of sessions.entries()) {
        if (page.isClosed()) continue;
        const file = `/tmp/${name}-failure-${ctx.task.id}-${i}.png`;
        await page.screenshot({ path: file }).catch(() => undefined);
        console.log(`session ${i}: ${page.url()} (${file}); console errors: ${JSON.stringify(errors)}`);
      }
    }
    await Promise.all(sessions.map((s) => s.context.close().catch(() => undefined)));
  });
  return {
    track(session) {
      opened.push(session);
      return session;
    },
  };
}

export interface RegisteredAccount {
  id: string;
  name: string;
  email: string;
  password: string;
}

/**
 * A new account, signed in on `api`'s cookie jar: registered over REST (as a non-browser client, so
 * no Origin header is needed), with an address no other run has.
 */
export async function registerAccount(
  api: APIRequestContext,
  role: 'customer' | 'vendor',
  name: string,
): Promise<RegisteredAccount> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${uniqueTag()}@example.com`;
  const password = 'mazel-tov-2027';
  const res = await api.post('/api/auth/register', { data: { name, email, password, role } });
  expect(res.status(), await res.text()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, name, email, password };
}

/**
 * Watches a drawn page's style elements (decision 050) from the start of every page the session
 * opens: `drawnStyles()` then says whether any of them was moved or taken out of the head since, and
 * which of their styles the app wrote again (a class of theirs among the rules of its own elements).
 */
/** Whether the element `selector` finds is React's (its own keys are on it), as after a takeover. */
export function reactOwns(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );
}

/**
 * Notes, at the moment a drawn page says it is the app's (PAGE_HYDRATED_EVENT), the elements in it
 * React has not taken over yet (a Suspense boundary still to hydrate): none may be left, or an
 * answer handed on then would change a part still the server's and React would draw it again.
 * A static part's content is the server's by design (static-part.tsx) and is not counted. The
 * returned function gives what was noted at the last such moment, or null if the page never said it.
 */
export async function watchTakeover(page: Page): Promise<() => Promise<string[] | null>> {
  await page.addInitScript(`document.addEventListener('${PAGE_HYDRATED_EVENT}', () => {
    const key = (el, prefix) => Object.keys(el).find((k) => k.startsWith(prefix));
    const owned = (el) => key(el, '__reactFiber') !== undefined;
    const keptAsDrawn = (el) => {
      const props = key(el, '__reactProps');
      return props !== undefined && !!el[props].dangerouslySetInnerHTML;
    };
    const untaken = [];
    for (const el of document.getElementById('root')?.querySelectorAll('*') ?? []) {
      if (owned(el)) continue;
      let up = el.parentElement;
      while (up && !owned(up)) up = up.parentElement;
      if (up && keptAsDrawn(up)) continue;
      untaken.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' ' + (el.textContent ?? '').trim().slice(0, 40));
    }
    window.__untakenAtTakeover = untaken;
  });`);
  return () =>
    page.evaluate(() => (window as { __untakenAtTakeover?: string[] }).__untakenAtTakeover ?? null);
}

/** Holds back the page's requests whose address matches `pattern` until the returned function is called. */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export async function watchDrawnStyles(
  page: Page,
): Promise<() => Promise<{ moved: number; rewritten: string[] }>> {
  await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    const drawn = new Set(document.head.querySelectorAll('style[${DRAWN_STYLE_ATTRIBUTE}]'));
    const watch = { drawn, moved: 0 };
    window.__drawnStyles = watch;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of [...record.addedNodes, ...record.removedNodes]) if (drawn.has(node)) watch.moved++;
    }).observe(document.head, { childList: true });
  });`);
  return () =>
    page.evaluate((attribute) => {
      const watch = (window as { __drawnStyles?: { drawn: Set<HTMLStyleElement>; moved: number } })
        .__drawnStyles;
      if (!watch || watch.drawn.size === 0) throw new Error('the page came without drawn styles');
      const drawnNames = new Set(
        [...watch.drawn].flatMap((element) => (element.getAttribute(attribute) ?? '').split(' ').slice(1)),
      );
      const written = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')].flatMap(
        (element) => [...(element.sheet?.cssRules ?? [])].map((rule) => rule.cssText),
      );
      const rewritten = [...drawnNames].filter((name) => written.some((rule) => rule.includes(`-${name}`)));
      const moved = watch.moved + [...watch.drawn].filter((element) => !element.isConnected).length;
      return { moved, rewritten };
    }, DRAWN_STYLE_ATTRIBUTE);
}
