import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, conflictFor, toCivilDate } from '../../src/shared/jewish-calendar';
import {
  baseUrl,
  DEMO,
  eventually,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  type ViewportName,
} from './browser';
import { say, sayPattern } from './language';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];

/** The browser logs each refused save (409) as a failed resource: expected here, and nothing else. */
const REFUSED_SAVE = /Failed to load resource: .* 409/;

/** A poll for pages that load several things in turn: generous, as the machine may be busy. */

async function signInAsDemoCustomer(page: Page): Promise<void> {
  await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
  await page.waitForURL('**/dashboard');
}

async function toast(page: Page, title: string): Promise<void> {
  await eventually(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible()).toBe(
    true,
  );
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the REST bodies are read loosely, field by field.
  body: any;
}

/**
 * A call made elsewhere, as another tab of the same user would: the REST API with the session cookie
 * taken from the browser context, outside this page and its cache.
 */
async function elsewhere(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const cookie = (await context.cookies(baseUrl())).map((c) => `${c.name}=${c.value}`).join('; ');
  const headers: Record<string, string> = { cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A date about three months out whose evening runs into no Shabbat or holiday: no warning in the form. */
function quietDate(time: string): string {
  let day = addDays(toCivilDate(new Date()), 90);
  while (conflictFor(day, time).hasConflict) day = addDays(day, 1);
  return day;
}

/** An event of the demo customer's own for one run, so the demo events stay as other journeys expect. */
async function createEventElsewhere(context: BrowserContext, title: string): Promise<{ id: string }> {
  const created = await elsewhere(context, 'POST', '/api/events', {
    title,
    type: 'Wedding',
    date: quietDate('18:00'),
    time: '18:00',
    venue: 'Shalom Gardens, Great Neck',
  });
  expect(created.status).toBe(201);
  expect(created.body.version).toBe(1);
  return created.body;
}

async function openEvent(page: Page, id: string, title: string): Promise<void> {
  await page.goto(`/events?event=${id}`);
  await eventually(() => page.getByRole('heading', { level: 2, name: title }).isVisible()).toBe(true);
}

describe.each(viewports)('changed elsewhere at %s width', (viewport) => {
  it('refuses an event edit made from an old version, reloads the other tab’s change and saves', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await signInAsDemoCustomer(page);
    const original = `Levi & Dina's Wedding ${viewport}`;
    const event = await createEventElsewhere(context, original);
    await openEvent(page, event.id, original);

    // The edit dialog is filled from version 1.
    await page.getByRole('button', { name: say('events.detail.actions') }).click();
    await page.getByRole('menuitem', { name: say('events.detail.editEvent') }).click();
    const dialog = page.getByRole('dialog', { name: say('events.form.editTitle') });
    await eventually(() => dialog.isVisible()).toBe(true);
    const title = dialog.getByRole('textbox', { name: sayPattern('events.form.title') });
    expect(await title.inputValue()).toBe(original);

    // Meanwhile another tab renames the event: version 2.
    const otherTitle = `Levi & Dina's Chuppah ${viewport}`;
    const other = await elsewhere(context, 'PATCH', `/api/events/${event.id}`, {
      version: 1,
      title: otherTitle,
    });
    expect([other.status, other.body.title, other.body.version]).toEqual([200, otherTitle, 2]);

    // Saving the dialog's own change, made from version 1, is refused and says why, in the dialog and
    // in the toast; what the user typed stays until they choose to reload.
    const mine = `Levi & Dina's Wedding Weekend ${viewport}`;
    await title.fill(mine);
    await dialog.getByRole('button', { name: say('events.form.save') }).click();
    await eventually(() =>
      dialog.getByText(say('errors.common.staleWrite'), { exact: true }).isVisible(),
    ).toBe(true);
    await toast(page, say('events.form.updateFailed'));
    expect(
      await page.getByRole('status').getByText(say('errors.common.staleWrite')).first().isVisible(),
    ).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    expect(await title.inputValue()).toBe(mine);
    await screenshot(page, 'concurrent-edit-event-stale', viewport);
    const refused = await elsewhere(context, 'GET', `/api/events/${event.id}`);
    expect([refused.body.title, refused.body.version]).toEqual([otherTitle, 2]);

    // Reload fills the form from the other tab's version; the warning goes.
    await dialog.getByRole('button', { name: say('common.action.reload') }).click();
    await eventually(() => title.inputValue()).toBe(otherTitle);
    expect(await dialog.getByText(say('errors.common.staleWrite')).count()).toBe(0);
    expect(await dialog.locator('input[name="venue"]').inputValue()).toBe('Shalom Gardens, Great Neck');

    // Edited again from version 2, the save goes through and the page shows it.
    const final = `Levi & Dina's Chuppah and Dinner ${viewport}`;
    await title.fill(final);
    await dialog.getByRole('button', { name: say('events.form.save') }).click();
    await toast(page, say('events.form.updated'));
    await eventually(() => dialog.isVisible()).toBe(false);
    await eventually(() => page.getByRole('heading', { level: 2, name: final }).isVisible()).toBe(true);
    const saved = await elsewhere(context, 'GET', `/api/events/${event.id}`);
    expect([saved.body.title, saved.body.version]).toEqual([final, 3]);

    expect((await elsewhere(context, 'DELETE', `/api/events/${event.id}`)).status).toBe(200);
    expect(errors.filter((e) => !REFUSED_SAVE.test(e))).toEqual([]);
    await context.close();
  });

  it('refuses a profile save made from an old version, reloads the other tab’s change and saves', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await signInAsDemoCustomer(page);
    await page.goto('/profile');
    await eventually(() => page.getByRole('heading', { name: say('profile.page.title') }).isVisible()).toBe(
      true,
    );
    const before = (await elsewhere(context, 'GET', '/api/auth/me')).body.user;

    // The draft is made from the profile as it is now.
    await page.getByRole('button', { name: say('profile.personal.edit') }).click();
    const name = page.getByRole('textbox', { name: sayPattern('profile.personal.name') });
    await eventually(() => name.inputValue()).toBe(before.name);

    // Meanwhile another tab renames the user.
    const otherName = 'Sarah T. Goldberg';
    const other = await elsewhere(context, 'PATCH', '/api/profile', {
      version: before.version,
      name: otherName,
    });
    expect([other.status, other.body.user.name, other.body.user.version]).toEqual([
      200,
      otherName,
      before.version + 1,
    ]);

    // The page's own save, made from the older version, is refused and says why.
    await name.fill('Sarah K. Goldberg');
    await page.getByRole('button', { name: say('profile.personal.save') }).click();
    // On the page itself, not only in the toast (which sits outside the main region).
    const warning = page.getByRole('main').getByText(say('errors.common.staleWrite'), { exact: true });
    await eventually(() => warning.isVisible()).toBe(true);
    await toast(page, say('profile.page.updateFailed'));
    expect(
      await page.getByRole('status').getByText(say('errors.common.staleWrite')).first().isVisible(),
    ).toBe(true);
    expect(await name.inputValue()).toBe('Sarah K. Goldberg');
    await screenshot(page, 'concurrent-edit-profile-stale', viewport);
    expect((await elsewhere(context, 'GET', '/api/auth/me')).body.user.name).toBe(otherName);

    // Reload starts the draft again from the other tab's version; then the save goes through.
    await page.getByRole('button', { name: say('common.action.reload') }).click();
    await eventually(() => name.inputValue()).toBe(otherName);
    expect(await warning.count()).toBe(0);
    const final = 'Sarah M. Goldberg';
    await name.fill(final);
    await page.getByRole('button', { name: say('profile.personal.save') }).click();
    await toast(page, say('profile.page.updated'));
    await eventually(() => page.getByRole('button', { name: say('profile.personal.edit') }).isVisible()).toBe(
      true,
    );
    await eventually(() => page.getByText(final, { exact: true }).first().isVisible()).toBe(true);
    const saved = (await elsewhere(context, 'GET', '/api/auth/me')).body.user;
    expect([saved.name, saved.version]).toEqual([final, before.version + 2]);

    // Put the name back for the other journeys.
    const restored = await elsewhere(context, 'PATCH', '/api/profile', {
      version: saved.version,
      name: before.name,
    });
    expect([restored.status, restored.body.user.name]).toEqual([200, before.name]);
    expect(errors.filter((e) => !REFUSED_SAVE.test(e))).toEqual([]);
    await context.close();
  });

  it('makes one task from a double-clicked Add Task', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await signInAsDemoCustomer(page);
    const eventTitle = `Yael's Aufruf ${viewport}`;
    const event = await createEventElsewhere(context, eventTitle);
    await openEvent(page, event.id, eventTitle);

    // The key of every task create sent: tRPC may batch calls into one request, each with its input.
    const keys: string[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/trpc/tasks.create')) return;
      const body = request.postData() ?? '';
      const found = [...body.matchAll(/"idempotencyKey":"([^"]+)"/g)].map((m) => m[1] ?? '');
      const calls = request.url().split('?')[0]?.split(',').length ?? 1;
      keys.push(...found, ...Array<string>(Math.max(0, calls - found.length)).fill('none'));
    });

    const taskTitle = `Order the challah ${viewport}`;
    await page.getByRole('tab', { name: say('events.tabs.tasks') }).click();
    await page.getByRole('button', { name: say('events.item.task.add') }).click();
    const dialog = page.getByRole('dialog', { name: say('events.item.task.add') });
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: sayPattern('events.tasks.title') }).fill(taskTitle);
    await dialog.getByRole('button', { name: say('events.item.task.add') }).dblclick();
    await toast(page, say('events.item.task.added'));
    await eventually(() => dialog.isVisible()).toBe(false);
    // Give a second request, if one left, the time to be answered before counting.
    await page.waitForTimeout(1500);

    // Once the first click is pending the form ignores further submits (its button shows 'Saving...'),
    // so the second click is usually not sent; if it is, it carries the form's one key and the server
    // answers it with the first task. Either way there is one task.
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    const tasks = await elsewhere(context, 'GET', `/api/events/${event.id}/tasks`);
    expect(tasks.body.filter((t: { title: string }) => t.title === taskTitle)).toHaveLength(1);
    await eventually(() => page.getByRole('checkbox', { name: taskTitle }).count()).toBe(1);

    expect((await elsewhere(context, 'DELETE', `/api/events/${event.id}`)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
