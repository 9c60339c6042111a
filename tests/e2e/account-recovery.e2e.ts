import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTexts } from '../../src/server/platform/mail/mail-texts';
import {
  baseUrl,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  signUpCustomer,
  type ViewportName,
} from './browser';
import { LANGUAGE, LOCALE, say, sayPattern, withoutIsolates } from './language';
import { mailFiles, waitForMail } from './mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];

/** Two cores are shared with other work: give each awaited change a few seconds. */
const WAIT = { timeout: 10_000 };

/** Refused requests the journeys cause on purpose; Chromium logs every non-2xx response. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: .* status of (400|401)/.test(e));
}

async function signedIn(page: Page): Promise<boolean> {
  const me = await page.context().request.get('/api/auth/me');
  return me.status() === 200;
}

/** The field's error text, found through the input's aria-errormessage as assistive technology does. */
async function fieldError(page: Page, label: RegExp): Promise<string> {
  const field = page.getByLabel(label);
  if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
  const id = await field.getAttribute('aria-errormessage');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
}

async function focusedName(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);
}

/** Closes the toast so that the picture shows the field message it would cover on a phone. */
async function dismissToast(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: say('common.toast.dismiss') });
  if ((await close.count()) > 0) await close.first().click();
  await expect.poll(() => page.locator('[data-scope="toast"][data-part="root"]').count(), WAIT).toBe(0);
}

async function toastText(page: Page): Promise<string> {
  const toasts = page.locator('[data-scope="toast"][data-part="root"]');
  return (await toasts.count()) > 0 ? withoutIsolates((await toasts.first().textContent()) ?? '') : '';
}

describe.each(viewports)('account recovery at %s width', (viewport) => {
  it('resets a forgotten password through the mailed link, ending the old password and sessions', async () => {
    const stamp = `${viewport}.${Date.now()}`;
    const email = `noa.${stamp}@example.com`;
    const oldPassword = `Chuppah-${stamp}`;
    const newPassword = `Kiddush-cup-${stamp}`;

    // A newcomer signs up on one device...
    const first = await openSession(browser, viewport);
    await signUpCustomer(first.page, 'Noa Friedman', email, oldPassword);
    expect(await signedIn(first.page)).toBe(true);

    // ...and later, on another, cannot remember the password.
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto('/login-customer');
    await page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).fill(email);
    await page.getByRole('link', { name: say('auth.signIn.forgot') }).click();
    await page.waitForURL('**/forgot-password');
    // The address changes at once, but the sign-in page (with its own Email field) stays on screen
    // until the new page's code has loaded and rendered: act once the new form is there.
    await page.getByRole('button', { name: say('auth.forgot.submit'), exact: true }).waitFor();
    // The address typed on the sign-in page comes along.
    const emailField = page.getByRole('textbox', { name: sayPattern('common.field.email') });
    expect(await emailField.inputValue()).toBe(email);
    await emailField.fill('');
    await page.getByRole('button', { name: say('auth.forgot.submit'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('common.field.email')), WAIT)
      .toBe(say('errors.account.resetEmailMissing'));
    expect(await focusedName(page)).toBe('email');
    await emailField.fill(email);
    await screenshot(page, 'forgot-password', viewport);

    const before = await mailFiles();
    await page.getByRole('button', { name: say('auth.forgot.submit'), exact: true }).click();
    await expect
      .poll(async () => withoutIsolates((await page.getByTestId('reset-requested').textContent()) ?? ''))
      .toContain(say('auth.forgot.sentText', { email, minutes: 30 }));
    await screenshot(page, 'forgot-password-sent', viewport);
    await page.getByRole('link', { name: say('auth.recovery.backToSignIn') }).click();
    await page.waitForURL('**/login-customer');

    // The mail the server wrote, read the way a newcomer without a mail server would.
    // Written in the language the newcomer signed up in.
    const subject = mailTexts(LANGUAGE).t('auth.passwordReset.subject');
    const mail = await waitForMail(email, { seen: before, subject });
    expect(mail.headers.subject).toBe(subject);
    const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, `no reset link in the text part of ${mail.file}:\n${mail.text}`).toBeDefined();
    const resetUrl = new URL(link ?? '');
    expect(resetUrl.origin).toBe(baseUrl());

    await page.goto(`${resetUrl.pathname}${resetUrl.hash}`);
    await expect
      .poll(() => page.getByRole('button', { name: say('auth.reset.submit'), exact: true }).isVisible(), WAIT)
      .toBe(true);
    // The token leaves the address bar, and the history entry, at once.
    expect(await page.evaluate(() => window.location.href)).toBe(`${baseUrl()}/reset-password`);

    const newField = page.getByLabel(sayPattern('common.field.newPassword'));
    const confirmField = page.getByLabel(sayPattern('common.field.confirmNewPassword'));
    await newField.fill('abc');
    await confirmField.fill('abc');
    await page.getByRole('button', { name: say('auth.reset.submit'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('common.field.newPassword')), WAIT)
      .toBe(say('errors.auth.passwordTooShort'));
    expect(await focusedName(page)).toBe('newPassword');

    // The product's own demo password is refused by the server, under the field.
    await newField.fill('simcha123');
    await confirmField.fill('simcha123');
    await page.getByRole('button', { name: say('auth.reset.submit'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('common.field.newPassword')))
      .toBe(say('errors.account.passwordTooCommon'));
    await screenshot(page, 'reset-password', viewport);

    await newField.fill(newPassword);
    await confirmField.fill(`${newPassword}x`);
    await page.getByRole('button', { name: say('auth.reset.submit'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('common.field.confirmNewPassword')), WAIT)
      .toBe(say('auth.reset.mismatch'));

    await confirmField.fill(newPassword);
    await page.getByRole('button', { name: say('auth.reset.submit'), exact: true }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toastText(page), WAIT).toContain(say('auth.reset.done'));

    // The old password no longer works...
    await signIn(page, '/login', email, oldPassword);
    await expect.poll(() => toastText(page), WAIT).toContain(say('auth.signIn.failed'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await signedIn(page)).toBe(false);

    // ...the new one does.
    await signIn(page, '/login', email, newPassword);
    await page.waitForURL('**/dashboard');
    expect(await signedIn(page)).toBe(true);

    // The first device was signed out by the reset.
    expect(await signedIn(first.page)).toBe(false);

    // The link worked once only.
    const again = await openSession(browser, viewport);
    await again.page.goto(`${resetUrl.pathname}${resetUrl.hash}`);
    await again.page.getByLabel(sayPattern('common.field.newPassword')).fill(`${newPassword}-2`);
    await again.page.getByLabel(sayPattern('common.field.confirmNewPassword')).fill(`${newPassword}-2`);
    await again.page.getByRole('button', { name: say('auth.reset.submit'), exact: true }).click();
    await expect
      .poll(() => again.page.getByTestId('reset-link-invalid').textContent())
      .toContain(say('errors.account.resetLinkInvalid'));
    await screenshot(again.page, 'reset-password-invalid', viewport);
    await again.page.getByRole('link', { name: say('auth.reset.requestNew') }).click();
    await again.page.waitForURL('**/forgot-password');

    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(again.errors)).toEqual([]);
    expect(first.errors).toEqual([]);
    await Promise.all([context.close(), first.context.close(), again.context.close()]);
  });

  it('changes the password on the profile, lists the sessions and signs out the others', async () => {
    const stamp = `${viewport}.${Date.now()}`;
    const email = `eli.${stamp}@example.com`;
    const password = `Sheva-brachot-${stamp}`;
    const changed = `Mazel-tov-${stamp}`;

    const { page, errors, context } = await openSession(browser, viewport);
    await signUpCustomer(page, 'Eli Rosen', email, password);
    // The same account on a second device.
    const other = await openSession(browser, viewport);
    await signIn(other.page, '/login-customer', email, password);
    await other.page.waitForURL('**/dashboard');

    await page.goto('/profile');
    const sessions = page.getByTestId('sessions');
    await expect.poll(() => sessions.locator('li').count(), WAIT).toBe(2);
    expect(await sessions.locator('li[data-current]').count()).toBe(1);
    expect(await sessions.locator('li[data-current]').textContent()).toContain(
      say('profile.sessions.thisDevice'),
    );
    const ago = [
      say('common.time.justNow'),
      new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }).format(-1, 'minute'),
    ];
    expect(await sessions.locator('li:not([data-current])').textContent()).toMatch(
      new RegExp(
        ago
          .map((a) => sayPattern('profile.sessions.lastActive', { ago: a }, { start: false }).source)
          .join('|'),
      ),
    );
    const security = page.getByRole('region', { name: say('profile.security.title') });
    await screenshot(page, 'profile-security', viewport);

    // Change the password: the current one is checked first.
    await security.getByRole('button', { name: say('profile.security.change'), exact: true }).click();
    await page.getByLabel(sayPattern('profile.security.currentPassword')).fill('not-my-password');
    await page.getByLabel(sayPattern('common.field.newPassword')).fill(changed);
    await page.getByLabel(sayPattern('common.field.confirmNewPassword')).fill(changed);
    await security.getByRole('button', { name: say('profile.security.change'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('profile.security.currentPassword')), WAIT)
      .toBe(say('errors.account.currentPasswordIncorrect'));
    expect(await focusedName(page)).toBe('currentPassword');
    await dismissToast(page);
    await screenshot(page, 'profile-change-password', viewport);

    await page.getByLabel(sayPattern('profile.security.currentPassword')).fill(password);
    await security.getByRole('button', { name: say('profile.security.change'), exact: true }).click();
    await expect.poll(() => toastText(page), WAIT).toContain(say('profile.security.changed'));
    expect(await toastText(page)).toContain(say('profile.security.changedHint'));
    // The other device was signed out; this one was kept.
    await expect.poll(() => sessions.locator('li').count(), WAIT).toBe(1);
    expect(await signedIn(other.page)).toBe(false);
    expect(await signedIn(page)).toBe(true);
    expect(
      await security
        .getByRole('button', { name: say('profile.sessions.signOutOthers'), exact: true })
        .isDisabled(),
    ).toBe(true);

    // The other device signs in again with the new password; then this one signs it out.
    await signIn(other.page, '/login-customer', email, changed);
    await other.page.waitForURL('**/dashboard');
    await page.reload();
    await expect.poll(() => sessions.locator('li').count(), WAIT).toBe(2);
    await security.getByRole('button', { name: say('profile.sessions.signOutOthers'), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: say('profile.sessions.confirmTitle') });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await dialog.getByRole('button', { name: say('profile.sessions.confirm'), exact: true }).click();
    await expect.poll(() => toastText(page), WAIT).toContain(say('profile.sessions.ended', { count: 1 }));
    await expect.poll(() => sessions.locator('li').count(), WAIT).toBe(1);
    expect(await signedIn(other.page)).toBe(false);

    // Changing the email asks for the current password.
    await page.getByRole('button', { name: say('profile.personal.edit'), exact: true }).click();
    const newEmail = `eli.rosen.${stamp}@example.com`;
    expect(await page.getByLabel(sayPattern('profile.personal.currentPassword')).count()).toBe(0);
    await page.getByRole('textbox', { name: sayPattern('profile.personal.email') }).fill(newEmail);
    await page.getByRole('button', { name: say('profile.personal.save'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('profile.personal.currentPassword')))
      .toBe(say('errors.account.currentPasswordForEmail'));
    expect(await focusedName(page)).toBe('currentPassword');
    await page.getByLabel(sayPattern('profile.personal.currentPassword')).fill(password);
    await page.getByRole('button', { name: say('profile.personal.save'), exact: true }).click();
    await expect
      .poll(() => fieldError(page, sayPattern('profile.personal.currentPassword')), WAIT)
      .toBe(say('errors.account.currentPasswordIncorrect'));
    await dismissToast(page);
    await screenshot(page, 'profile-email-password', viewport);
    await page.getByLabel(sayPattern('profile.personal.currentPassword')).fill(changed);
    await page.getByRole('button', { name: say('profile.personal.save'), exact: true }).click();
    await expect.poll(() => toastText(page), WAIT).toContain(say('profile.page.updated'));
    expect(await page.getByTestId('personal-info').textContent()).toContain(newEmail);

    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(other.errors)).toEqual([]);
    await Promise.all([context.close(), other.context.close()]);
  });
});
