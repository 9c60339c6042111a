import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import heAuth from '../../src/client/i18n/messages/he/auth.json';
import heCommon from '../../src/client/i18n/messages/he/common.json';
import heEvents from '../../src/client/i18n/messages/he/events.json';
import heMarketplace from '../../src/client/i18n/messages/he/marketplace.json';
import {
  baseUrl,
  DEMO,
  eventually,
  expectAccessible,
  launchBrowser,
  SCREENSHOT_DIR,
  uniqueTag,
  VIEWPORTS,
  type ViewportName,
  windowOf,
} from './browser';
import { LANGUAGE } from './language';
import { layoutProblems, rightToLeftProblems, settle } from './layout-checks';

/**
 * The product in Hebrew, at a laptop's width and a phone's: every role's pages drawn right to left,
 * each one pictured and held to what a page in Hebrew must be (lang and dir on <html>, no text past
 * its box or the screen, no paragraph aligned to the left, no Latin text left untranslated outside
 * the names and addresses isolated in <bdi>, and axe-core clean), a person's language saved in their
 * profile, and the keyboard moving the reading way. Pictures go to the git-ignored
 * tests/e2e/.tmp/screenshots/hebrew.
 */

const PICTURES = path.join(SCREENSHOT_DIR, 'hebrew');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A visitor whose browser asks for Hebrew first. */
async function open(viewport: ViewportName): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    ...windowOf(browser, viewport),
    baseURL: baseUrl(),
    locale: 'he-IL',
    extraHTTPHeaders: { 'Accept-Language': 'he-IL,he;q=0.9,en;q=0.5' },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

/** The page pictured and held to the checks above: every problem named in the failure. */
async function check(page: Page, label: string, viewport: ViewportName): Promise<void> {
  await settle(page);
  await page.screenshot({ path: path.join(PICTURES, `${label}-${viewport}.png`) });
  const problems = [...(await layoutProblems(page)), ...(await rightToLeftProblems(page, 'he'))];
  // Soft: a journey goes on to its other pages, and its failure names every problem of every page.
  expect.soft(problems, `${label} in Hebrew at ${viewport} width (${page.url()})`).toEqual([]);
  await expectAccessible(page, `${label} in Hebrew at ${viewport} width`).catch((error: Error) =>
    expect.soft(error.message).toBe(''),
  );
}

/**
 * Signs in through the Hebrew form, then makes Hebrew the account's language with the header's switch
 * (a demo account reads English, and the page follows the account's language once signed in).
 * Returns a function that gives the account its English back.
 */
async function signInInHebrew(page: Page, loginPath: string, email: string): Promise<() => Promise<void>> {
  await page.goto(loginPath);
  await page.getByRole('textbox', { name: new RegExp(`^${heAuth['auth.signIn.email']}`) }).fill(email);
  await page.locator('input[name="password"]').fill(DEMO.customer.password);
  await page.getByRole('button', { name: heAuth['auth.signIn.submit'], exact: true }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/admin-login'),
  );
  // The account reads English: the page follows it, and the switch brings Hebrew back and saves it.
  await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  await page.locator('button[lang="he"]:visible').first().click();
  await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe('he');
  await eventually(async () => {
    const me = await page.context().request.get('/api/auth/me');
    return ((await me.json()) as { user: { language: string } }).user.language;
  }).toBe('he');
  return async () => {
    const res = await page.context().request.patch('/api/profile', { data: { language: 'en' } });
    expect(res.status(), await res.text()).toBe(200);
  };
}

/** The x of the middle of each element the Tab key reaches, from the page's top, `count` of them. */
async function tabStops(page: Page, count: number): Promise<{ x: number; y: number; name: string }[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: { x: number; y: number; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const box = el.getBoundingClientRect();
        return {
          x: box.left + box.width / 2,
          y: box.top + box.height / 2,
          name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30),
        };
      }),
    );
  }
  return stops;
}

// The English run's own tour of the pages in Hebrew: it moves the demo accounts between languages, so
// the Hebrew run (whose every journey is in Hebrew, language.ts) leaves it out.
describe.skipIf(LANGUAGE !== 'en').each(Object.keys(VIEWPORTS) as ViewportName[])(
  'the product in Hebrew at %s width',
  (viewport) => {
    it('draws the public pages right to left, in Hebrew', async () => {
      const { page, errors } = await open(viewport);
      try {
        // The server draws the landing page in the language the browser asks for.
        const drawn = await page.context().request.get('/', { headers: { 'Accept-Language': 'he' } });
        const html = await drawn.text();
        expect(html).toMatch(/<html[^>]* lang="he"/);
        expect(html).toMatch(/<html[^>]* dir="rtl"/);
        expect(html).toContain('hreflang="en"');

        await page.goto('/');
        await check(page, 'landing', viewport);
        await page.goto('/marketplace');
        await eventually(() =>
          page
            .getByRole('list', { name: heMarketplace['marketplace.featured.list'], exact: true })
            .isVisible(),
        ).toBe(true);
        await check(page, 'marketplace', viewport);

        // A Hebrew query with prefixes finds a listing by its Hebrew name ("והצילום", "and the
        // photography", finds "לוי שמחה – צילום אירועים").
        const search = await page
          .context()
          .request.get(`/api/vendors?search=${encodeURIComponent('והצילום')}`);
        const found = (await search.json()) as { items: { businessName: string }[] };
        expect(found.items.map((v) => v.businessName)).toContain('Levy Simcha Photography');

        const listings = await page.context().request.get('/api/vendors?page_size=5');
        const { items } = (await listings.json()) as { items: { id: string }[] };
        await page.goto(`/vendor/${items[0]?.id}`);
        await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
        await check(page, 'vendor-profile', viewport);

        for (const [label, where] of [
          ['sign-in', '/login'],
          ['customer-sign-up', '/login-customer?mode=signup'],
          ['vendor-sign-in', '/login-vendor'],
          ['forgot-password', '/forgot-password'],
          ['about', '/about'],
          ['pricing', '/pricing'],
          ['help', '/help'],
          ['not-found', '/no-such-page'],
        ] as const) {
          await page.goto(where);
          await eventually(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
          await check(page, label, viewport);
        }
        // The missing page answers 404 by design: the browser logs that one.
        expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it('keeps the customer in Hebrew on every page, on every device, and the keyboard moves the reading way', async () => {
      const { page, errors } = await open(viewport);
      let restore: (() => Promise<void>) | undefined;
      try {
        restore = await signInInHebrew(page, '/login-customer', DEMO.customer.email);
        await page.goto('/dashboard');
        await check(page, 'customer-dashboard', viewport);

        // Another device (no cookie, a browser that asks for English) opens in the account's Hebrew.
        const elsewhere = await browser.newContext({ ...windowOf(browser, viewport), baseURL: baseUrl() });
        await elsewhere.addCookies(await page.context().cookies());
        await elsewhere.clearCookies({ name: 'lang' });
        const other = await elsewhere.newPage();
        await other.goto('/events');
        await eventually(() => other.evaluate(() => document.documentElement.lang)).toBe('he');
        await elsewhere.close();

        await page.goto('/events');
        await check(page, 'events', viewport);
        const events = await page.context().request.get('/api/events');
        const body = (await events.json()) as { items?: { id: string }[] } | { id: string }[];
        const list = Array.isArray(body) ? body : (body.items ?? []);
        for (const tab of ['overview', 'tasks', 'deposits', 'guests', 'vendors', 'memos']) {
          await page.goto(`/events?event=${list[0]?.id}&tab=${tab}`);
          await eventually(() => page.getByRole('heading', { level: 2 }).first().isVisible()).toBe(true);
          await check(page, `event-${tab}`, viewport);
        }
        await page.goto('/calendar');
        await check(page, 'calendar', viewport);
        // Right to left, ArrowLeft is the next day and ArrowRight the one before.
        const days = page.locator('[data-calendar-cell] > [data-day-button]');
        await days.nth(10).focus();
        const focusedDay = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('[data-calendar-cell] > [data-day-button]')].indexOf(
              document.activeElement as Element,
            ),
          );
        await page.keyboard.press('ArrowLeft');
        expect(await focusedDay()).toBe(11);
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        expect(await focusedDay()).toBe(9);
        const [a, b] = await Promise.all([days.nth(9).boundingBox(), days.nth(10).boundingBox()]);
        expect(a && b && a.x > b.x, 'the week reads from the right').toBe(true);

        await page.goto('/messages');
        await check(page, 'messages', viewport);
        await page.goto('/profile');
        await check(page, 'profile', viewport);

        if (viewport === 'desktop') {
          // Tab order follows reading order: along the app's side menu, top to bottom, and the page's
          // first row from the right.
          await page.goto('/dashboard');
          await settle(page);
          const stops = await tabStops(page, 8);
          const menu = stops.filter((s) => s.x > VIEWPORTS.desktop.width / 2);
          expect(menu.length, JSON.stringify(stops)).toBeGreaterThan(3);
          for (let i = 1; i < menu.length; i++) {
            const [before, after] = [menu[i - 1], menu[i]];
            if (!before || !after) continue;
            expect(
              after.y > before.y + 1 || (Math.abs(after.y - before.y) <= 1 && after.x < before.x),
              `${after.name} after ${before.name}`,
            ).toBe(true);
          }
        }
        expect(errors).toEqual([]);
      } finally {
        await restore?.();
        await page.context().close();
      }
    });

    it('signs a Hebrew visitor up in Hebrew and plans an event, a task and its refusals in Hebrew', async () => {
      const { page, errors } = await open(viewport);
      try {
        // A visitor reading Hebrew signs up: the new account reads Hebrew too.
        await page.goto('/login-customer?mode=signup');
        await page.locator('input[name="name"]').fill('נועה כהן');
        await page.locator('input[name="email"]').fill(`noa.cohen.${uniqueTag()}@example.com`);
        await page.locator('input[name="password"]').fill('mazel-tov-2027');
        await page.getByRole('button', { name: heAuth['auth.signUp.submit'], exact: true }).click();
        await page.waitForURL('**/dashboard');
        const me = await page.context().request.get('/api/auth/me');
        expect(((await me.json()) as { user: { language: string } }).user.language).toBe('he');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('he');

        // The event form, its refusal in Hebrew, then the event.
        await page.goto('/events');
        await page.getByRole('button', { name: heEvents['events.page.create'], exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: heEvents['events.form.createTitle'] });
        await eventually(() => dialog.isVisible()).toBe(true);
        await dialog.getByRole('button', { name: heEvents['events.form.createTitle'], exact: true }).click();
        const refusal = dialog.locator('[aria-invalid="true"]').first();
        await eventually(() => refusal.count()).toBe(1);
        const messageId = await refusal.getAttribute('aria-errormessage');
        const message = () => dialog.locator(`[id="${messageId}"]`).textContent();
        // In Hebrew (the shared schema's English sentence, translated by its code once the page is idle).
        await eventually(async () => /\p{Script=Hebrew}/u.test((await message()) ?? '')).toBe(true);
        expect(await message()).not.toMatch(/\p{Script=Latin}/u);

        const title = `בר המצווה של איתי ${uniqueTag()}`;
        await dialog.locator('input[name="title"]').fill(title);
        await dialog.locator('select[name="type"]').selectOption('Bar Mitzvah');
        // A Tuesday with no observance on it (the judgements' reasons are still written in English).
        await dialog.locator('input[name="date"]').fill('2027-06-15');
        await dialog.getByRole('button', { name: heEvents['events.form.createTitle'], exact: true }).click();
        await eventually(() => page.getByRole('heading', { level: 2, name: title }).isVisible()).toBe(true);
        await check(page, 'event-created', viewport);

        // A task, added through the Hebrew dialog, checked off.
        await page.getByRole('tab', { name: heEvents['events.tabs.tasks'] }).click();
        await page
          .getByRole('button', { name: heEvents['events.item.task.add'], exact: true })
          .first()
          .click();
        const taskDialog = page.getByRole('dialog', { name: heEvents['events.item.task.add'] });
        await taskDialog.locator('input[name="title"]').fill('להזמין הזמנות');
        await taskDialog.getByRole('button', { name: heEvents['events.item.task.add'], exact: true }).click();
        const task = page.getByRole('checkbox', { name: 'להזמין הזמנות' });
        await eventually(() => task.isVisible()).toBe(true);
        await page.getByText('להזמין הזמנות', { exact: true }).click();
        await eventually(() => task.isChecked()).toBe(true);
        await check(page, 'event-task-done', viewport);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });

    it('draws the vendor dashboard in Hebrew, tab by tab, with tabs that move the reading way', async () => {
      const { page, errors } = await open(viewport);
      let restore: (() => Promise<void>) | undefined;
      try {
        restore = await signInInHebrew(page, '/login-vendor', DEMO.vendor.email);
        await page.goto('/vendor-dashboard');
        await check(page, 'vendor-dashboard', viewport);
        // The bell's items are said in Hebrew from their codes, once its words arrive after the paint.
        await page
          .getByRole('button', { name: new RegExp(`^${heCommon['common.notifications.title']}`) })
          .click();
        const items = page
          .getByRole('list', { name: heCommon['common.notifications.latest'] })
          .getByRole('listitem');
        await eventually(() => items.count()).toBeGreaterThan(0);
        // Until then an item shows the English the server stored, which the check below would name.
        await eventually(async () => (await rightToLeftProblems(page, 'he')).join('\n')).toBe('');
        await check(page, 'vendor-bell', viewport);
        await page.keyboard.press('Escape');
        const tabs = await page
          .getByRole('tablist')
          .first()
          .locator('[data-tab-value]')
          .evaluateAll((els) => els.map((el) => el.getAttribute('data-tab-value') ?? ''));
        for (const tab of tabs.slice(1)) {
          await page.goto(`/vendor-dashboard?tab=${tab}`);
          await eventually(() => page.getByTestId(`tab-${tab}`).getAttribute('aria-selected')).toBe('true');
          await check(page, `vendor-dashboard-${tab}`, viewport);
        }
        // Right to left, ArrowLeft moves to the next tab.
        await page.goto(`/vendor-dashboard?tab=${tabs[0]}`);
        await page.getByTestId(`tab-${tabs[0]}`).focus();
        await page.keyboard.press('ArrowLeft');
        await eventually(() =>
          page.evaluate(() => document.activeElement?.getAttribute('data-tab-value') ?? null),
        ).toBe(tabs[1]);
        expect(errors).toEqual([]);
      } finally {
        await restore?.();
        await page.context().close();
      }
    });

    it('draws the admin dashboard in Hebrew, tab by tab', async () => {
      const { page, errors } = await open(viewport);
      let restore: (() => Promise<void>) | undefined;
      try {
        restore = await signInInHebrew(page, '/admin-login', DEMO.admin.email);
        await page.goto('/admin-dashboard');
        await check(page, 'admin-overview', viewport);
        for (const tab of ['claims', 'vendors', 'kashrut', 'users', 'activity'] as const) {
          await page.goto(`/admin-dashboard?tab=${tab}`);
          await eventually(() => page.getByTestId(`tab-${tab}`).getAttribute('aria-selected')).toBe('true');
          await check(page, `admin-${tab}`, viewport);
        }
        expect(errors).toEqual([]);
      } finally {
        await restore?.();
        await page.context().close();
      }
    });
  },
);
