import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO,
  eventually,
  IN_RUN_LANGUAGE,
  launchBrowser,
  RUN_SCREENSHOT_DIR,
  signIn,
} from './browser';
import { LANGUAGE, RIGHT_TO_LEFT, say, sayPattern } from './language';
import { layoutProblems, rightToLeftProblems, settle } from './layout-checks';

/**
 * Every page of each role at a laptop's width and a phone's, pictured and measured: nothing visible
 * runs past the screen's sides (outside a row meant to scroll sideways), nothing sticks out of the
 * card it sits in, and a few places where things used to overlap or hide are checked by name. In a
 * right-to-left language each page is also held to what a page in that language must be
 * (layout-checks.ts). Pictures go to the git-ignored tests/e2e/.tmp/screenshots/layout (he/layout
 * in the Hebrew run), for looking at after a run.
 */

const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

const PICTURES = path.join(RUN_SCREENSHOT_DIR, 'layout');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(PICTURES, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function open(width: Width): Promise<Page> {
  const context = await browser.newContext({
    viewport: WIDTHS[width],
    baseURL: baseUrl(),
    ...IN_RUN_LANGUAGE,
  });
  return context.newPage();
}

/**
 * Tables wider than the area they scroll in, by test id, with by how much: past its end side (the
 * right on a left-to-right page, the left on a right-to-left one).
 */
async function tablesPastTheirPanel(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .filter((table) => table.checkVisibility())
      .map((table) => {
        const area = table.parentElement as HTMLElement;
        const box = table.getBoundingClientRect();
        const panel = area.getBoundingClientRect();
        const over = Math.ceil(
          getComputedStyle(area).direction === 'rtl' ? panel.left - box.left : box.right - panel.right,
        );
        return over > 1
          ? `${table.getAttribute('data-testid') ?? 'a table'} runs ${over}px past its panel`
          : '';
      })
      .filter(Boolean),
  );
}

const checked: string[] = [];

/** The page pictured, and its layout measured: every problem named in the failure. */
async function check(page: Page, label: string, width: Width): Promise<void> {
  await settle(page);
  const file = `${label.replace(/\W+/g, '-')}-${width}.png`;
  await page.screenshot({ path: path.join(PICTURES, file) });
  const problems = await layoutProblems(page);
  if (RIGHT_TO_LEFT) problems.push(...(await rightToLeftProblems(page, LANGUAGE)));
  checked.push(`${label} at ${width}`);
  expect(problems, `layout of ${label} in ${LANGUAGE} at ${width} width (${page.url()})`).toEqual([]);
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
}

describe.each(Object.keys(WIDTHS) as Width[])('the layout at %s width', (width) => {
  it('holds on the public pages', async () => {
    const page = await open(width);
    try {
      await page.goto('/');
      await check(page, 'landing', width);
      await page.goto('/marketplace');
      // Nothing granted: the first look for the location ends in Global, quietly (spec).
      const picker = page.getByRole('button', {
        name: sayPattern('marketplace.location.button', { place: say('marketplace.location.global') }),
      });
      await eventually(() => picker.isVisible()).toBe(true);
      const strip = page.getByRole('list', { name: say('marketplace.featured.list'), exact: true });
      await eventually(() => strip.isVisible()).toBe(true);
      await check(page, 'marketplace', width);
      // The first featured card keeps the page's margin from the screen's edge it starts from.
      const first = await strip.getByRole('listitem').first().boundingBox();
      if (!first) throw new Error('no featured card on screen');
      const fromStart = RIGHT_TO_LEFT ? WIDTHS[width].width - (first.x + first.width) : first.x;
      expect(fromStart, 'the first featured card keeps clear of the starting edge').toBeGreaterThanOrEqual(
        12,
      );
      // Asked for, a refused location is explained, with the way to name a city instead.
      expect(await page.getByTestId('location-notice').count()).toBe(0);
      await picker.click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: say('marketplace.location.useCurrent'), exact: true })
        .click();
      const notice = page.getByTestId('location-notice');
      await eventually(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toBe(
        `${say('marketplace.location.denied')} ${say('marketplace.location.howToChoose')}`,
      );
      await eventually(() => picker.isVisible()).toBe(true);
      await check(page, 'marketplace-location-refused', width);

      const listings = await page.context().request.get('/api/vendors?page_size=20');
      const { items } = (await listings.json()) as { items: { id: string; imageUrl: string | null }[] };
      const vendor = items.find((v) => v.imageUrl) ?? items[0];
      await page.goto(`/vendor/${vendor?.id}`);
      await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await check(page, 'vendor-profile', width);
      const cover = await boxOf(page, '[data-testid="vendor-cover"]');
      const title = await boxOf(page, 'h1');
      expect(title.y, "the business name starts below the cover's bottom").toBeGreaterThanOrEqual(
        cover.y + cover.height - 1,
      );

      for (const [label, where] of [
        ['sign-in', '/login'],
        ['customer-sign-in', '/login-customer'],
        ['customer-sign-up', '/login-customer?mode=signup'],
        ['vendor-sign-in', '/login-vendor'],
        ['admin-sign-in', '/admin-login'],
        ['forgot-password', '/forgot-password'],
        ['not-found', '/no-such-page'],
      ] as const) {
        await page.goto(where);
        await eventually(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
        await check(page, label, width);
      }
    } finally {
      await page.context().close();
    }
  });

  it('holds on the customer pages', async () => {
    const page = await open(width);
    try {
      await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
      await page.waitForURL('**/dashboard');
      await check(page, 'customer-dashboard', width);
      await page.goto('/events');
      await check(page, 'events', width);
      const events = await page.context().request.get('/api/events');
      const body = (await events.json()) as { items?: { id: string }[] } | { id: string }[];
      const list = Array.isArray(body) ? body : (body.items ?? []);
      expect(list.length).toBeGreaterThan(0);
      await page.goto(`/events?event=${list[0]?.id}`);
      await eventually(() => page.getByRole('heading', { level: 2 }).first().isVisible()).toBe(true);
      await check(page, 'event', width);
      await page.goto('/calendar');
      await check(page, 'calendar', width);
      await page.goto('/marketplace');
      await check(page, 'customer-marketplace', width);
      await page.goto('/messages');
      await check(page, 'messages', width);
      if (width === 'desktop') {
        const list = await boxOf(page, `section[aria-label="${say('messages.list.label')}"]`);
        const hint = await boxOf(page, '.chakra-empty-state__root');
        expect(
          Math.abs(hint.y - list.y),
          '"Select a conversation" lines up with the top of the conversation list',
        ).toBeLessThanOrEqual(12);
      }
      await page.goto('/profile');
      await eventually(() =>
        page.getByRole('button', { name: say('profile.invites.showQr'), exact: true }).isVisible(),
      ).toBe(true);
      await check(page, 'profile', width);
    } finally {
      await page.context().close();
    }
  });

  it('holds on the vendor dashboard, tab by tab', async () => {
    const page = await open(width);
    try {
      await signIn(page, '/login-vendor', DEMO.vendor.email, DEMO.vendor.password);
      await page.waitForURL('**/vendor-dashboard');
      await check(page, 'vendor-dashboard', width);
      // Every tab can be reached: the row scrolls sideways when it is wider than the screen, and says so.
      const list = page.getByRole('tablist').first();
      const row = await list.evaluate((el) => ({
        scrolls: el.scrollWidth > el.clientWidth,
        overflowX: getComputedStyle(el).overflowX,
        cue: el.closest('[data-scroll-cue]')?.getAttribute('data-scroll-cue') ?? null,
      }));
      if (row.scrolls) {
        expect(['auto', 'scroll']).toContain(row.overflowX);
        expect(row.cue, 'a tab row wider than the screen shows that it scrolls').toBe('end');
        // The fade and its arrow lie over the row's end: the right on a left-to-right page, the left
        // on a right-to-left one, where the tabs not yet seen are.
        const rowBox = await list.boundingBox();
        const fade = await page.getByTestId('tabs-more-end').boundingBox();
        if (!rowBox || !fade) throw new Error('the tab row or its fade is not on screen');
        const endGap = RIGHT_TO_LEFT ? fade.x - rowBox.x : rowBox.x + rowBox.width - (fade.x + fade.width);
        expect(
          Math.abs(endGap),
          "the fade saying more tabs lie past the end sits at the row's end",
        ).toBeLessThanOrEqual(1);
      }
      for (const tab of ['messages', 'claims', 'analytics'] as const) {
        const trigger = page.getByTestId(`tab-${tab}`);
        await trigger.scrollIntoViewIfNeeded();
        const box = await trigger.boundingBox();
        expect(
          box && box.x >= 0 && box.x + box.width <= WIDTHS[width].width + 1,
          `${tab} tab on screen`,
        ).toBe(true);
        await trigger.click();
        await page.waitForURL((url) => url.searchParams.get('tab') === tab);
        await eventually(() => trigger.getAttribute('aria-selected')).toBe('true');
        await check(page, `vendor-dashboard-${tab}`, width);
      }
    } finally {
      await page.context().close();
    }
  });

  it('holds on the admin dashboard, tab by tab', async () => {
    const page = await open(width);
    try {
      // Something in the audit log: an account with a long address, suspended and reinstated.
      const elsewhere = await request.newContext({ baseURL: baseUrl() });
      const registered = await elsewhere.post('/api/auth/register', {
        data: {
          name: 'Shoshana Rosenblatt-Weinberger',
          email: `shoshana.rosenblatt-weinberger.${width}.${Date.now()}@family-simcha-example.com`,
          password: 'mazel-tov-2027',
          role: 'customer',
        },
      });
      expect(registered.status()).toBeLessThan(300);
      const { user } = (await registered.json()) as { user: { id: string } };
      // And a pending claim of theirs, with long addresses, for the claims list's cards and rows.
      const claim = await elsewhere.post('/api/vendor-claims', {
        data: {
          businessName: `Rosenblatt-Weinberger Simcha Musicians (${width})`,
          businessDescription: 'A family band for weddings and bar mitzvahs since 1998.',
          businessAddress: '1400 Coney Island Avenue, Brooklyn, NY',
          businessPhone: '718-555-0187',
          businessEmail: `bookings.rosenblatt-weinberger.${width}@family-simcha-example.com`,
          ownershipProof: 'Business registration in my name, available on request.',
          category: 'band',
        },
      });
      expect(claim.status()).toBe(201);
      await elsewhere.dispose();
      await signIn(page, '/admin-login', DEMO.admin.email, DEMO.admin.password);
      await page.waitForURL('**/admin-dashboard');
      for (const step of ['suspend', 'reinstate']) {
        const res = await page.context().request.post(`/api/admin/users/${user.id}/${step}`, {
          data: { reason: `Layout check: ${step} a test account created for this run` },
        });
        expect(res.status(), step).toBeLessThan(300);
      }
      await check(page, 'admin-overview', width);
      for (const tab of ['claims', 'vendors', 'kashrut', 'users', 'activity'] as const) {
        await page.getByTestId(`tab-${tab}`).scrollIntoViewIfNeeded();
        await page.getByTestId(`tab-${tab}`).click();
        await page.waitForURL((url) => url.searchParams.get('tab') === tab);
        // The tab's own content is shown (a lazily loaded tab keeps the last one up meanwhile).
        await eventually(() => page.getByTestId(`tab-${tab}`).getAttribute('aria-selected')).toBe('true');
        await check(page, `admin-${tab}`, width);
        if (width === 'desktop') {
          // Each table fits its panel at a laptop's width: no column (Actions, Changes) cut off at
          // the right behind a sideways scroll.
          expect(await tablesPastTheirPanel(page), `tables of the ${tab} tab`).toEqual([]);
        }
      }
      await page.goto('/admin-dashboard?tab=users&view=reports');
      await check(page, 'admin-reports', width);
      // A page opened on a later tab scrolls the tab row to show it.
      const opened = await page.getByTestId('tab-users').boundingBox();
      expect(
        opened && opened.x >= 0 && opened.x + opened.width <= WIDTHS[width].width + 1,
        'the open tab of a page opened on it is on screen',
      ).toBe(true);
      if (width === 'desktop') {
        await page.goto('/admin-dashboard?tab=activity');
        await settle(page);
        await eventually(() => page.getByTestId('audit-table').count()).toBe(1);
        expect(await tablesPastTheirPanel(page), 'the audit table').toEqual([]);
        // A shortened e-mail address shows in full on hover and on keyboard focus.
        const cut = page.locator('[data-truncated]').first();
        await eventually(() => cut.count()).toBeGreaterThan(0);
        expect(await cut.getAttribute('title')).toMatch(/@/);
        expect(await cut.getAttribute('tabindex')).toBe('0');
      }
    } finally {
      await page.context().close();
    }
  });

  it('named every page it measured', () => {
    expect(checked.filter((c) => c.endsWith(`at ${width}`)).length).toBe(29);
  });
});
