import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, conflictFor, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import { requestSentNotice } from '../../src/shared/schemas/requests';
import {
  baseUrl,
  DEMO,
  fieldMessage,
  launchBrowser,
  openSession,
  type Session,
  screenshot,
  signIn,
  VIEWPORTS,
  type ViewportName,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];

/** A 1x1 transparent PNG: small, and a real image for the upload's signature check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const resultCards = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] [data-testid="vendor-card"]');

async function waitForResults(page: Page): Promise<void> {
  await expect.poll(() => resultCards(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** The first date from two months ahead on the given weekday that does (or does not) conflict. */
function dateAhead(weekday: number, conflicting: boolean): string {
  let date = addDays(toCivilDate(new Date()), 60);
  for (let i = 0; i < 400; i++, date = addDays(date, 1)) {
    if (dayOfWeek(date) === weekday && conflictFor(date).hasConflict === conflicting) return date;
  }
  throw new Error('no such date');
}

/**
 * The first date from two months ahead on the given weekday to which the server gives no tier at
 * the signed-in family's home place (calendar.check, decision 034): no Omer, fast or festival.
 */
async function freeDateAhead(page: Page, weekday: number): Promise<string> {
  let date = dateAhead(weekday, false);
  for (let i = 0; i < 60; i++, date = addDays(date, 7)) {
    const level = await page.evaluate(async (day) => {
      const input = encodeURIComponent(
        JSON.stringify({ json: { date: day, time: null, durationMinutes: null, placeId: null } }),
      );
      const res = await fetch(`/trpc/calendar.check?input=${input}`, { credentials: 'include' });
      const body = (await res.json()) as {
        result: { data: { json: { conflict: { level: string | null } } } };
      };
      return body.result.data.json.conflict.level;
    }, date);
    if (level === null) return date;
  }
  throw new Error('no free date');
}

/** A toast sits over the footer of a full-screen dialog on a phone: close it before pressing buttons there. */
async function dismissToast(page: Page): Promise<void> {
  // The toast may go by itself first: the checks at a screenshot point can outlast it.
  await page
    .getByRole('button', { name: 'Dismiss notification' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect.poll(() => page.getByRole('button', { name: 'Dismiss notification' }).count()).toBe(0);
}

/**
 * Presses `button` until `shown` appears. On a page drawn by the server, a press before React has
 * taken the markup over does nothing (there is no script yet to answer it).
 */
async function pressUntilVisible(button: Locator, shown: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await shown.isVisible())) await button.click({ timeout: 2_000 }).catch(() => undefined);
        return shown.isVisible();
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toBe(true);
}

/** Chromium logs every 404 response; only the not-found vendor page may produce one. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/status of 404/.test(e));
}

async function geoSession(viewport: ViewportName): Promise<Session> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    baseURL: baseUrl(),
    geolocation: { latitude: 40.79, longitude: -73.97 },
  });
  await context.grantPermissions(['geolocation']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

interface SentRequest {
  message: string;
  vendor: { managed: boolean };
}

/** The text of the toast a sent request shows, whichever of its two forms (managed or not). */
async function sentToastText(page: Page): Promise<string> {
  const toast = page
    .getByRole('status')
    .filter({ hasText: /^Request sent/ })
    .first();
  await expect.poll(() => toast.isVisible()).toBe(true);
  return (await toast.textContent()) ?? '';
}

describe.each(viewports)('marketplace journeys at %s width', (viewport) => {
  it('lets a visitor browse, filter, search, scroll and open a profile without contact details', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/marketplace');
    await waitForResults(page);
    for (const name of ['Discover by Category', 'Trending This Month', 'New Vendors', 'All Vendors']) {
      expect(await page.getByRole('heading', { name }).isVisible()).toBe(true);
    }
    // No permission granted: the picker falls back to Global.
    await expect
      .poll(() => page.getByRole('button', { name: /^Location: Global/ }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Featured Vendors' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('[aria-label="Featured vendors"] [data-testid="vendor-card"]').count())
      .toBeGreaterThan(0);
    expect(await page.getByRole('option', { name: 'Near Me' }).count()).toBe(0);
    await screenshot(page, 'marketplace', viewport);

    // Infinite scroll: the sentinel at the end brings in page 2.
    expect(await resultCards(page).count()).toBe(24);
    await page.getByTestId('vendor-list-end').scrollIntoViewIfNeeded();
    await expect.poll(() => resultCards(page).count(), { timeout: 10_000 }).toBe(48);

    // Sort Top Rated: kept in the address bar, list read again from page 1.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Sort by').selectOption('rating');
    await page.waitForURL(/sort=rating/);
    await expect.poll(() => resultCards(page).count()).toBe(24);

    // ?category= preselects only the five marketplace categories.
    await page.goto('/marketplace?category=Venues');
    await waitForResults(page);
    expect(await page.getByRole('heading', { name: 'Venues', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Venues', pressed: true }).isVisible()).toBe(true);
    const badges = await resultCards(page).locator('.chakra-badge').first().allTextContents();
    expect(badges.every((b) => b === 'Venues')).toBe(true);
    await screenshot(page, 'marketplace-category', viewport);
    await page.goto('/marketplace?category=Comedians');
    await waitForResults(page);
    expect(await page.getByRole('heading', { name: 'All Vendors' }).isVisible()).toBe(true);

    // Search with suggestions, by keyboard.
    const box = page.getByRole('combobox', { name: 'Search vendors' });
    await box.fill('Gold');
    await expect.poll(() => page.getByRole('listbox', { name: 'Search suggestions' }).isVisible()).toBe(true);
    const firstSuggestion = (await page.getByRole('option').first().textContent()) ?? '';
    expect(firstSuggestion).toMatch(/Gold/);
    await screenshot(page, 'marketplace-suggestions', viewport);
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Enter');
    await page.waitForURL(/search=/);
    await expect
      .poll(() => page.getByRole('heading', { name: /^Search Results for/ }).isVisible())
      .toBe(true);
    await waitForResults(page);
    expect(await resultCards(page).first().textContent()).toContain(firstSuggestion);

    // The profile: contact details hidden, the buttons ask to sign in.
    await resultCards(page).first().getByRole('link').click();
    await page.waitForURL(/\/vendor\//);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(firstSuggestion);
    expect(await page.getByText('Contact information is available to registered users').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Login to view email address').isVisible()).toBe(true);
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
    expect(await page.locator('main').innerHTML()).not.toMatch(/hello@|tel:|mailto:/);
    await screenshot(page, 'vendor-profile-guest', viewport);
    await page.getByRole('button', { name: /Email/ }).click();
    const prompt = page.getByRole('dialog');
    await expect.poll(() => prompt.getByRole('link', { name: 'Customer Login' }).isVisible()).toBe(true);
    expect(await prompt.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register',
    );
    await screenshot(page, 'vendor-login-to-contact', viewport);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Request Availability' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('link', { name: 'Vendor Login' }).isVisible())
      .toBe(true);
    await page.keyboard.press('Escape');

    // List Your Business for a visitor is a prompt, not the form.
    await page.goto('/marketplace');
    await page.getByRole('button', { name: 'List Your Business' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('link', { name: 'Register' }).isVisible())
      .toBe(true);
    await page.keyboard.press('Escape');

    await page.goto('/vendor/00000000-0000-4000-8000-000000000000');
    await expect.poll(() => page.getByRole('heading', { name: 'Vendor Not Found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
    await screenshot(page, 'vendor-not-found', viewport);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("paints a vendor's profile from its HTML for a visitor, and the page it becomes works", async () => {
    const listing = await fetch(`${baseUrl()}/api/vendors?page_size=1`);
    const [vendor] = ((await listing.json()) as { items: { id: string; businessName: string }[] }).items;
    if (!vendor) throw new Error('no vendor listed');
    // Scripts off: the server drew the profile (shared links open on it before any script arrives).
    const { page: drawn, context: still } = await openSession(browser, viewport, { scripts: false });
    await drawn.goto(`/vendor/${vendor.id}`);
    expect(await drawn.getByRole('heading', { level: 1, name: vendor.businessName }).isVisible()).toBe(true);
    expect(await drawn.getByRole('button', { name: 'Request Availability' }).isVisible()).toBe(true);
    await still.close();

    // Scripts on: the same markup is taken over without a mismatch, and its buttons work.
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto(`/vendor/${vendor.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(vendor.businessName);
    await pressUntilVisible(
      page.getByRole('button', { name: 'Request Availability' }),
      page.getByRole('dialog').getByRole('link', { name: 'Vendor Login' }),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints the marketplace from its HTML for a visitor, and the page it becomes works', async () => {
    // Scripts off: the server drew the unfiltered marketplace, its featured strip and first results.
    const { page: drawn, context: still } = await openSession(browser, viewport, { scripts: false });
    // Drawing takes at most a quarter of the server's thread: right after another page was drawn (the
    // test before), the page may come plain until the renderer has rested.
    await expect
      .poll(
        async () => {
          await drawn.goto('/marketplace');
          return drawn.getByRole('heading', { level: 1, name: 'Browse Vendors' }).isVisible();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    expect(await resultCards(drawn).count()).toBeGreaterThan(0);
    const firstName = await resultCards(drawn).first().getByRole('heading').first().textContent();
    await still.close();

    // Scripts on: the same markup is taken over without a mismatch, and a card's button works.
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/marketplace');
    await waitForResults(page);
    expect(await resultCards(page).first().getByRole('heading').first().textContent()).toBe(firstName);
    await pressUntilVisible(
      resultCards(page)
        .first()
        .getByRole('button', { name: /^Login to Contact/ }),
      page.getByRole('dialog').getByRole('link', { name: 'Vendor Login' }),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches for what a visitor typed and sorts by what they chose in the drawn marketplace before the app took it over', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    // The boot script, which only a drawn page names, is held back until the search is typed: the
    // app arrives after the visitor has typed, as on a slow connection or a busy phone.
    let typed: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      typed = resolve;
    });
    await context.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    // Drawing takes at most a quarter of the server's thread: right after another page was drawn, the
    // page may come plain (the app's, with no boot script) until the renderer has rested.
    const box = page.getByRole('combobox', { name: 'Search vendors' });
    await expect
      .poll(
        async () => {
          await page.goto('/marketplace', { waitUntil: 'commit' });
          await box.waitFor();
          return page.locator('#app-scripts').count();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(1);
    await box.fill('Levy Simcha Photography');
    await page.getByLabel('Sort by').selectOption({ label: 'Top Rated' });
    typed();
    // The app has taken the page over once the location picker, granted nothing, says Global.
    await expect
      .poll(() => page.getByRole('button', { name: /^Location: Global/ }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect(box.inputValue()).resolves.toBe('Levy Simcha Photography');
    // The order chosen on the drawn page holds once the app has it.
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('rating');
    await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('rating');
    await box.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Search Results for “Levy Simcha Photography”' }).isVisible(),
      )
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('search')).toBe('Levy Simcha Photography');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('rating');
    await waitForResults(page);
    await expect(
      resultCards(page).getByRole('heading', { name: 'Levy Simcha Photography', exact: true }).count(),
    ).resolves.toBeGreaterThan(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('lets the demo customer see contact links and request availability', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/marketplace');
    await waitForResults(page);
    expect(
      await resultCards(page)
        .first()
        .getByRole('button', { name: /^Request Availability/ })
        .isVisible(),
    ).toBe(true);
    await resultCards(page).first().getByRole('link').click();
    await page.waitForURL(/\/vendor\//);
    await expect.poll(() => page.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await page.getByText('Contact information is available to registered users').count()).toBe(0);
    await screenshot(page, 'vendor-profile-customer', viewport);

    await page.getByRole('button', { name: 'Request Availability' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByRole('heading', { name: 'Request Availability' }).isVisible())
      .toBe(true);
    const send = dialog.getByRole('button', { name: 'Send Request' });
    // Empty: Send stays disabled until event type, date and message are filled in (spec section 6).
    expect(await send.isDisabled()).toBe(true);
    await screenshot(page, 'request-empty', viewport);
    await dialog.getByLabel('Event type').selectOption('Wedding');
    // A date that has passed is refused under the date box (issue 27).
    await dialog.getByLabel('Event date').fill('2024-01-15');
    await dialog.getByLabel('Message').fill('x');
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await expect
      .poll(() => fieldMessage(dialog, 'Event date'))
      .toBe('Please choose a date that has not passed');
    await dialog.getByLabel('Event date').fill(dateAhead(6, true));
    await expect
      .poll(() => dialog.getByText(/^This date overlaps .+ - consider choosing another date\.$/).isVisible())
      .toBe(true);
    await dialog.getByLabel('Message').fill('  We are planning a wedding for about 150 guests.  ');
    await dialog.getByLabel('Guest count').fill('150');
    await screenshot(page, 'request-conflict', viewport);
    await dialog.getByLabel('Event date').fill(await freeDateAhead(page, 2));
    await expect.poll(() => dialog.getByText(/This date overlaps/).count()).toBe(0);

    const files = dialog.locator('input[type="file"]');
    await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText('Some files were rejected').isVisible()).toBe(true);
    expect(await page.getByText('Only JPG, PNG, GIF, and PDF files under 10MB are allowed').isVisible()).toBe(
      true,
    );
    await dismissToast(page);
    await files.setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => dialog.getByText('floor-plan.png').isVisible()).toBe(true);
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    // The toast says what happens next: a reply from a managed listing, or a wait for its business.
    const toastText = await sentToastText(page);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const requests = await context.request.get('/api/availability-requests');
    const sent = (await requests.json()) as SentRequest[];
    const mine = sent.find((r) => r.message === 'We are planning a wedding for about 150 guests.');
    expect(mine).toBeDefined();
    const notice = requestSentNotice(mine?.vendor ?? { managed: true });
    expect(toastText).toContain(notice.title);
    expect(toastText).toContain(notice.description);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a family list its business, which makes theirs a vendor account with the listing on its dashboard', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    const email = `family.business.${viewport}.${Date.now()}@example.com`;
    const registered = await context.request.post('/api/auth/register', {
      data: { name: 'Rivka Sweets', email, password: 'mazel-tov-2027', role: 'customer' },
    });
    expect(registered.status()).toBe(201);

    // A new vendor profile, with an uploaded image.
    await page.goto('/marketplace');
    await waitForResults(page);
    await page.getByRole('button', { name: 'List Your Business' }).click();
    const form = page.getByRole('dialog');
    await expect
      .poll(() => form.getByRole('heading', { name: 'Create Vendor Profile' }).isVisible())
      .toBe(true);
    await form.getByRole('button', { name: 'Create Profile' }).click();
    // The toast, and a message under each required field.
    await expect
      .poll(() => page.getByRole('status').getByText('Please fill in required fields').isVisible())
      .toBe(true);
    await expect.poll(() => fieldMessage(form, 'Business name')).toBe('Please fill in required fields');
    expect(await fieldMessage(form, 'Contact email')).toBe('Please fill in required fields');
    expect(await fieldMessage(form, 'Category')).toBe('Please choose a category from the list');
    const businessName = `Simcha Sweets ${viewport} ${Date.now()}`;
    await form.getByLabel('Business name').fill(businessName);
    await form.getByLabel('Category').selectOption('Shops');
    await form.getByLabel('Contact email').fill('sweets@example.com');
    await form.getByLabel('Description').fill('Candy tables and sweet bars for every simcha.');
    await form.getByLabel('Neighborhood').selectOption('Teaneck');
    await form
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByText('Image uploaded successfully').isVisible()).toBe(true);
    await expect.poll(() => form.getByRole('img', { name: 'Cover image preview' }).isVisible()).toBe(true);
    await screenshot(page, 'vendor-create', viewport);
    await dismissToast(page);
    await form.getByRole('button', { name: 'Create Profile' }).click();
    await expect.poll(() => page.getByText('Vendor profile created successfully').isVisible()).toBe(true);
    const found = await context.request.get(`/api/vendors?search=${encodeURIComponent(businessName)}`);
    const body = (await found.json()) as { items: { businessName: string; imageUrl: string | null }[] };
    expect(body.items[0]).toMatchObject({ businessName });
    expect(body.items[0]?.imageUrl).toMatch(/^\/uploads\//);
    // The account is a vendor's now, and the listing is on its dashboard at once.
    const me = (await (await context.request.get('/api/auth/me')).json()) as { user: { role: string } };
    expect(me.user.role).toBe('vendor');
    await page.goto('/vendor-dashboard');
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Business name/ }).inputValue(), { timeout: 15_000 })
      .toBe(businessName);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the demo vendor browse other listings with their contact details, without requesting', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await signIn(page, '/login-vendor', DEMO.vendor.email, DEMO.vendor.password);
    await page.waitForURL('**/vendor-dashboard');
    await page.goto('/marketplace?category=Venues');
    await waitForResults(page);
    expect(
      await resultCards(page)
        .first()
        .getByRole('button', { name: /^Request Availability/ })
        .count(),
    ).toBe(0);
    await resultCards(page).first().getByRole('link').click();
    await page.waitForURL(/\/vendor\//);
    await expect.poll(() => page.locator('a[href^="mailto:"]').count()).toBe(1);
    await expect
      .poll(() =>
        page.getByText('Availability requests are sent from customer accounts.').first().isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'vendor-profile-as-vendor', viewport);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('narrows the list to a place: Near you by the device, a preset city, Near Me by distance', async () => {
    const { page, errors, context } = await geoSession(viewport);
    await page.goto('/marketplace');
    await expect
      .poll(() => page.getByRole('button', { name: /^Location: Near you/ }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Featured Near You' }).isVisible()).toBe(true);
    await waitForResults(page);
    await page.getByLabel('Sort by').selectOption('near');
    await page.waitForURL(/sort=near/);
    const distances = async () =>
      (await resultCards(page).allTextContents())
        .map((t) => /(Less than 1|[\d.]+) km away/.exec(t)?.[1])
        .map((d) => (d === 'Less than 1' ? 0 : Number(d)));
    // Sorted nearest first once the re-sorted list is in.
    await expect
      .poll(
        async () => {
          const list = await distances();
          return list.length > 1 && list.every((d, i) => i === 0 || (list[i - 1] ?? 0) <= d);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect((await distances()).every((d) => Number.isFinite(d) && d <= 50)).toBe(true);
    await screenshot(page, 'marketplace-near-me', viewport);

    await page.getByRole('button', { name: /^Location:/ }).click();
    const picker = page.getByRole('dialog');
    await expect.poll(() => picker.getByRole('button', { name: 'Chicago' }).isVisible()).toBe(true);
    await screenshot(page, 'marketplace-location', viewport);
    await picker.getByRole('button', { name: 'Chicago' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Location: Chicago/ }).isVisible()).toBe(true);
    await expect
      .poll(
        async () => {
          const texts = await resultCards(page).allTextContents();
          return texts.length > 0 && texts.every((t) => t.includes('Chicago'));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await screenshot(page, 'marketplace-chicago', viewport);

    await page.getByRole('button', { name: /^Location:/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Global' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Location: Global/ }).isVisible()).toBe(true);
    // Near Me needs a position: the list falls back to Most Popular.
    expect(await page.getByRole('option', { name: 'Near Me' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
