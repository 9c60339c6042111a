import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../../src/shared/i18n';
import {
  DEMO,
  launchBrowser,
  openSession,
  reactOwns,
  screenshot,
  signIn,
  type ViewportName,
  watchDrawnStyles,
} from './browser';
import { LANGUAGE, LOCALE, say, sayIn, sayPattern } from './language';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];

describe.each(viewports)('foundation journeys at %s width', (viewport) => {
  it('shows the landing page with the categories and figures', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: sayPattern('terms.category.venues', {}, { start: false }) })
          .first()
          .isVisible(),
      )
      .toBe(true);
    // The figures are counted from the database, never the invented ones of the first design.
    const answer = await context.request.get('/trpc/meta.siteFigures');
    const figures = (await answer.json()).result.data.json as { families: number; vendors: number };
    expect(figures.vendors).toBeGreaterThan(0);
    const vendors = new Intl.NumberFormat(LOCALE).format(figures.vendors);
    await expect.poll(() => page.getByText(vendors, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText('5,000+').count()).toBe(0);
    const href = await page
      .getByRole('link', { name: sayPattern('terms.category.venues', {}, { start: false }) })
      .first()
      .getAttribute('href');
    expect(href).toBe('/marketplace?category=Venues');
    await page.waitForTimeout(3200); // past the confetti
    await screenshot(page, 'landing', viewport);
    for (const path of ['/login-vendor', '/register', '/admin-login', '/about', '/pricing']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await screenshot(page, path.slice(1), viewport);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('paints the landing page from its HTML, before and without any script', async () => {
    // The server draws the landing page for visitors: with scripts off, the whole page is there.
    const { page, context } = await openSession(browser, viewport, { scripts: false });
    await page.goto('/');
    // Its name, as a screen reader reads it.
    const heading = page.getByRole('heading', { level: 1, name: say('landing.hero.title') });
    expect(await heading.isVisible()).toBe(true);
    expect(
      await page
        .getByRole('link', { name: sayPattern('terms.category.venues', {}, { start: false }) })
        .first()
        .getAttribute('href'),
    ).toBe('/marketplace?category=Venues');
    expect(
      await page
        .getByRole('link', { name: say('common.account.customerLogin') })
        .first()
        .isVisible(),
    ).toBe(viewport === 'desktop');
    expect(await page.getByRole('button', { name: say('common.menu.open') }).isVisible()).toBe(
      viewport === 'phone',
    );
    await context.close();
  });

  it("takes over only the landing page's header: its words and links stay the server's, in the language chosen", async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    // The drawn hero heading and footer, as the browser first has them (decision 049).
    await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
      window.__drawn = {
        hero: document.getElementById('hero-title'),
        footer: document.querySelector('footer'),
      };
    });`);
    const drawnStyles = await watchDrawnStyles(page);
    await page.goto('/');
    const other = LANGUAGE === 'he' ? 'en' : 'he';
    const switchName = LANGUAGE_NAMES[other];
    const menuOrSwitch =
      viewport === 'desktop'
        ? page.getByRole('banner').getByRole('button', { name: switchName })
        : page.getByRole('button', { name: say('common.menu.open') });
    // The header is the app's once the page is taken over (React's own keys are on its elements) ...
    await expect.poll(() => reactOwns(page, 'header button')).toBe(true);
    // ... and the words below it are the very elements the server drew, never rendered by the app.
    expect(await reactOwns(page, '#hero-title')).toBe(false);
    expect(await reactOwns(page, 'footer')).toBe(false);
    const drawnStill = () =>
      page.evaluate(() => {
        const drawn = (window as { __drawn?: { hero: Element | null; footer: Element | null } }).__drawn;
        return drawn?.hero?.isConnected === true && drawn.footer?.isConnected === true;
      });
    expect(await drawnStill()).toBe(true);
    // The drawn styles stay where they are, and the app writes none of them again (decision 050).
    expect(await drawnStyles()).toEqual({ moved: 0, rewritten: [] });
    // The language switch (in the phone's menu) draws the whole page in the other language.
    await menuOrSwitch.click();
    if (viewport === 'phone')
      await page.getByRole('dialog').getByRole('button', { name: switchName }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(other);
    await expect
      .poll(() => page.locator('#hero-title').textContent())
      .toBe(sayIn(other, 'landing.hero.title'));
    expect(await drawnStill()).toBe(false);
    expect(await reactOwns(page, '#hero-title')).toBe(true);
    // A link in the drawn part is a plain link: it opens the page it names.
    await page.reload();
    await page.getByRole('link', { name: sayIn(other, 'common.footer.pricing') }).click();
    await page.waitForURL('**/pricing');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up as a customer and lands on the dashboard', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/login-customer');
    await screenshot(page, 'login-customer', viewport);
    await page.getByRole('link', { name: sayPattern('auth.toggle.toSignUp', {}, { start: false }) }).click();
    await page.getByRole('textbox', { name: sayPattern('common.field.fullName') }).fill('Tamar Weiss');
    await page
      .getByRole('textbox', { name: sayPattern('auth.signIn.email') })
      .fill(`tamar.${viewport}.${Date.now()}@example.com`);
    await page.locator('input[name="password"]').fill('chuppah123');
    await page.getByRole('textbox', { name: sayPattern('auth.signUp.familyLabel') }).fill('Weiss Family');
    await page.getByRole('button', { name: say('auth.signUp.submit'), exact: true }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText(/Tamar/).first().isVisible()).toBe(true);
    await screenshot(page, 'dashboard-after-sign-up', viewport);

    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({
      name: 'Tamar Weiss',
      role: 'customer',
      familyLabel: 'Weiss Family',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a vendor on the customer sign-in page and leaves them signed out', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await signIn(page, '/login-customer', DEMO.vendor.email, DEMO.vendor.password);
    await expect.poll(() => page.getByText(say('auth.signIn.accessDenied')).first().isVisible()).toBe(true);
    expect(await page.getByText(say('errors.auth.useVendorLogin')).first().isVisible()).toBe(true);
    await screenshot(page, 'access-denied', viewport);
    expect(new URL(page.url()).pathname).toBe('/login-customer');
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    // The refused sign-in is a 403 response, which Chromium always logs; nothing else may be.
    expect(errors.filter((e) => !/Failed to load resource: .* 403/.test(e))).toEqual([]);
    await context.close();
  });

  it('signs in the demo vendor on the vendor page and the admin on the customer page', async () => {
    const vendor = await openSession(browser, viewport);
    await signIn(vendor.page, '/login-vendor', DEMO.vendor.email, DEMO.vendor.password);
    await vendor.page.waitForURL('**/vendor-dashboard');
    await screenshot(vendor.page, 'vendor-dashboard', viewport);
    expect(vendor.errors).toEqual([]);
    await vendor.context.close();

    const admin = await openSession(browser, viewport);
    await signIn(admin.page, '/login-customer', DEMO.admin.email, DEMO.admin.password);
    await admin.page.waitForURL('**/admin-dashboard');
    await screenshot(admin.page, 'admin-dashboard', viewport);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('shows the sign-in screen on /dashboard when signed out, and the app after signing in there', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await screenshot(page, 'dashboard-signed-out', viewport);

    await page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).fill(DEMO.customer.email);
    await page.locator('input[name="password"]').fill(DEMO.customer.password);
    await page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).click();
    await expect.poll(() => page.getByText(/Sarah/).first().isVisible()).toBe(true);
    await screenshot(page, 'dashboard', viewport);

    for (const path of ['/events', '/calendar', '/profile', '/messages', '/marketplace']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `frame${path.replace('/', '-')}`, viewport);
    }
    await page.goto('/dashboard');
    if (viewport === 'phone') {
      await page.getByRole('button', { name: say('common.menu.open') }).click();
      await page.waitForTimeout(400);
      await screenshot(page, 'navigation-menu', viewport);
    }
    await page.getByRole('button', { name: say('common.appNav.signOut') }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    const answer = await page.goto('/no-such-page/at-all');
    expect(answer?.status()).toBe(404);
    await expect.poll(() => page.getByText('404').first().isVisible()).toBe(true);
    await screenshot(page, 'not-found', viewport);
    // The browser logs the page's own 404 answer; nothing else may be logged.
    expect(errors.filter((e) => !/Failed to load resource: .* 404/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('signing out', () => {
  // Signing out just as a page opens: its first reads and the refetches the live stream asks for on
  // connecting may still be on their way, and one that reaches the server after the logout is
  // answered 401 (a console error; it failed a CI run once). Sign Out is clicked at several moments
  // of the page's start-up. (A version that let the unread poll start once signed out failed here
  // every time.)
  it('refuses nothing when Sign Out is clicked as the live stream connects', async () => {
    const { page, errors, context } = await openSession(browser, 'desktop');
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
    await page.waitForURL('**/dashboard');
    for (const pause of [0, 15, 30, 45, 60, 90]) {
      const stream = page.waitForResponse((response) => response.url().includes('messages.events'));
      await page.goto('/dashboard');
      await stream;
      await page.waitForTimeout(pause);
      await page.getByRole('button', { name: say('common.appNav.signOut') }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForTimeout(500);
      // Signing in again in the same tab opens the live stream again.
      const reopened = page.waitForResponse((response) => response.url().includes('messages.events'));
      await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
      await page.waitForURL('**/dashboard');
      await reopened;
    }
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
