import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toCivilDate } from '../../src/shared/jewish-calendar';
import {
  DEMO,
  eventually,
  holdRequests,
  launchBrowser,
  openSession,
  reactOwns,
  screenshot,
  signIn,
  trackSessions,
  type ViewportName,
  watchDrawnStyles,
  watchTakeover,
} from './browser';
import { demoAccountsIn } from './global-setup';
import { LANGUAGE, say, sayPattern } from './language';
import { type RunningServer, startServer } from './server';

/**
 * Signed-in pages are drawn by the server (decision 047) where DRAW_SIGNED_IN_PAGES is on, as it is
 * by default: these journeys run on a server of their own with it said explicitly.
 */
let browser: Browser;
let server: RunningServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ env: { DRAW_SIGNED_IN_PAGES: 'true' } }),
  ]);
  if (LANGUAGE !== 'en') await demoAccountsIn(server.baseUrl, LANGUAGE);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const session = (viewport: ViewportName) => openSession(browser, viewport, { server: server.baseUrl });

const { track } = trackSessions('drawn-pages');

/** A tracked session at a width, signed in as a demo account and on the page it lands on. */
async function signedIn(viewport: ViewportName, role: 'customer' | 'vendor' = 'customer') {
  const tracked = track(await session(viewport));
  await signIn(tracked.page, `/login-${role}`, DEMO[role].email, DEMO[role].password);
  await tracked.page.waitForURL(role === 'customer' ? '**/dashboard' : '**/vendor-dashboard');
  return tracked;
}

/** Whether the main area is filled in: no skeleton and nothing busy left in it. */
function filledIn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return !!main && !main.querySelector('.chakra-skeleton, [aria-busy="true"]');
  });
}

const DRAWN = /<div id="root" data-viewport="(narrow|medium|wide)" data-today="[\d-]+"[^>]*>\s*</;

/**
 * Opens a signed-in page by its address, as a bookmark or a reload does: the server's answer must
 * be the page drawn (decision 047), which the app then takes over and fills in. Drawing takes no
 * more than its share of the server's thread (after a drawing of d ms, none for 3d ms): on a busy
 * machine a load may come undrawn, so the page is asked again, a second later, a few times.
 */
async function openDrawn(page: Page, path: string, untaken?: () => Promise<string[] | null>): Promise<void> {
  const html = await drawnAnswer(page, path, 'load');
  expect(html, path).toMatch(/<main id="main-content"/);
  await eventually(() => filledIn(page)).toBe(true);
  if (untaken) {
    // The page said it was the app's only once every part of it was (hydration-gate.tsx).
    await eventually(untaken).not.toBeNull();
    expect(await untaken(), path).toEqual([]);
  }
}

/** The server's answer to the page's address, asked until it comes drawn (see openDrawn). */
async function drawnAnswer(
  page: Page,
  path: string,
  waitUntil: 'load' | 'domcontentloaded',
): Promise<string> {
  let html = '';
  for (let attempt = 0; attempt < 5 && !DRAWN.test(html); attempt++) {
    if (attempt > 0) await page.waitForTimeout(1000);
    // Not waiting for DOMContentLoaded here: an answer that came undrawn names the app's entry in its
    // HTML, and with the entry held back (holdAppEntry) that event would never come. The next try's
    // navigation replaces it.
    const response = await page.goto(path, { waitUntil: waitUntil === 'load' ? 'load' : 'commit' });
    html = (await response?.text()) ?? '';
  }
  expect(html, path).toMatch(DRAWN);
  if (waitUntil === 'domcontentloaded') await page.waitForLoadState('domcontentloaded');
  return html;
}

/** Holds the app's entry script back until the returned function is called: the page stays the server's HTML. */
const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

async function holdAppEntry(page: Page): Promise<() => void> {
  return holdRequests(page, APP_ENTRY);
}

/** Opens a drawn page and leaves it as the server drew it (the journey holds the app's entry back). */
async function openDrawnUntaken(page: Page, path: string): Promise<void> {
  await drawnAnswer(page, path, 'domcontentloaded');
}

const signedInPages = (viewport: ViewportName) =>
  describe(`signed-in pages drawn by the server at ${viewport} width`, () => {
    it("opens each of a customer's pages drawn, and the app takes it over and fills it in without an error", async () => {
      const { page, errors } = await signedIn(viewport);
      const untaken = await watchTakeover(page);
      for (const [path, name] of [
        ['/dashboard', 'customer-home'],
        ['/events', 'my-events'],
        ['/calendar', 'calendar'],
        ['/messages', 'messages'],
        ['/profile', 'profile'],
      ] as const) {
        await openDrawn(page, path, untaken);
        await screenshot(page, `drawn-${name}`, viewport);
      }
      expect(errors).toEqual([]);
    });

    it("keeps a drawn page's styles where they are and writes none of them again", async () => {
      const { page, errors } = await signedIn(viewport);
      const drawnStyles = await watchDrawnStyles(page);
      for (const path of ['/dashboard', '/events']) {
        await openDrawn(page, path);
        // Taken over: the page's content is React's.
        await eventually(() => reactOwns(page, 'main')).toBe(true);
        expect(await drawnStyles(), path).toEqual({ moved: 0, rewritten: [] });
      }
      expect(errors).toEqual([]);
    });

    it("opens the vendor's and the admin's dashboards drawn", async () => {
      for (const [role, path] of [
        ['vendor', '/vendor-dashboard'],
        ['admin', '/admin-dashboard'],
      ] as const) {
        const { page, errors, context } = track(await session(viewport));
        await signIn(
          page,
          role === 'vendor' ? '/login-vendor' : '/admin-login',
          DEMO[role].email,
          DEMO[role].password,
        );
        await page.waitForURL(`**${path}`);
        const untaken = await watchTakeover(page);
        await openDrawn(page, path, untaken);
        await screenshot(page, `drawn-${role}-dashboard`, viewport);
        // Each tab is a part in a boundary of its own, taken over in a pass of its own.
        const tabs = await page
          .getByRole('tablist')
          .first()
          .locator('[data-tab-value]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab-value') ?? ''));
        for (const tab of tabs) await openDrawn(page, `${path}?tab=${tab}`, untaken);
        expect(errors).toEqual([]);
        await context.close();
      }
    });

    it('does a press made before the app arrived once it has taken the page over', async () => {
      const { page, errors } = await signedIn(viewport);
      // The app's entry is held back until the press has been made on the drawn page.
      const release = await holdAppEntry(page);
      await page.goto('/profile', { waitUntil: 'domcontentloaded' });
      const list = page.getByRole('button', { name: say('profile.vendor.list'), exact: true });
      await list.click();
      const dialog = page.getByRole('dialog');
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(false);
      release();
      await eventually(() =>
        dialog.getByText(say('vendorForm.createTitle'), { exact: true }).first().isVisible(),
      ).toBe(true);
      // The page stayed where it was: the press was not sent anywhere the browser's way.
      expect(new URL(page.url()).pathname).toBe('/profile');
      expect(errors).toEqual([]);
    });

    it('moves between tabs by an arrow key pressed before the app arrived', async () => {
      const { page, errors } = await signedIn(viewport, 'vendor');
      const release = await holdAppEntry(page);
      await openDrawnUntaken(page, '/vendor-dashboard');
      const tabs = await page
        .getByRole('tablist')
        .first()
        .locator('[data-tab-value]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab-value') ?? ''));
      await page.getByTestId(`tab-${tabs[0]}`).focus();
      // The next tab is the one the reading goes to: on the left in Hebrew.
      await page.keyboard.press(LANGUAGE === 'he' ? 'ArrowLeft' : 'ArrowRight');
      release();
      await eventually(() =>
        page.evaluate(() => document.activeElement?.getAttribute('data-tab-value') ?? null),
      ).toBe(tabs[1]);
      await eventually(() => page.getByTestId(`tab-${tabs[1]}`).getAttribute('aria-selected')).toBe('true');
      expect(errors).toEqual([]);
    });

    it('takes over a page drawn for another width without drawing its content again', async () => {
      const { page, context, errors } = await signedIn(viewport);
      // A first visit's guess can be wrong (a narrow desktop window): the frame is drawn for the other width.
      const guess = viewport === 'desktop' ? 'narrow' : 'wide';
      await context.addCookies([{ name: 'viewport', value: guess, url: server.baseUrl }]);
      await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
        window.__drawnContent = document.querySelector('main')?.firstElementChild ?? null;
      });`);
      const html = await drawnAnswer(page, '/calendar', 'load');
      expect(html).toContain(`data-viewport="${guess}"`);
      await eventually(() => filledIn(page)).toBe(true);
      // The frame follows the window (the side panel is a desktop's) ...
      await eventually(() => page.locator('aside').count()).toBe(viewport === 'desktop' ? 1 : 0);
      // ... and the page's content is the drawn one taken over, not thrown away and drawn again.
      expect(
        await page.evaluate(
          () => (window as { __drawnContent?: Element | null }).__drawnContent?.isConnected ?? null,
        ),
      ).toBe(true);
      expect(errors).toEqual([]);
    });

    it('keeps what was typed into a drawn form before the app arrived, and saves it', async () => {
      const { page, errors } = await signedIn(viewport);
      const release = await holdAppEntry(page);
      // A link to a new event: the server draws the dialog open, and the family starts typing at once.
      await openDrawnUntaken(page, '/events?new=1');
      const dialog = page.getByRole('dialog', { name: say('events.form.createTitle') });
      const title = dialog.getByRole('textbox', { name: sayPattern('events.form.title') });
      const typed = `Typed before the app ${viewport} ${Date.now()}`;
      await title.click();
      await title.pressSequentially(typed.slice(0, 10));
      // The app arrives while the rest is typed: neither half is lost, and the focus stays in the field.
      release();
      await title.pressSequentially(typed.slice(10), { delay: 20 });
      await eventually(() =>
        page.evaluate(() => document.querySelector('main [aria-busy="true"]') === null),
      ).toBe(true);
      await page.waitForTimeout(500);
      expect(await title.inputValue()).toBe(typed);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe(
        'title',
      );
      await dialog.locator('input[name="date"]').fill(addDays(toCivilDate(new Date()), 90));
      await dialog.getByRole('button', { name: say('events.form.createTitle'), exact: true }).click();
      await eventually(() => page.getByRole('heading', { level: 2, name: typed }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });

    it("draws a page's data only for a browser in the server's zone, and a browser elsewhere draws it itself", async () => {
      // The journeys' server keeps this process's zone; the browser is somewhere else.
      const serverZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
      const browserZone = serverZone === 'Asia/Tokyo' ? 'America/Chicago' : 'Asia/Tokyo';
      const { page, errors, context } = track(
        await openSession(browser, viewport, { server: server.baseUrl, timezoneId: browserZone }),
      );
      await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
      await page.waitForURL('**/dashboard');
      // The signed-in app writes the browser's zone for the server (viewport.tsx), once it is shown.
      await eventually(async () =>
        decodeURIComponent((await context.cookies()).find((c) => c.name === 'tz')?.value ?? ''),
      ).toBe(browserZone);
      // The browser's cookie names its zone: each page comes drawn without its data (the frame and the
      // skeleton), and is taken over and filled in without an error.
      for (const path of ['/dashboard', '/events', '/calendar', '/messages', '/profile']) {
        const html = await drawnAnswer(page, path, 'load');
        expect(html, path).not.toContain('data-zone=');
        await eventually(() => filledIn(page)).toBe(true);
      }
      // A cookie that names the server's zone (left from before a trip): the page comes drawn with its
      // data, its times in the server's zone; the browser, finding itself elsewhere, draws it itself.
      let drawn = '';
      for (let attempt = 0; attempt < 5 && !drawn.includes(`data-zone="${serverZone}"`); attempt++) {
        if (attempt > 0) await page.waitForTimeout(1000);
        // (Set again before each try: a try that comes undrawn lets the app write its own zone back.)
        await context.addCookies([{ name: 'tz', value: serverZone, url: server.baseUrl }]);
        drawn = (await (await page.goto('/events', { waitUntil: 'load' }))?.text()) ?? '';
      }
      expect(drawn).toContain(`data-zone="${serverZone}"`);
      await eventually(() => filledIn(page)).toBe(true);
      await eventually(() =>
        page.getByRole('heading', { name: say('events.page.title'), exact: true }).isVisible(),
      ).toBe(true);
      expect(errors).toEqual([]);
    });

    it('keeps every letter typed into the reply box while the app takes the page over', async () => {
      const { page, errors } = await signedIn(viewport);
      const untaken = await watchTakeover(page);
      // A conversation of the demo family's, opened from its list.
      await openDrawn(page, '/messages');
      const first = page.locator('a[href*="thread="]').first();
      const href = (await first.getAttribute('href')) ?? '';
      expect(href).toContain('thread=');
      for (const [hold, typed] of [
        [0, 'First words, typed as the page arrives'],
        [400, 'Then a line typed while it is taken over'],
      ] as const) {
        // The server draws again only after a pause (see openDrawn).
        await page.waitForTimeout(2000);
        const release = await holdAppEntry(page);
        await openDrawnUntaken(page, href);
        const box = page.getByRole('textbox', { name: say('messages.reply.label'), exact: true });
        await box.click();
        await box.pressSequentially(typed.slice(0, 8));
        // The app arrives while the rest is typed, a letter every few milliseconds.
        setTimeout(release, hold);
        await box.pressSequentially(typed.slice(8), { delay: 15 });
        // Once the page is the app's (on a slow machine, a while after the last letter) ...
        await eventually(untaken, 30_000).not.toBeNull();
        expect(await untaken()).toEqual([]);
        await page.waitForTimeout(500);
        expect(await box.inputValue()).toBe(typed);
        // The send button heard it too: the box is the app's, with the text in its state.
        expect(
          await page.getByRole('button', { name: say('messages.reply.send'), exact: true }).isEnabled(),
        ).toBe(true);
        await page.unroute(APP_ENTRY);
      }
      expect(errors).toEqual([]);
    });

    it('looks up the place typed into a drawn place box before the app arrived', async () => {
      const { page, errors } = await signedIn(viewport);
      const release = await holdAppEntry(page);
      await openDrawnUntaken(page, '/profile');
      const card = page.getByRole('region', { name: say('profile.observance.title') });
      const home = card.getByRole('combobox', { name: say('profile.observance.home') });
      // Each width's run moves the family to a place of its own, so that each saves a change.
      const [typed, offered, chosen] =
        viewport === 'desktop'
          ? ['Brookl', /^Brooklyn, New York, United States$/, /^Brooklyn, New York$/]
          : ['Jerusal', /^Jerusalem, .*Israel$/, /^Jerusalem\b/];
      // Typed whole on the server's HTML: the app takes over a box that already says it.
      await home.click();
      await home.fill('');
      await home.pressSequentially(typed, { delay: 20 });
      release();
      // The app hears of the text it was handed, and offers the places it matches.
      const option = page
        .getByRole('listbox', { name: say('common.place.matching') })
        .getByRole('option', { name: offered });
      await eventually(() => option.first().isVisible()).toBe(true);
      await option.first().click();
      await eventually(async () => chosen.test(await home.inputValue())).toBe(true);
      await eventually(() =>
        page.getByRole('status').getByText(say('profile.page.updated'), { exact: true }).first().isVisible(),
      ).toBe(true);
      expect(errors).toEqual([]);
    });
  });

signedInPages('desktop');
signedInPages('phone');
