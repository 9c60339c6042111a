import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsFinished,
  baseUrl,
  DEMO,
  eventually,
  launchBrowser,
  SCREENSHOT_DIR,
  signIn,
} from './browser';

/**
 * Every page of each role at a laptop's width and a phone's, pictured and measured: nothing visible
 * runs past the screen's sides (outside a row meant to scroll sideways), nothing sticks out of the
 * card it sits in, and a few places where things used to overlap or hide are checked by name.
 * Pictures go to the git-ignored tests/e2e/.tmp/screenshots/layout, for looking at after a run.
 */

const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

const PICTURES = path.join(SCREENSHOT_DIR, 'layout');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(PICTURES, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function open(width: Width): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDTHS[width], baseURL: baseUrl() });
  return context.newPage();
}

/** The page at rest: its requests answered, its fonts in, its entrance animations over. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await animationsFinished(page);
  // No skeleton or spinner still standing in for content.
  await eventually(() => page.locator('.chakra-skeleton:visible, .chakra-spinner:visible').count()).toBe(0);
  await page.waitForTimeout(300);
}

/** Tables wider than the area they scroll in, by test id, with by how much. */
async function tablesPastTheirPanel(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .filter((table) => table.checkVisibility())
      .map((table) => {
        const area = table.parentElement as HTMLElement;
        const over = Math.ceil(table.getBoundingClientRect().right - area.getBoundingClientRect().right);
        return over > 1
          ? `${table.getAttribute('data-testid') ?? 'a table'} runs ${over}px past its panel`
          : '';
      })
      .filter(Boolean),
  );
}

/**
 * Every problem with the page's layout as it stands, one readable line each: the page wider than
 * the screen, visible elements past the screen's sides, elements or text past the card they sit in,
 * and e-mail addresses broken over two lines.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const vw = Math.min(window.innerWidth, root.clientWidth);
    if (root.scrollWidth > vw) problems.push(`the page is ${root.scrollWidth}px wide, the screen ${vw}px`);

    const name = (el: Element): string => {
      const parts: string[] = [];
      let node: Element | null = el;
      while (node && node !== document.body && parts.length < 4) {
        let part = node.tagName.toLowerCase();
        const testId = node.getAttribute('data-testid');
        const label = node.getAttribute('aria-label');
        if (node.id && !/^[:«r]/.test(node.id)) part += `#${node.id}`;
        if (testId) part += `[data-testid="${testId}"]`;
        else if (label) part += `[aria-label="${label.slice(0, 40)}"]`;
        parts.unshift(part);
        if (testId || (node.id && !/^[:«r]/.test(node.id))) break;
        node = node.parentElement;
      }
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
    };

    const styleOf = (el: Element) => getComputedStyle(el);
    /** Present to the eye: rendered, not hidden, with a size, and not a visually hidden (sr-only) label. */
    const shown = (el: Element, rect: DOMRect): boolean => {
      if (rect.width < 1 || rect.height < 1) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const s = styleOf(el);
      if (s.position === 'absolute' && rect.width <= 1 && rect.height <= 1) return false;
      if (s.clip && s.clip !== 'auto' && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(s.clip))
        return false;
      if (s.clipPath === 'inset(50%)') return false;
      return true;
    };
    const clips = (el: Element): boolean => {
      const s = styleOf(el);
      return s.overflowX !== 'visible' || s.contain.includes('paint');
    };
    /** The nearest ancestor (below `stop`) that clips or scrolls what it holds. */
    const clippedBelow = (el: Element, stop: Element | null): Element | null => {
      for (
        let a = el.parentElement;
        a && a !== stop && a !== document.body && a !== root;
        a = a.parentElement
      ) {
        if (clips(a)) return a;
      }
      return null;
    };
    /** Inside a fixed layer (a toast, a dialog, a drawer): measured against the screen by itself. */
    const all = [...document.body.querySelectorAll('*')].filter(
      (el) => !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'BR', 'OPTION'].includes(el.tagName),
    );

    // Past the screen's sides: what the page scrolls sideways in is meant to (a strip of cards, tabs).
    for (const el of all) {
      const rect = el.getBoundingClientRect();
      if (!shown(el, rect)) continue;
      if (rect.right <= vw + 1 && rect.left >= -1) continue;
      if (clippedBelow(el, null)) continue;
      problems.push(`${name(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${vw}px`);
    }

    // Past its card: the card's own clipping (overflow hidden) hides what would stick out.
    const cards = [...document.querySelectorAll('[data-card], .chakra-card__root')];
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (!shown(card, box)) continue;
      if (clips(card)) continue;
      const past = (r: DOMRect) =>
        r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
      for (const el of card.querySelectorAll('*')) {
        const rect = el.getBoundingClientRect();
        if (!shown(el, rect) || !past(rect)) continue;
        if (clippedBelow(el, card)) continue;
        if (styleOf(el).position === 'fixed') continue;
        problems.push(`${name(el)} sticks out of its card ${name(card).slice(0, 80)}`);
      }
      // Text that runs past its box (a word too long for it) and out of the card.
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const parent = text.parentElement;
        if (!parent || !text.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const rect = range.getBoundingClientRect();
        if (!shown(parent, parent.getBoundingClientRect()) || !past(rect)) continue;
        if (clips(parent) || clippedBelow(parent, card)) continue;
        problems.push(
          `text "${text.textContent.trim().slice(0, 50)}" runs out of its card ${name(card).slice(0, 80)}`,
        );
      }
    }

    // An e-mail address reads as one word: never broken over two lines.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.textContent?.trim() ?? '';
      const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(value);
      if (!email || !text.parentElement) continue;
      const start = value.indexOf(email[0]) + (text.textContent?.indexOf(value) ?? 0);
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, start + email[0].length);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
      );
      if (tops.size > 1 && shown(text.parentElement, text.parentElement.getBoundingClientRect()))
        problems.push(
          `the e-mail address ${email[0]} is broken over ${tops.size} lines in ${name(text.parentElement)}`,
        );
    }
    return [...new Set(problems)];
  });
}

const checked: string[] = [];

/** The page pictured, and its layout measured: every problem named in the failure. */
async function check(page: Page, label: string, width: Width): Promise<void> {
  await settle(page);
  const file = `${label.replace(/\W+/g, '-')}-${width}.png`;
  await page.screenshot({ path: path.join(PICTURES, file) });
  const problems = await layoutProblems(page);
  checked.push(`${label} at ${width}`);
  expect(problems, `layout of ${label} at ${width} width (${page.url()})`).toEqual([]);
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
      const picker = page.getByRole('button', { name: /^Location: Global/ });
      await eventually(() => picker.isVisible()).toBe(true);
      await eventually(() =>
        page.getByRole('list', { name: 'Featured vendors', exact: true }).isVisible(),
      ).toBe(true);
      await check(page, 'marketplace', width);
      // The first featured card keeps the page's margin from the screen's edge.
      const strip = page.getByRole('list', { name: 'Featured vendors', exact: true });
      const first = await strip.getByRole('listitem').first().boundingBox();
      expect(first?.x, 'the first featured card keeps clear of the left edge').toBeGreaterThanOrEqual(12);
      // Asked for, a refused location is explained, with the way to name a city instead.
      expect(await page.getByTestId('location-notice').count()).toBe(0);
      await picker.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Use my current location' }).click();
      const notice = page.getByTestId('location-notice');
      await eventually(() => notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toMatch(/not allowed.*type its city in the search box/);
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
        const list = await boxOf(page, 'section[aria-label="Conversation list"]');
        const hint = await boxOf(page, '.chakra-empty-state__root');
        expect(
          Math.abs(hint.y - list.y),
          '"Select a conversation" lines up with the top of the conversation list',
        ).toBeLessThanOrEqual(12);
      }
      await page.goto('/profile');
      await eventually(() => page.getByRole('button', { name: 'Show QR code' }).isVisible()).toBe(true);
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
