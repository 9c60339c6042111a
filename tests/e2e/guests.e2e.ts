import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, conflictFor, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import {
  animationsFinished,
  baseUrl,
  eventually,
  expectAccessible,
  fieldMessage,
  launchBrowser,
  type Session,
  signUpCustomer,
  trackSessions,
  uniqueTag,
} from './browser';
import { mailFiles, waitForMail } from './mailbox';

/**
 * Issue 31, the family's journey through the guest list: a main event with two sub-events, a CSV of
 * 40 guests in 15 households imported after its preview, everyone invited to the sub-events, one
 * household's link opened in a browser of its own (nobody signed in) and answered for three people,
 * the counts moving on the family's screen without a reload, reminders mailed, and an availability
 * request that proposes the attending count.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const { track } = trackSessions('guests');

/** Pictures of the guest list, for looking at after a run (never committed). */
const SHOTS = '/tmp/shots-guests';

const WIDTHS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;
type Width = keyof typeof WIDTHS;

async function session(width: Width): Promise<Session> {
  const context = await browser.newContext({ viewport: WIDTHS[width], baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return track({ context, page, errors });
}

/** A picture into /tmp/shots-guests and an axe-core check of the same state. */
async function shot(page: Page, name: string, width: Width): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  await expectAccessible(page, `${name} at ${width} width`);
}

/** The page is no wider than the screen (nothing to scroll sideways at 375 px); else what sticks out. */
async function fitsTheScreen(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const screen = window.innerWidth;
    if (document.documentElement.scrollWidth <= screen) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > screen + 1 && el.children.length > 0)
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`,
      );
  });
  expect(problems, 'elements past the screen').toEqual([]);
}

async function toast(page: Page, title: string | RegExp): Promise<string> {
  const status = page.getByRole('status').filter({ hasText: title }).first();
  await eventually(() => status.isVisible()).toBe(true);
  return (await status.textContent()) ?? '';
}

/** A weekday about `weeksAhead` weeks out, Monday to Thursday, with no Shabbat or festival at 18:00. */
function freeWeekday(weeksAhead: number): string {
  let day = addDays(toCivilDate(new Date()), weeksAhead * 7);
  for (;;) {
    const dow = dayOfWeek(day);
    if (dow >= 1 && dow <= 3 && !conflictFor(day, '18:00').hasConflict) {
      const next = addDays(day, 1);
      const after = addDays(day, 2);
      if (!conflictFor(next, '19:00').hasConflict && !conflictFor(after, '19:00').hasConflict) return day;
    }
    day = addDays(day, 1);
  }
}

interface CsvGuest {
  name: string;
  email: string;
  household: string;
}

/** 40 guests in 15 households (one of four, eight of three, six of two), as a spreadsheet exports them. */
function guestCsv(tag: string): { csv: string; guests: CsvGuest[]; households: string[] } {
  const surnames = [
    'Abrams',
    'Berger',
    'Cohen',
    'Dayan',
    'Eisen',
    'Friedman',
    'Gold',
    'Horowitz',
    'Isaacs',
    'Jacobs',
    'Katz',
    'Levi',
    'Mizrahi',
    'Nachman',
    'Ostrow',
  ];
  const firsts = ['Avi', 'Batya', 'Chaim', 'Devorah'];
  const sizes = [4, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2];
  const guests: CsvGuest[] = [];
  const households: string[] = [];
  surnames.forEach((surname, h) => {
    const household = `The ${surname} family`;
    households.push(household);
    for (let i = 0; i < (sizes[h] ?? 2); i++) {
      const first = firsts[i] ?? 'Guest';
      guests.push({
        name: `${first} ${surname}`,
        email: `${first}.${surname}.${tag}@example.com`.toLowerCase(),
        household,
      });
    }
  });
  const meals = ['meat', 'fish', 'vegetarian', ''];
  const lines = [
    'Name,E-mail,Household,Side,Meal',
    ...guests.map(
      (g, i) =>
        `${g.name},${g.email},${g.household},${i % 2 ? "Groom's family" : "Bride's family"},${meals[i % 4]}`,
    ),
  ];
  return { csv: `${lines.join('\r\n')}\r\n`, guests, households };
}

/** Fills and sends the Create Event dialog (opened by the caller). */
async function createEvent(
  page: Page,
  fields: { title: string; type: string; date: string; time: string; partOf?: string },
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await eventually(() => dialog.isVisible()).toBe(true);
  await dialog.getByRole('textbox', { name: /^Event title/ }).fill(fields.title);
  await dialog.getByRole('combobox', { name: 'Event type' }).selectOption(fields.type);
  if (fields.partOf !== undefined) {
    const partOf = dialog.getByRole('combobox', { name: 'Part of' });
    await eventually(async () => (await partOf.locator('option:checked').textContent())?.trim()).toBe(
      fields.partOf,
    );
  }
  await dialog.locator('input[name="date"]').fill(fields.date);
  await dialog.locator('input[name="time"]').fill(fields.time);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await toast(page, 'Event created successfully');
  await eventually(() => dialog.isVisible()).toBe(false);
}

/** The figure a counts card shows for one (sub-)event: invited, attending, declined or awaiting. */
async function count(page: Page, title: string, which: string): Promise<number> {
  const card = page.getByRole('region', { name: `Counts for ${title}` });
  return Number(await card.locator(`[data-count="${which}"]`).textContent());
}

async function openGuests(page: Page, title: string): Promise<void> {
  await page
    .getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await eventually(() => page.getByRole('heading', { level: 2, name: title }).isVisible()).toBe(true);
  await page.getByRole('tab', { name: 'Guests' }).click();
  await eventually(() => page.getByRole('heading', { name: 'Guest list' }).isVisible()).toBe(true);
}

/** Opens a household's menu and picks one of its items, once the menu has come to rest. */
async function householdAction(page: Page, household: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for household ${household}` }).click();
  const choice: Locator = page.getByRole('menuitem', { name: item });
  await eventually(() => choice.isVisible()).toBe(true);
  await animationsFinished(page);
  await choice.click();
}

const widths: Width[] = ['desktop', 'mobile'];

describe.each(widths)('the guest list at %s width', (width) => {
  it('imports, invites, answers live, reminds, and proposes the headcount', async () => {
    const family = await session(width);
    const { page, context, errors } = family;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const tag = uniqueTag();
    const hostName = `Miriam Katz ${tag}`;
    await signUpCustomer(page, hostName, `miriam.${tag}@example.com`, 'mazel-tov-2027');

    // A main event and two sub-events, each added from the main event's page.
    const main = `Dina and Yoni's Wedding ${tag}`;
    const firstNight = `Sheva Brachot, first night ${tag}`;
    const secondNight = `Sheva Brachot, second night ${tag}`;
    const day = freeWeekday(10);
    await page.goto('/events?new=1');
    await createEvent(page, { title: main, type: 'Wedding', date: day, time: '18:00' });
    await eventually(() => page.getByRole('heading', { level: 2, name: main }).isVisible()).toBe(true);
    for (const [title, offset] of [
      [firstNight, 1],
      [secondNight, 2],
    ] as const) {
      if (!(await page.getByRole('link', { name: 'Add sub-event' }).isVisible())) {
        await page
          .getByRole('link', { name: new RegExp(main) })
          .first()
          .click();
      }
      await page.getByRole('link', { name: 'Add sub-event' }).click();
      await createEvent(page, {
        title,
        type: 'Sheva Brachot',
        date: addDays(day, offset),
        time: '19:00',
        partOf: main,
      });
      await eventually(() => page.getByText(`Part of ${main}`).first().isVisible()).toBe(true);
    }
    // The sub-events are listed under their main event.
    if (width === 'mobile') await page.getByRole('button', { name: 'All events' }).click();
    const listed = await page.getByRole('list', { name: 'Your events' }).getByRole('link').allTextContents();
    const at = (t: string) => listed.findIndex((text) => text.includes(t));
    expect(at(main)).toBeGreaterThanOrEqual(0);
    expect(at(firstNight)).toBe(at(main) + 1);
    expect(at(secondNight)).toBe(at(main) + 2);
    await shot(page, 'events-with-sub-events', width);

    // The guest list, empty.
    await openGuests(page, main);
    await eventually(() => page.getByText('No guests yet').isVisible()).toBe(true);

    // Import: the preview maps the columns and counts the rows, then the import saves them.
    const { csv, guests, households } = guestCsv(tag);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import Guests' });
    await eventually(() => importDialog.isVisible()).toBe(true);
    await importDialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await eventually(() => importDialog.getByText('40 guests in 15 households').first().isVisible()).toBe(
      true,
    );
    await shot(page, 'guests-import-preview', width);
    await importDialog.getByRole('button', { name: /^Import 40 guests/ }).click();
    await toast(page, /^Guests imported/);
    await eventually(() => importDialog.isVisible()).toBe(false);
    await eventually(() => page.getByTestId('guest-totals').textContent()).toMatch(
      /^40 guests in 15 households/,
    );

    // Everyone invited to both sub-events, with their invitations by e-mail.
    const mailsBefore = await mailFiles();
    await page.getByRole('button', { name: 'Invite to events' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to events' });
    await eventually(() => invite.isVisible()).toBe(true);
    for (const title of [firstNight, secondNight]) {
      expect(await invite.getByRole('checkbox', { name: title }).isChecked()).toBe(true);
    }
    // A Chakra checkbox is ticked through its label, as a person clicks it.
    await invite.getByText('Also send each household its invitation by email').click();
    expect(await invite.getByRole('checkbox', { name: /^Also send each household/ }).isChecked()).toBe(true);
    await shot(page, 'guests-invite', width);
    await invite.getByRole('button', { name: 'Invite' }).click();
    await toast(page, 'Guests invited');
    for (const title of [firstNight, secondNight]) {
      await eventually(() => count(page, title, 'invited')).toBe(40);
      expect(await count(page, title, 'awaiting')).toBe(40);
      expect(await count(page, title, 'attending')).toBe(0);
    }
    const invitation = await waitForMail(guests[0]?.email ?? '', {
      seen: mailsBefore,
      subject: `${hostName} invites you: ${main}`,
    });
    expect(invitation.text).toContain(firstNight);
    await shot(page, 'guests-list', width);
    await fitsTheScreen(page);

    // The second household's link, copied (a new link; the mailed one still works).
    const answering = households[1] ?? '';
    await householdAction(page, answering, 'Copy link');
    await toast(page, 'Invitation link copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/rsvp/[A-Za-z0-9_-]{43}$`));
    // The WhatsApp message carries the same link.
    await householdAction(page, answering, 'WhatsApp');
    const whatsapp = page.getByRole('dialog', { name: 'Send by WhatsApp' });
    await eventually(() => whatsapp.getByTestId('whatsapp-message').textContent()).toContain(link);
    const href = await whatsapp.getByRole('link', { name: 'Open WhatsApp' }).getAttribute('href');
    expect(href).toBe(
      `https://wa.me/?text=${encodeURIComponent((await whatsapp.getByTestId('whatsapp-message').textContent()) ?? '')}`,
    );
    await shot(page, 'guests-whatsapp', width);
    await whatsapp.getByRole('button', { name: 'Close dialog' }).click();

    // The household opens its link in a browser of its own and answers for three people.
    const guest = await session(width);
    await guest.page.goto(link);
    const people = guests.filter((g) => g.household === answering);
    expect(people).toHaveLength(3);
    await answerRsvp(
      guest.page,
      people.map((p) => p.name),
      [main, firstNight, secondNight],
    );
    expect(guest.errors).toEqual([]);

    // The family's screen follows without a reload.
    await eventually(() => count(page, firstNight, 'attending'), 20_000).toBe(3);
    expect(await count(page, firstNight, 'awaiting')).toBe(37);
    expect(await count(page, main, 'attending')).toBe(3);
    // The household is marked answered in the list.
    await eventually(() =>
      page.locator(`[data-household="${answering}"]`).getByText('Answered', { exact: true }).isVisible(),
    ).toBe(true);
    await shot(page, 'guests-answered', width);

    // Reminders to the households that have not answered, as mails.
    const beforeReminders = await mailFiles();
    await page.getByRole('button', { name: 'Send reminders' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send reminders?' });
    await confirm.getByRole('button', { name: 'Send Reminders' }).click();
    const said = await toast(page, 'Reminders sent');
    expect(said).toMatch(/Reminded 14 households; skipped 0/);
    const reminder = await waitForMail(guests.find((g) => g.household === households[2])?.email ?? '', {
      seen: beforeReminders,
      subject: `A reminder from ${hostName}: ${main}`,
    });
    expect(reminder.text).toContain('/rsvp/');

    // A guest added by hand: bad input is refused under its field, then the guest joins a household.
    await page.getByRole('button', { name: 'Add guest' }).click();
    const add = page.getByRole('dialog', { name: 'Add Guest' });
    await eventually(() => add.isVisible()).toBe(true);
    await add.getByRole('textbox', { name: /^Email/ }).fill('not-an-address');
    await add.getByRole('button', { name: 'Add Guest' }).click();
    await eventually(() => fieldMessage(add, /^Name/)).toBe('Name is required');
    expect(await fieldMessage(add, /^Email/)).toBe('Email must be a valid email address');
    await shot(page, 'guests-add-dialog', width);
    await add.getByRole('textbox', { name: /^Name/ }).fill(`Rivka Stern ${tag}`);
    await add.getByRole('textbox', { name: /^Email/ }).fill(`rivka.${tag}@example.com`);
    await add.getByRole('combobox', { name: 'Household' }).selectOption({ label: answering });
    await add.getByRole('combobox', { name: 'Meal' }).selectOption('Dairy');
    await add.getByRole('button', { name: 'Add Guest' }).click();
    await toast(page, 'Guest created successfully');
    await eventually(() => page.getByTestId('guest-totals').textContent()).toMatch(
      /^41 guests in 15 households/,
    );
    await eventually(() =>
      page.locator(`[data-household="${answering}"]`).getByText(`Rivka Stern ${tag}`).isVisible(),
    ).toBe(true);

    // An availability request linked to the first night proposes its attending count.
    await page.goto('/marketplace');
    const request = page.getByRole('button', { name: /^Request Availability/ }).first();
    await eventually(() => request.isVisible()).toBe(true);
    await request.click();
    const dialog = page.getByRole('dialog', { name: 'Request Availability' });
    await eventually(() => dialog.isVisible()).toBe(true);
    const guestCount = dialog.getByRole('spinbutton', { name: 'Guest count' });
    expect(await guestCount.inputValue()).toBe('100');
    await dialog
      .getByRole('combobox', { name: 'Link to one of your events' })
      .selectOption({ label: firstNight });
    await eventually(() => guestCount.inputValue()).toBe('3');
    await eventually(() => dialog.getByText('3 attending on the guest list.').isVisible()).toBe(true);
    await shot(page, 'request-proposed-count', width);
    // The family can still change it.
    await guestCount.fill('120');
    expect(await guestCount.inputValue()).toBe('120');

    expect(errors).toEqual([]);
  });
});

/**
 * Answers the household's RSVP page (drawn by the server, no script): each named person attends every
 * event they are invited to; the page says the answers are saved.
 */
async function answerRsvp(page: Page, names: string[], events: string[]): Promise<void> {
  await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  await expectAccessible(page, 'the RSVP page');
  for (const name of names) {
    const person = page.getByRole('group', { name, exact: true });
    for (const event of events) {
      await person
        .getByRole('group', { name: event, exact: true })
        .getByRole('radio', { name: 'Attending', exact: true })
        .check();
    }
  }
  await page.getByRole('button', { name: 'Save our answers' }).click();
  await eventually(() => page.getByText('Thank you! Your answers are saved.').isVisible()).toBe(true);
}
