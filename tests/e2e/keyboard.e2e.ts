import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toCivilDate } from '../../src/shared/jewish-calendar';
import { DEMO, launchBrowser, openSession, screenshot, type ViewportName } from './browser';
import { say, sayPattern } from './language';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How the focused element shows that it has the focus, read from its computed style. */
interface FocusStyle {
  description: string;
  indicated: boolean;
}

/**
 * Whether the focused element draws a focus indicator: an outline or a box shadow on itself, or, for
 * an input that is visually hidden behind a drawn control (a switch, a checkbox), on the control
 * that the component marks with data-focus-visible.
 */
async function focusStyle(page: Page): Promise<FocusStyle> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { description: 'the page itself', indicated: false };
    const draws = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return outline || shadow;
    };
    const rect = el.getBoundingClientRect();
    const hiddenInput = rect.width <= 1 || rect.height <= 1;
    const root = el.closest('label, [data-scope]');
    const control = hiddenInput && root ? root.querySelector('[data-focus-visible]:not(input)') : null;
    // A card that is one big link draws the ring round the whole card (focus-within).
    const card = el.closest('.chakra-linkbox');
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return {
      description: `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`,
      indicated: draws(el) || (control !== null && draws(control)) || (card !== null && draws(card)),
    };
  });
}

async function expectFocusIndicator(page: Page): Promise<void> {
  const style = await focusStyle(page);
  if (!style.indicated) throw new Error(`No visible focus indicator on ${style.description}`);
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, checking on every stop along the way
 * that the focused element shows it.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusIndicator(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/**
 * From a freshly shown page: the first Tab stop is the skip link, shown while it has the focus, and
 * Enter on it puts the focus on the page's main content.
 */
async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: say('common.skipToContent'), exact: true });
  if (!(await isFocused(skip)))
    throw new Error(`The first Tab stop is ${(await focusStyle(page)).description}, not the skip link`);
  await expectFocusIndicator(page);
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.width > 20).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');
}

/**
 * The dialog holds the focus (Tab from its last element comes back to its first), and Escape closes
 * it and gives the focus back to the element that opened it.
 */
async function expectFocusTrapAndReturn(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const lastIndex = await dialog.evaluate((el) => {
    const tabbable = [
      ...el.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((node) => node.tabIndex >= 0 && node.getClientRects().length > 0);
    const last = tabbable.at(-1);
    last?.setAttribute('data-last-tab-stop', '');
    tabbable[0]?.setAttribute('data-first-tab-stop', '');
    return tabbable.length - 1;
  });
  expect(lastIndex).toBeGreaterThan(0);
  await tabTo(page, dialog.locator('[data-last-tab-stop]'), { max: 40 });
  await page.keyboard.press('Tab');
  await expectFocusIndicator(page);
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  expect(await isFocused(dialog.locator('[data-first-tab-stop]'))).toBe(true);
  // And backwards: Shift+Tab from the first element goes round to the last.
  await page.keyboard.press('Shift+Tab');
  expect(await isFocused(dialog.locator('[data-last-tab-stop]'))).toBe(true);

  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => isFocused(opener)).toBe(true);
  await expectFocusIndicator(page);
}

/**
 * A date input takes its parts as typed digits, in the order of the browser's own language, not the
 * page's: the journeys' Chromium speaks English (en-US), month, day, year, in either run.
 */
function typedDate(civil: string): string {
  const [year, month, day] = civil.split('-');
  return `${month}${day}${year}`;
}

async function toast(page: Page, title: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible())
    .toBe(true);
}

const viewports: ViewportName[] = ['desktop', 'phone'];

describe.each(viewports)('keyboard-only journey at %s width', (viewport) => {
  it('signs in, creates an event, searches the marketplace and requests availability without a pointer', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    const eventTitle = `Keyboard Kiddush ${viewport} ${Date.now()}`;

    // Sign in: skip link first, then the form, submitted with Enter.
    await page.goto('/login-customer');
    await page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).waitFor();
    await skipToContent(page);
    await tabTo(page, page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }));
    await page.keyboard.type(DEMO.customer.email);
    await tabTo(page, page.locator('input[name="password"]'));
    await page.keyboard.type(DEMO.customer.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: sayPattern('dashboard.welcome') }).isVisible())
      .toBe(true);

    // The home page: the skip link again, then the navigation to My Events (the side panel before the
    // content on a desktop, the bottom bar after it on a phone).
    await skipToContent(page);
    const eventsLink =
      viewport === 'desktop'
        ? page
            .getByRole('navigation', { name: say('common.nav.main'), exact: true })
            .getByRole('link', { name: say('common.appNav.myEvents'), exact: true })
        : page
            .getByRole('navigation', { name: say('common.appNav.quick'), exact: true })
            .getByRole('link', { name: sayPattern('common.appNav.short.events', {}, { start: false }) });
    await tabTo(page, eventsLink, { back: viewport === 'desktop' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/events');

    // My Events: the create dialog holds the focus and gives it back on Escape.
    const createButton = page.getByRole('button', { name: say('events.page.create'), exact: true });
    await createButton.waitFor();
    await skipToContent(page);
    await tabTo(page, createButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: say('events.form.createTitle'), exact: true });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'keyboard-create-dialog', viewport);
    await expectFocusTrapAndReturn(page, dialog, createButton);

    // Open it again with Space and fill it in.
    await page.keyboard.press('Space');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await tabTo(page, dialog.getByRole('textbox', { name: sayPattern('events.form.title') }));
    await page.keyboard.type(eventTitle);
    const typeSelect = dialog.getByRole('combobox', { name: say('events.form.type'), exact: true });
    await tabTo(page, typeSelect);
    for (let i = 0; i < 10 && (await typeSelect.inputValue()) !== 'Other'; i++)
      await page.keyboard.press('ArrowDown');
    expect(await typeSelect.inputValue()).toBe('Other');
    // Two years out: later than the demo events, so the home page's next two stay the same for the
    // journeys that read them.
    const date = addDays(toCivilDate(new Date()), 730);
    const dateInput = dialog.locator('input[name="date"]');
    await tabTo(page, dateInput);
    await page.keyboard.type(typedDate(date));
    expect(await dateInput.inputValue()).toBe(date);
    await tabTo(page, dialog.getByRole('textbox', { name: say('events.form.venue'), exact: true }));
    await page.keyboard.type('Young Israel of Teaneck');
    await screenshot(page, 'keyboard-create-event', viewport);
    await tabTo(page, dialog.getByRole('button', { name: say('events.form.createTitle'), exact: true }));
    await page.keyboard.press('Enter');
    await toast(page, say('events.form.created'));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: eventTitle }).isVisible()).toBe(true);

    // The marketplace, reached through the navigation.
    const marketLink =
      viewport === 'desktop'
        ? page
            .getByRole('navigation', { name: say('common.nav.main'), exact: true })
            .getByRole('link', { name: say('common.appNav.marketplace'), exact: true })
        : page
            .getByRole('navigation', { name: say('common.appNav.quick'), exact: true })
            .getByRole('link', { name: sayPattern('common.appNav.short.vendors', {}, { start: false }) });
    await tabTo(page, marketLink, { back: viewport === 'desktop' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/marketplace');
    const search = page.getByRole('combobox', { name: say('marketplace.search.label'), exact: true });
    await search.waitFor();
    await skipToContent(page);

    // Search by keyboard: type, pick the first suggestion with the arrow key, Enter.
    await tabTo(page, search);
    await page.keyboard.type('Levy');
    await expect
      .poll(() =>
        page.getByRole('listbox', { name: say('marketplace.search.suggestions'), exact: true }).isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await search.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(/search=/);
    const firstCard = page
      .locator('section[aria-labelledby="results-heading"] [data-testid="vendor-card"]')
      .first();
    await firstCard.waitFor();
    await expect.poll(() => firstCard.getByRole('heading').first().textContent()).toMatch(/Levy/);
    await screenshot(page, 'keyboard-search', viewport);

    // The request dialog from the card's button: trapped and returned, then sent.
    const requestButton = firstCard.getByRole('button', {
      name: sayPattern('marketplace.card.actionLabel', { action: say('marketplace.request.action') }),
    });
    await tabTo(page, requestButton);
    await page.keyboard.press('Enter');
    const request = page.getByRole('dialog');
    await expect
      .poll(() =>
        request.getByRole('heading', { name: say('marketplace.request.action'), exact: true }).isVisible(),
      )
      .toBe(true);
    await expectFocusTrapAndReturn(page, request, requestButton);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        request.getByRole('heading', { name: say('marketplace.request.action'), exact: true }).isVisible(),
      )
      .toBe(true);
    const linkSelect = request.getByRole('combobox', {
      name: say('marketplace.request.linkEvent'),
      exact: true,
    });
    await tabTo(page, linkSelect);
    const chosen = () => linkSelect.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text);
    // Typing on a closed select picks the option that starts with the typed text; arrowing past other
    // events would fill the date from the first of them.
    await page.keyboard.type(eventTitle);
    expect(await chosen()).toBe(eventTitle);
    expect(await request.getByLabel(say('marketplace.request.date')).inputValue()).toBe(date);
    await tabTo(page, request.getByLabel(say('marketplace.request.message')));
    await page.keyboard.type('A kiddush for about 80 guests after the Shabbat morning service.');
    await screenshot(page, 'keyboard-request', viewport);
    await tabTo(page, request.getByRole('button', { name: say('marketplace.request.submit'), exact: true }));
    await page.keyboard.press('Enter');
    // Its title says whether the business will answer (a listing it manages) or the request waits.
    const sentTitle = new RegExp(
      `^(?:${sayPattern('marketplace.request.sent', {}, { start: false }).source}|${sayPattern('marketplace.request.sentUnmanaged', {}, { start: false }).source})`,
    );
    const sentToast = page.getByRole('status').filter({ hasText: sentTitle }).first();
    await expect.poll(() => sentToast.isVisible()).toBe(true);
    const toastText = (await sentToast.textContent()) ?? '';
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const sent = (await (await context.request.get('/api/availability-requests')).json()) as {
      message: string;
      vendor: { managed: boolean };
    }[];
    const mine = sent.find((r) => r.message.startsWith('A kiddush for about 80 guests'));
    expect(mine).toBeDefined();
    // A reply is promised only by a listing its business manages; otherwise the wait is said.
    expect(toastText).toContain(
      say(
        (mine?.vendor.managed ?? true)
          ? 'marketplace.request.sentDescription'
          : 'marketplace.request.sentUnmanagedDescription',
      ),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
