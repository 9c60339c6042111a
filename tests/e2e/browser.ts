import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOT_DIR = path.resolve('tests/e2e/.tmp/screenshots');

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

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh browser context (no cookies) at a viewport, collecting console errors. */
export async function openSession(browser: Browser, viewport: ViewportName = 'desktop'): Promise<Session> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

export async function screenshot(page: Page, name: string, viewport: ViewportName): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Let entrance animations settle so the picture shows the page at rest.
  await page.waitForTimeout(400);
  // Pictures are for looking at after a run, never committed: a full run rewrites about 20 MB of them.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${viewport}.png`), fullPage: true });
}

export async function signIn(page: Page, loginPath: string, email: string, password: string): Promise<void> {
  await page.goto(loginPath);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
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
