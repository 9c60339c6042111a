import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, conflictFor, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import {
  baseUrl,
  DEMO,
  fieldMessage,
  focusedName,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  type ViewportName,
} from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The server's tier shown for a slot (decision 034): 'Scheduling Conflict' and the reason, in red. */
const FORBIDDEN = '[data-testid="conflict-notice"][data-conflict-level="forbidden"]';

/** A Saturday about two months out that is plain Shabbat, and the Sunday after it, free of any conflict. */
function shabbatAndSunday(time: string): { saturday: string; sunday: string } {
  let day = addDays(toCivilDate(new Date()), 60);
  while (dayOfWeek(day) !== 6) day = addDays(day, 1);
  for (;;) {
    const sunday = addDays(day, 1);
    if (conflictFor(day, time).reason === 'Shabbat' && !conflictFor(sunday, time).hasConflict) {
      return { saturday: day, sunday };
    }
    day = addDays(day, 7);
  }
}

async function visible(page: Page, text: string | RegExp, exact = true): Promise<void> {
  await expect
    .poll(() =>
      page
        .getByText(text, typeof text === 'string' ? { exact } : undefined)
        .first()
        .isVisible(),
    )
    .toBe(true);
}

async function toast(page: Page, title: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible())
    .toBe(true);
}

/** Done and total from the Overview's 'N of M tasks completed' line. */
async function taskCounts(page: Page): Promise<{ done: number; total: number }> {
  const text = await page
    .getByText(/^\d+ of \d+ tasks completed/)
    .first()
    .textContent();
  const match = /^(\d+) of (\d+)/.exec(text ?? '');
  return { done: Number(match?.[1]), total: Number(match?.[2]) };
}

function cents(text: string): number {
  const [dollars = '0', rest = '00'] = text.replace(/[$,]/g, '').split('.');
  return Number(dollars) * 100 + Number(rest);
}

function usd(value: number): string {
  const dollars = Math.floor(value / 100).toLocaleString('en-US');
  return `$${dollars}.${String(value % 100).padStart(2, '0')}`;
}

/** Paid and total cents from the Deposits tab's summary line. */
async function depositSums(page: Page): Promise<{ paid: number; total: number }> {
  const text = await page
    .getByText(/^\$[\d,.]+ paid of \$[\d,.]+ in deposits$/)
    .first()
    .textContent();
  const match = /^(\$[\d,.]+) paid of (\$[\d,.]+)/.exec(text ?? '');
  return { paid: cents(match?.[1] ?? '0'), total: cents(match?.[2] ?? '0') };
}

const viewports: ViewportName[] = ['desktop', 'phone'];

describe.each(viewports)('events journeys at %s width', (viewport) => {
  it('plans the bar mitzvah, creates, shares and deletes an event', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const suffix = viewport === 'desktop' ? 'D' : 'P';

    // Home: the two upcoming events as cards, the counts and the vendor-response card.
    await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('link', { name: "Ari's Bar Mitzvah" }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: "Noa & Eitan's Engagement Party" }).isVisible()).toBe(true);
    await visible(page, 'Upcoming events');
    await visible(page, 'Pending tasks');
    // The seeded photographer answered the bar mitzvah request: the newest response, first 100 characters.
    await visible(page, 'Levy Simcha Photography');
    await visible(page, 'Responded');
    await visible(page, /^Mazel tov! We are available that day/);
    await screenshot(page, 'events-home', viewport);

    // New Event on the home screen opens the create dialog on My Events.
    await page.getByRole('link', { name: 'New Event' }).click();
    await page.waitForURL('**/events?new=1');
    const newDialog = page.getByRole('dialog', { name: 'Create Event' });
    await expect.poll(() => newDialog.isVisible()).toBe(true);
    await newDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => newDialog.isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe('');

    // My Events: the list, and the prompt on a desktop.
    await expect.poll(() => page.getByRole('link', { name: /Ari's Bar Mitzvah/ }).isVisible()).toBe(true);
    if (viewport === 'desktop') await visible(page, 'Select an event');
    await screenshot(page, 'events-list', viewport);
    await page.getByRole('link', { name: /Ari's Bar Mitzvah/ }).click();
    await page.waitForURL(/\/events\?event=[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: "Ari's Bar Mitzvah" }).isVisible())
      .toBe(true);
    if (viewport === 'phone')
      expect(await page.getByRole('button', { name: 'All events' }).isVisible()).toBe(true);

    // Overview: progress, budget and the next deadlines (the other viewport's run may have added some).
    await visible(page, /^\d+ of \d+ tasks completed \(\d+%\)$/);
    const tasksBefore = await taskCounts(page);
    expect(tasksBefore.total).toBeGreaterThanOrEqual(5);
    await visible(page, /^paid of \$[\d,.]+ in deposits \(\d+%\)$/);
    await visible(page, 'Levy Simcha Photography');
    await visible(page, 'Event created');
    await screenshot(page, 'events-overview', viewport);

    // Tasks: add one and tick it off.
    const taskTitle = `Order the kippot ${suffix}`;
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await visible(page, 'Book the venue');
    await page.getByRole('button', { name: 'Add Task' }).click();
    const taskDialog = page.getByRole('dialog', { name: 'Add Task' });
    await taskDialog.getByRole('textbox', { name: /^Task/ }).fill(taskTitle);
    await taskDialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Navy with silver lettering, 200 pieces');
    await taskDialog.locator('input[name="dueDate"]').fill(addDays(toCivilDate(new Date()), 30));
    await taskDialog.getByRole('button', { name: 'Add Task' }).click();
    await toast(page, 'Task added');
    await expect.poll(() => taskDialog.isVisible()).toBe(false);
    const taskBox = page.getByRole('checkbox', { name: taskTitle });
    expect(await taskBox.isChecked()).toBe(false);
    await page.getByText(taskTitle, { exact: true }).click();
    await toast(page, 'Task completed');
    expect(await taskBox.isChecked()).toBe(true);
    await visible(page, `${tasksBefore.done + 1} of ${tasksBefore.total + 1} tasks completed`);
    await screenshot(page, 'events-tasks', viewport);

    // Deposits: add one and mark it paid.
    const vendor = `Kosher Sweets Bakery ${suffix}`;
    await page.getByRole('tab', { name: 'Deposits' }).click();
    await visible(page, 'The Goldberg Ballroom');
    await visible(page, /^\$[\d,.]+ paid of \$[\d,.]+ in deposits$/);
    const sumsBefore = await depositSums(page);
    await page.getByRole('button', { name: 'Add Deposit' }).click();
    const depositDialog = page.getByRole('dialog', { name: 'Add Deposit' });
    await depositDialog.getByRole('textbox', { name: /^Vendor name/ }).fill(vendor);
    await depositDialog.getByRole('textbox', { name: /^Amount/ }).fill('450.50');
    await depositDialog.locator('input[name="dueDate"]').fill(addDays(toCivilDate(new Date()), 20));
    await screenshot(page, 'events-deposit-dialog', viewport);
    await depositDialog.getByRole('button', { name: 'Add Deposit' }).click();
    await toast(page, 'Deposit added');
    await visible(page, '$450.50');
    await page.getByRole('button', { name: `Mark paid: ${vendor}` }).click();
    await toast(page, 'Deposit marked paid');
    await expect
      .poll(() => page.getByRole('button', { name: `Mark unpaid: ${vendor}` }).isVisible())
      .toBe(true);
    await visible(
      page,
      `${usd(sumsBefore.paid + 45050)} paid of ${usd(sumsBefore.total + 45050)} in deposits`,
    );
    await screenshot(page, 'events-deposits', viewport);

    // Memos: add one.
    const memoTitle = `Seating plan ${suffix}`;
    await page.getByRole('tab', { name: 'Memos' }).click();
    await visible(page, 'Guest list notes');
    await page.getByRole('button', { name: 'Add Memo' }).click();
    const memoDialog = page.getByRole('dialog', { name: 'Add Memo' });
    await memoDialog.getByRole('textbox', { name: /^Title/ }).fill(memoTitle);
    await memoDialog
      .getByRole('textbox', { name: 'Memo' })
      .fill('Grandparents at table 1, near the dance floor.');
    await memoDialog.getByRole('button', { name: 'Add Memo' }).click();
    await toast(page, 'Memo added');
    await visible(page, memoTitle);
    await screenshot(page, 'events-memos', viewport);

    // Vendors: the availability requests sent for this event, with the vendor's answer.
    await page.getByRole('tab', { name: 'Vendors' }).click();
    await visible(page, "Vendor's answer");
    expect(await page.getByRole('link', { name: 'Levy Simcha Photography' }).isVisible()).toBe(true);
    await screenshot(page, 'events-vendors', viewport);

    // The overview now counts the new task and deposit.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect
      .poll(() => taskCounts(page))
      .toEqual({ done: tasksBefore.done + 1, total: tasksBefore.total + 1 });
    await visible(page, `Latest task: ${taskTitle}`);

    // A new event on a Saturday morning: the conflict warning, with the server's reason at the
    // family's home place (a Saturday evening may well be after havdalah).
    const { saturday, sunday } = shabbatAndSunday('11:00');
    const eventTitle = `Shira's Sweet 16 ${suffix}`;
    await page.getByRole('button', { name: 'Create Event' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create Event' });
    await expect.poll(() => createDialog.isVisible()).toBe(true);
    await createDialog.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'Please fill in required fields');
    // The toast, and the messages under the two fields that are missing, with the focus on the first.
    await expect
      .poll(() => fieldMessage(createDialog, /^Event title/))
      .toBe('Please fill in required fields');
    expect(await fieldMessage(createDialog, /^Date/)).toBe('Please fill in required fields');
    expect(await fieldMessage(createDialog, 'Venue')).toBe('');
    expect(await focusedName(page)).toBe('title');
    await screenshot(page, 'events-create-empty', viewport);
    await createDialog.getByRole('textbox', { name: /^Event title/ }).fill(eventTitle);
    await createDialog.getByRole('combobox', { name: 'Event type' }).selectOption('Sweet 16');
    await createDialog.locator('input[name="date"]').fill(saturday);
    await createDialog.locator('input[name="time"]').fill('11:00');
    await createDialog.getByRole('textbox', { name: 'Venue' }).fill('The Loft, Teaneck');
    await expect.poll(() => createDialog.locator(FORBIDDEN).isVisible()).toBe(true);
    expect(await createDialog.locator(FORBIDDEN).textContent()).toMatch(/^Scheduling Conflict: .*Shabbat/);
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 60 }, type: 'png' });
    await createDialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sweet16.png', mimeType: 'image/png', buffer: png });
    await toast(page, 'Image uploaded successfully');
    await expect
      .poll(() => createDialog.getByRole('img', { name: 'Event image preview' }).isVisible())
      .toBe(true);
    await screenshot(page, 'events-create-conflict', viewport);
    await createDialog.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, 'Event created successfully');
    await expect.poll(() => createDialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: eventTitle }).isVisible()).toBe(true);
    const eventId = new URL(page.url()).searchParams.get('event');
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator(FORBIDDEN).first().isVisible()).toBe(true);
    expect(await page.locator(FORBIDDEN).first().textContent()).toContain('Shabbat');

    // Move it to the Sunday: the warning goes away and the change is saved.
    await page.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit event' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Event' });
    await expect.poll(() => editDialog.isVisible()).toBe(true);
    expect(await editDialog.locator('input[name="date"]').inputValue()).toBe(saturday);
    await expect.poll(() => editDialog.locator(FORBIDDEN).isVisible()).toBe(true);
    await editDialog.locator('input[name="date"]').fill(sunday);
    await expect.poll(() => editDialog.locator(FORBIDDEN).count()).toBe(0);
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Event updated successfully');
    await expect.poll(() => editDialog.isVisible()).toBe(false);
    expect(await page.locator(FORBIDDEN).count()).toBe(0);
    await screenshot(page, 'events-new-event', viewport);

    // Share: Copy Link turns the public link on and copies it; the QR code downloads as a PNG.
    const publicSwitch = page.getByRole('checkbox', { name: 'Public link' });
    expect(await publicSwitch.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Share link copied to clipboard');
    await expect.poll(() => publicSwitch.isChecked()).toBe(true);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/share/[0-9a-f-]{36}$`));
    await page.getByRole('button', { name: 'QR Code' }).click();
    const qrDialog = page.getByRole('dialog', { name: 'QR Code' });
    await expect
      .poll(() =>
        qrDialog.getByRole('img', { name: `QR code of the share link for ${eventTitle}` }).isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'events-qr', viewport);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      qrDialog.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`shira-s-sweet-16-${suffix.toLowerCase()}-share-qr.png`);
    await qrDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => qrDialog.isVisible()).toBe(false);

    // The public page, in a browser that is not signed in: the details and the countdown only.
    const guest = await openSession(browser, viewport);
    await guest.page.goto(link);
    await expect
      .poll(() => guest.page.getByRole('heading', { level: 1, name: eventTitle }).isVisible())
      .toBe(true);
    await visible(guest.page, 'Counting down to the simcha');
    await visible(guest.page, 'The Loft, Teaneck');
    expect(await guest.page.getByRole('timer').textContent()).toMatch(/\d+Days?\d+Hours?\d+Minutes?/);
    await screenshot(guest.page, 'events-share', viewport);
    expect(guest.errors).toEqual([]);

    // An unknown link says so plainly.
    await guest.page.goto('/share/00000000-0000-4000-8000-000000000000');
    await visible(guest.page, 'This event is not shared');
    await screenshot(guest.page, 'events-share-not-found', viewport);
    expect(guest.errors.filter((e) => !/Failed to load resource: .* 404/.test(e))).toEqual([]);
    await guest.context.close();

    // Delete the new event, after confirming.
    await page.getByRole('button', { name: 'Event actions' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Delete event' }).isVisible()).toBe(true);
    await screenshot(page, 'events-menu', viewport);
    await page.getByRole('menuitem', { name: 'Delete event' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await screenshot(page, 'events-delete-confirm', viewport);
    await confirm.getByRole('button', { name: 'Delete Event' }).click();
    await toast(page, 'Event deleted successfully');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('link', { name: new RegExp(eventTitle) }).count()).toBe(0);
    // The list refetches after the deletion; the demo event is back once it has.
    await expect.poll(() => page.getByRole('link', { name: /Ari's Bar Mitzvah/ }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
