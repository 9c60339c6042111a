import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
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
