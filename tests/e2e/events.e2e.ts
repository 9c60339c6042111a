import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, conflictFor, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import { formatCurrencyMinor } from '../../src/shared/money';
import { observanceName } from '../../src/shared/observance-names';
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
import { LANGUAGE, say, sayPattern, withoutIsolates } from './language';

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

/** Done and total from the Overview's 'N of M tasks completed' line (done comes first in both languages). */
async function taskCounts(page: Page): Promise<{ done: number; total: number }> {
  const text = await page.getByText(sayPattern('events.overview.tasksCaption')).first().textContent();
  const [done, total] = withoutIsolates(text ?? '').match(/\d+/g) ?? [];
  return { done: Number(done), total: Number(total) };
}

/** Whole cents of an amount as the page writes it in either language ('$1,200.50', '‏1,200.50 ‏$'). */
function cents(text: string): number {
  const [dollars = '0', rest = '00'] = text.replace(/,/g, '').split('.');
  return Number(dollars) * 100 + Number(rest);
}

/** An amount of dollars as the page writes it in the run's language. */
function usd(value: number): string {
  return formatCurrencyMinor(value, 'USD', LANGUAGE);
}

/** The Deposits tab's summary line, 'paid of total in deposits', in the run's language. */
const DEPOSIT_SUMMARY = sayPattern('events.deposits.summary', {}, { end: true });

/** Paid and total cents from the Deposits tab's summary line (paid comes first in both languages). */
async function depositSums(page: Page): Promise<{ paid: number; total: number }> {
  const text = await page.getByText(DEPOSIT_SUMMARY).first().textContent();
  const [paid = '0', total = '0'] = withoutIsolates(text ?? '').match(/\d[\d,]*\.\d{2}/g) ?? [];
  return { paid: cents(paid), total: cents(total) };
}

/** A toast's or a field's sentence that is a server (shared schema) message, in the run's language. */
const REQUIRED = say('errors.common.required');

/** 'Shabbat' as the page names it in the run's language. */
const SHABBAT = observanceName('Shabbat', LANGUAGE);

/** The forbidden tier's notice: its title, then a reason that names Shabbat. */
const FORBIDDEN_ON_SHABBAT = new RegExp(
  `^${escapeRegExp(say('common.conflict.titleWithReason', { title: say('common.conflict.forbidden.title') }))}.*${SHABBAT}`,
  's',
);

/** The public page's countdown: days, hours and minutes, each a number and its unit. */
const COUNTDOWN = new RegExp(
  ['share.countdown.days', 'share.countdown.hours', 'share.countdown.minutes']
    .map((id) => `\\d+${sayPattern(id as 'share.countdown.days', {}, { start: false }).source}`)
    .join(''),
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    await visible(page, say('dashboard.upcomingEvents'));
    await visible(page, say('dashboard.pendingTasks'));
    // The seeded photographer answered the bar mitzvah request: the newest response, first 100 characters.
    await visible(page, 'Levy Simcha Photography');
    await visible(page, say('dashboard.response.responded'));
    await visible(page, /^Mazel tov! We are available that day/);
    await screenshot(page, 'events-home', viewport);

    // New Event on the home screen opens the create dialog on My Events.
    await page.getByRole('link', { name: say('dashboard.quick.newEvent') }).click();
    await page.waitForURL('**/events?new=1');
    const newDialog = page.getByRole('dialog', { name: say('events.form.createTitle') });
    await expect.poll(() => newDialog.isVisible()).toBe(true);
    await newDialog.getByRole('button', { name: say('common.action.cancel'), exact: true }).click();
    await expect.poll(() => newDialog.isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe('');

    // My Events: the list, and the prompt on a desktop.
    await expect.poll(() => page.getByRole('link', { name: /Ari's Bar Mitzvah/ }).isVisible()).toBe(true);
    if (viewport === 'desktop') await visible(page, say('events.page.selectTitle'));
    await screenshot(page, 'events-list', viewport);
    await page.getByRole('link', { name: /Ari's Bar Mitzvah/ }).click();
    await page.waitForURL(/\/events\?event=[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: "Ari's Bar Mitzvah" }).isVisible())
      .toBe(true);
    if (viewport === 'phone')
      expect(
        await page.getByRole('button', { name: say('events.detail.allEvents'), exact: true }).isVisible(),
      ).toBe(true);

    // Overview: progress, budget and the next deadlines (the other viewport's run may have added some).
    await visible(page, sayPattern('events.overview.tasksCaption', {}, { end: true }));
    const tasksBefore = await taskCounts(page);
    expect(tasksBefore.total).toBeGreaterThanOrEqual(5);
    await visible(page, sayPattern('events.overview.budgetCaption', {}, { end: true }));
    await visible(page, 'Levy Simcha Photography');
    await visible(page, say('events.overview.created'));
    await screenshot(page, 'events-overview', viewport);

    // Tasks: add one and tick it off.
    const taskTitle = `Order the kippot ${suffix}`;
    await page.getByRole('tab', { name: say('events.tabs.tasks') }).click();
    await visible(page, 'Book the venue');
    await page.getByRole('button', { name: say('events.item.task.add') }).click();
    const taskDialog = page.getByRole('dialog', { name: say('events.item.task.add') });
    await taskDialog.getByRole('textbox', { name: sayPattern('events.tasks.title') }).fill(taskTitle);
    await taskDialog
      .getByRole('textbox', { name: say('events.tasks.description') })
      .fill('Navy with silver lettering, 200 pieces');
    await taskDialog.locator('input[name="dueDate"]').fill(addDays(toCivilDate(new Date()), 30));
    await taskDialog.getByRole('button', { name: say('events.item.task.add') }).click();
    await toast(page, say('events.item.task.added'));
    await expect.poll(() => taskDialog.isVisible()).toBe(false);
    const taskBox = page.getByRole('checkbox', { name: taskTitle });
    expect(await taskBox.isChecked()).toBe(false);
    await page.getByText(taskTitle, { exact: true }).click();
    await toast(page, say('events.tasks.completedToast'));
    expect(await taskBox.isChecked()).toBe(true);
    await visible(
      page,
      say('events.tasks.summary', { done: tasksBefore.done + 1, total: tasksBefore.total + 1 }),
    );
    await screenshot(page, 'events-tasks', viewport);

    // Deposits: add one and mark it paid.
    const vendor = `Kosher Sweets Bakery ${suffix}`;
    await page.getByRole('tab', { name: say('events.tabs.deposits') }).click();
    await visible(page, 'The Goldberg Ballroom');
    await visible(page, DEPOSIT_SUMMARY);
    const sumsBefore = await depositSums(page);
    await page.getByRole('button', { name: say('events.item.deposit.add') }).click();
    const depositDialog = page.getByRole('dialog', { name: say('events.item.deposit.add') });
    await depositDialog.getByRole('textbox', { name: sayPattern('events.deposits.vendorName') }).fill(vendor);
    await depositDialog.getByRole('textbox', { name: sayPattern('events.deposits.amount') }).fill('450.50');
    await depositDialog.locator('input[name="dueDate"]').fill(addDays(toCivilDate(new Date()), 20));
    await screenshot(page, 'events-deposit-dialog', viewport);
    await depositDialog.getByRole('button', { name: say('events.item.deposit.add') }).click();
    await toast(page, say('events.item.deposit.added'));
    await visible(page, usd(45050));
    await page
      .getByRole('button', {
        name: sayPattern('events.deposits.markPaidNamed', { name: vendor }, { end: true }),
      })
      .click();
    await toast(page, say('events.deposits.paidToast'));
    await expect
      .poll(() =>
        page
          .getByRole('button', {
            name: sayPattern('events.deposits.markUnpaidNamed', { name: vendor }, { end: true }),
          })
          .isVisible(),
      )
      .toBe(true);
    await visible(
      page,
      sayPattern(
        'events.deposits.summary',
        { paid: usd(sumsBefore.paid + 45050), total: usd(sumsBefore.total + 45050) },
        { end: true },
      ),
    );
    await screenshot(page, 'events-deposits', viewport);

    // Memos: add one.
    const memoTitle = `Seating plan ${suffix}`;
    await page.getByRole('tab', { name: say('events.tabs.memos') }).click();
    await visible(page, 'Guest list notes');
    await page.getByRole('button', { name: say('events.item.memo.add') }).click();
    const memoDialog = page.getByRole('dialog', { name: say('events.item.memo.add') });
    await memoDialog.getByRole('textbox', { name: sayPattern('events.memos.title') }).fill(memoTitle);
    await memoDialog
      .getByRole('textbox', { name: say('events.memos.content') })
      .fill('Grandparents at table 1, near the dance floor.');
    await memoDialog.getByRole('button', { name: say('events.item.memo.add') }).click();
    await toast(page, say('events.item.memo.added'));
    await visible(page, memoTitle);
    await screenshot(page, 'events-memos', viewport);

    // Vendors: the availability requests sent for this event, with the vendor's answer.
    await page.getByRole('tab', { name: say('events.tabs.vendors') }).click();
    await visible(page, say('events.vendors.answer'));
    expect(await page.getByRole('link', { name: 'Levy Simcha Photography' }).isVisible()).toBe(true);
    await screenshot(page, 'events-vendors', viewport);

    // The overview now counts the new task and deposit.
    await page.getByRole('tab', { name: say('events.tabs.overview') }).click();
    await expect
      .poll(() => taskCounts(page))
      .toEqual({ done: tasksBefore.done + 1, total: tasksBefore.total + 1 });
    await visible(page, sayPattern('events.overview.latestTask', { title: taskTitle }, { end: true }));

    // A new event on a Saturday morning: the conflict warning, with the server's reason at the
    // family's home place (a Saturday evening may well be after havdalah).
    const { saturday, sunday } = shabbatAndSunday('11:00');
    const eventTitle = `Shira's Sweet 16 ${suffix}`;
    await page.getByRole('button', { name: say('events.page.create'), exact: true }).click();
    const createDialog = page.getByRole('dialog', { name: say('events.form.createTitle') });
    await expect.poll(() => createDialog.isVisible()).toBe(true);
    await createDialog.getByRole('button', { name: say('events.form.createTitle'), exact: true }).click();
    await toast(page, REQUIRED);
    // The toast, and the messages under the two fields that are missing, with the focus on the first.
    await expect.poll(() => fieldMessage(createDialog, sayPattern('events.form.title'))).toBe(REQUIRED);
    expect(await fieldMessage(createDialog, sayPattern('events.form.date'))).toBe(REQUIRED);
    expect(await fieldMessage(createDialog, say('events.form.venue'))).toBe('');
    expect(await focusedName(page)).toBe('title');
    await screenshot(page, 'events-create-empty', viewport);
    await createDialog.getByRole('textbox', { name: sayPattern('events.form.title') }).fill(eventTitle);
    // The option's value is the stored type, the same in every language.
    await createDialog.getByRole('combobox', { name: say('events.form.type') }).selectOption('Sweet 16');
    await createDialog.locator('input[name="date"]').fill(saturday);
    await createDialog.locator('input[name="time"]').fill('11:00');
    await createDialog.getByRole('textbox', { name: say('events.form.venue') }).fill('The Loft, Teaneck');
    await expect.poll(() => createDialog.locator(FORBIDDEN).isVisible()).toBe(true);
    expect(withoutIsolates((await createDialog.locator(FORBIDDEN).textContent()) ?? '')).toMatch(
      FORBIDDEN_ON_SHABBAT,
    );
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 60 }, type: 'png' });
    await createDialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sweet16.png', mimeType: 'image/png', buffer: png });
    await toast(page, say('common.image.uploaded'));
    await expect
      .poll(() => createDialog.getByRole('img', { name: say('events.form.imagePreview') }).isVisible())
      .toBe(true);
    await screenshot(page, 'events-create-conflict', viewport);
    await createDialog.getByRole('button', { name: say('events.form.createTitle'), exact: true }).click();
    await toast(page, say('events.form.created'));
    await expect.poll(() => createDialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('heading', { level: 2, name: eventTitle }).isVisible()).toBe(true);
    const eventId = new URL(page.url()).searchParams.get('event');
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator(FORBIDDEN).first().isVisible()).toBe(true);
    expect(await page.locator(FORBIDDEN).first().textContent()).toContain(SHABBAT);

    // Move it to the Sunday: the warning goes away and the change is saved.
    await page.getByRole('button', { name: say('events.detail.actions') }).click();
    await page.getByRole('menuitem', { name: say('events.detail.editEvent') }).click();
    const editDialog = page.getByRole('dialog', { name: say('events.form.editTitle') });
    await expect.poll(() => editDialog.isVisible()).toBe(true);
    expect(await editDialog.locator('input[name="date"]').inputValue()).toBe(saturday);
    await expect.poll(() => editDialog.locator(FORBIDDEN).isVisible()).toBe(true);
    await editDialog.locator('input[name="date"]').fill(sunday);
    await expect.poll(() => editDialog.locator(FORBIDDEN).count()).toBe(0);
    await editDialog.getByRole('button', { name: say('events.form.save') }).click();
    await toast(page, say('events.form.updated'));
    await expect.poll(() => editDialog.isVisible()).toBe(false);
    expect(await page.locator(FORBIDDEN).count()).toBe(0);
    await screenshot(page, 'events-new-event', viewport);

    // Share: Copy Link turns the public link on and copies it; the QR code downloads as a PNG.
    const publicSwitch = page.getByRole('checkbox', { name: say('events.share.publicLink') });
    expect(await publicSwitch.isChecked()).toBe(false);
    await page.getByRole('button', { name: say('events.share.copy') }).click();
    await toast(page, say('events.share.copied'));
    await expect.poll(() => publicSwitch.isChecked()).toBe(true);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/share/[0-9a-f-]{36}$`));
    await page.getByRole('button', { name: say('events.share.qr'), exact: true }).click();
    const qrDialog = page.getByRole('dialog', { name: say('events.share.qr') });
    await expect
      .poll(() =>
        qrDialog
          .getByRole('img', {
            name: sayPattern('events.share.qrLabel', { title: eventTitle }, { end: true }),
          })
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'events-qr', viewport);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      qrDialog.getByRole('button', { name: say('common.qr.downloadPng') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`shira-s-sweet-16-${suffix.toLowerCase()}-share-qr.png`);
    await qrDialog.getByRole('button', { name: say('common.action.close'), exact: true }).click();
    await expect.poll(() => qrDialog.isVisible()).toBe(false);

    // The public page, in a browser that is not signed in: the details and the countdown only.
    const guest = await openSession(browser, viewport);
    await guest.page.goto(link);
    await expect
      .poll(() => guest.page.getByRole('heading', { level: 1, name: eventTitle }).isVisible())
      .toBe(true);
    await visible(guest.page, say('share.countdown.lead'));
    await visible(guest.page, 'The Loft, Teaneck');
    expect(await guest.page.getByRole('timer').textContent()).toMatch(COUNTDOWN);
    await screenshot(guest.page, 'events-share', viewport);
    expect(guest.errors).toEqual([]);

    // An unknown link says so plainly.
    await guest.page.goto('/share/00000000-0000-4000-8000-000000000000');
    await visible(guest.page, say('share.notShared.title'));
    await screenshot(guest.page, 'events-share-not-found', viewport);
    expect(guest.errors.filter((e) => !/Failed to load resource: .* 404/.test(e))).toEqual([]);
    await guest.context.close();

    // Delete the new event, after confirming.
    await page.getByRole('button', { name: say('events.detail.actions') }).click();
    const deleteItem = page.getByRole('menuitem', { name: say('events.detail.deleteEvent') });
    await expect.poll(() => deleteItem.isVisible()).toBe(true);
    await screenshot(page, 'events-menu', viewport);
    await deleteItem.click();
    const confirm = page.getByRole('alertdialog', { name: say('events.delete.event.title') });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await screenshot(page, 'events-delete-confirm', viewport);
    await confirm.getByRole('button', { name: say('events.delete.event.confirm') }).click();
    await toast(page, say('events.page.deleted'));
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('link', { name: new RegExp(eventTitle) }).count()).toBe(0);
    // The list refetches after the deletion; the demo event is back once it has.
    await expect.poll(() => page.getByRole('link', { name: /Ari's Bar Mitzvah/ }).isVisible()).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
