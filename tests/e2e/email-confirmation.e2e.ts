import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTexts } from '../../src/server/platform/mail/mail-texts';
import {
  baseUrl,
  expectAccessible,
  launchBrowser,
  openSession,
  screenshot,
  signUpCustomer,
  uniqueTag,
  type ViewportName,
} from './browser';
import { LANGUAGE, say, withoutIsolates } from './language';
import { mailFiles, waitForMail } from './mailbox';

/**
 * E-mail confirmation (decision 030): a newcomer signs up, sees what waits on confirming, asks for
 * the link again, opens it on another device without signing in, and finds the account confirmed.
 * A link that cannot be used says so and where to go.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];
const WAIT = { timeout: 15_000 };
/** The mail's subject in the newcomer's language: an account takes the language of its sign-up. */
const SUBJECT = mailTexts(LANGUAGE).t('auth.confirmEmail.subject');

/** Refused requests the journey causes on purpose; Chromium logs every non-2xx response. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: .* status of 400/.test(e));
}

function confirmationLink(text: string): URL {
  const link = /https?:\/\/\S+\/confirm-email#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${text}`);
  return new URL(link);
}

describe.each(viewports)('e-mail confirmation at %s width', (viewport) => {
  it('asks a newcomer to confirm, sends the link again, and confirms it from another device', async () => {
    const stamp = `${viewport}.${Date.now()}`;
    // An address of a usual length: the pages keep it on one line where it fits (layout-checks.ts).
    const email = `miriam.${uniqueTag()}@example.com`;
    const { page, errors, context } = await openSession(browser, viewport);
    const before = await mailFiles();
    await signUpCustomer(page, 'Miriam Adler', email, `Tallit-bag-${stamp}`);

    const banner = page.getByTestId('email-confirmation-banner');
    await expect.poll(() => banner.isVisible(), WAIT).toBe(true);
    await expect
      .poll(async () => withoutIsolates((await banner.textContent()) ?? ''), WAIT)
      .toContain(say('common.emailConfirm.sentWithQuota', { email, size: '20 MB' }));
    await expectAccessible(page, `dashboard with the confirmation banner (${viewport})`);
    await screenshot(page, 'email-confirmation-banner', viewport);

    // The sign-up's mail arrives; a second link is asked for, and both work until one is used.
    const first = await waitForMail(email, { seen: before, subject: SUBJECT });
    await page.getByRole('button', { name: say('common.emailConfirm.sendAgain'), exact: true }).click();
    await expect
      .poll(
        () => page.getByRole('status').getByText(say('common.emailConfirm.resent')).first().isVisible(),
        WAIT,
      )
      .toBe(true);
    const second = await waitForMail(email, { seen: [...before, first.file], subject: SUBJECT });
    const link = confirmationLink(second.text);
    expect(link.origin).toBe(baseUrl());

    // Opened on a phone's mail app, signed out.
    const other = await openSession(browser, viewport);
    await other.page.goto(`${link.pathname}${link.hash}`);
    await expect.poll(() => other.page.getByTestId('confirm-email-confirmed').isVisible(), WAIT).toBe(true);
    expect(
      withoutIsolates((await other.page.getByTestId('confirm-email-confirmed').textContent()) ?? ''),
    ).toContain(say('auth.confirm.confirmed', { email }));
    // The token leaves the address bar, and the history entry, at once.
    expect(await other.page.evaluate(() => window.location.href)).toBe(`${baseUrl()}/confirm-email`);
    await expect
      .poll(
        () => other.page.getByRole('link', { name: say('auth.register.signIn'), exact: true }).isVisible(),
        WAIT,
      )
      .toBe(true);
    await expectAccessible(other.page, `confirmed (${viewport})`);
    await screenshot(other.page, 'email-confirmed', viewport);
    expect(unexpected(other.errors)).toEqual([]);
    await other.context.close();

    // Back on the first device, the banner is gone once the session is read again.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => banner.count(), WAIT).toBe(0);
    const me = await (await page.context().request.get('/api/auth/me')).json();
    expect(me.user.emailConfirmedAt).not.toBeNull();

    // The first link, never used, still confirms (the same address): a signed-in click lands well.
    await page.goto(`${confirmationLink(first.text).pathname}${confirmationLink(first.text).hash}`);
    await expect.poll(() => page.getByTestId('confirm-email-confirmed').isVisible(), WAIT).toBe(true);
    await page.getByRole('link', { name: say('auth.confirm.toDashboard'), exact: true }).click();
    await page.waitForURL('**/dashboard');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('says plainly when a link cannot be used, and where to get a new one', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/confirm-email#token=not-a-real-token');
    const failed = page.getByTestId('confirm-email-failed');
    await expect.poll(() => failed.isVisible(), WAIT).toBe(true);
    expect(await failed.textContent()).toContain(say('errors.account.confirmLinkInvalid'));
    await expect
      .poll(() => page.getByRole('heading', { name: say('auth.linkUnusable'), exact: true }).isVisible())
      .toBe(true);
    await expectAccessible(page, `unusable link (${viewport})`);
    await screenshot(page, 'email-confirm-invalid', viewport);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
