import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '../../src/client/i18n/catalogue';
import { pageTexts } from '../../src/server/doors/pages/page-texts';
import { mailTexts } from '../../src/server/platform/mail/mail-texts';
import { addDays, conflictFor, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import { GUEST_LIMITS } from '../../src/shared/schemas/guests';
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
import { LANGUAGE, LOCALE, RIGHT_TO_LEFT, say, sayPattern, withoutIsolates } from './language';
import { layoutProblems, rightToLeftProblems, settle } from './layout-checks';
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

/** Pictures of the guest list, for looking at after a run (never committed); another language's in its folder. */
const SHOTS = LANGUAGE === 'en' ? '/tmp/shots-guests' : `/tmp/shots-guests/${LANGUAGE}`;

/** The RSVP page's words (drawn by the server) and the mails', in the run's language. */
const PAGE = pageTexts(LANGUAGE);
const MAIL = mailTexts(LANGUAGE);

/** A control's accessible name: exactly the message, its values isolated or not. */
const named = (id: MessageId, values?: Record<string, string | number>) =>
  sayPattern(id, values, { start: true, end: true });

const WIDTHS = {
  desktop: { width: 1440, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;
type Width = keyof typeof WIDTHS;

/** A browser of its own at a width, asking for the run's language as openSession's does. */
async function session(width: Width): Promise<Session> {
  const context = await browser.newContext({
    viewport: WIDTHS[width],
    baseURL: baseUrl(),
    locale: LOCALE,
    extraHTTPHeaders: {
      'Accept-Language': LANGUAGE === 'en' ? 'en-US,en;q=0.9' : `${LOCALE},${LANGUAGE};q=0.9`,
    },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return track({ context, page, errors });
}

/**
 * A picture into /tmp/shots-guests and an axe-core check of the same state; in a right-to-left run,
 * the same layout and right-to-left checks as browser.ts's screenshot().
 */
async function shot(page: Page, name: string, width: Width): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  await expectAccessible(page, `${name} at ${width} width`);
  if (RIGHT_TO_LEFT) {
    await settle(page);
    const problems = [...(await layoutProblems(page)), ...(await rightToLeftProblems(page, LANGUAGE))];
    expect(problems, `${name} in ${LANGUAGE} at ${width} width (${page.url()})`).toEqual([]);
  }
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

async function toast(page: Page, title: string | RegExp, timeout?: number): Promise<string> {
  const status = page.getByRole('status').filter({ hasText: title }).first();
  await eventually(() => status.isVisible(), timeout).toBe(true);
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
  const dialog = page.getByRole('dialog', { name: say('events.form.createTitle') });
  await eventually(() => dialog.isVisible()).toBe(true);
  await dialog.getByRole('textbox', { name: named('events.form.title') }).fill(fields.title);
  await dialog.getByRole('combobox', { name: named('events.form.type') }).selectOption(fields.type);
  if (fields.partOf !== undefined) {
    const partOf = dialog.getByRole('combobox', { name: named('events.form.partOf') });
    await eventually(async () => (await partOf.locator('option:checked').textContent())?.trim()).toBe(
      fields.partOf,
    );
  }
  await dialog.locator('input[name="date"]').fill(fields.date);
  await dialog.locator('input[name="time"]').fill(fields.time);
  await dialog.getByRole('button', { name: say('events.form.createTitle'), exact: true }).click();
  await toast(page, say('events.form.created'));
  await eventually(() => dialog.isVisible()).toBe(false);
}

/** The figure a counts card shows for one (sub-)event: invited, attending, declined or awaiting. */
async function count(page: Page, title: string, which: string): Promise<number> {
  const card = page.getByRole('region', { name: named('guests.counts.label', { title }) });
  return Number(await card.locator(`[data-count="${which}"]`).textContent());
}

async function openGuests(page: Page, title: string): Promise<void> {
  await page
    .getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await eventually(() => page.getByRole('heading', { level: 2, name: title }).isVisible()).toBe(true);
  await page.getByRole('tab', { name: say('events.tabs.guests'), exact: true }).click();
  await eventually(() =>
    page.getByRole('heading', { name: say('guests.tab.title'), exact: true }).isVisible(),
  ).toBe(true);
}

/** Opens a household's menu and picks one of its items, once the menu has come to rest. */
async function householdAction(page: Page, household: string, item: MessageId): Promise<void> {
  await page.getByRole('button', { name: named('guests.actions.label', { name: household }) }).click();
  const choice: Locator = page.getByRole('menuitem', { name: say(item), exact: true });
  await eventually(() => choice.isVisible()).toBe(true);
  await animationsFinished(page);
  await choice.click();
}

/** The guest list's totals line, 'N guests in M households', as the page writes it. */
function totals(guests: number, households: number): RegExp {
  return sayPattern('guests.tab.totals', {
    guests,
    households,
    guestsText: String(guests),
    householdsText: String(households),
  });
}

/** A field's label as getByLabel reads it: the message, and the required mark when there is one. */
function fieldLabel(id: MessageId): RegExp {
  return new RegExp(`${sayPattern(id, {}, { start: true }).source}(?:\\s*\\*)?$`, 's');
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
      const addSub = page.getByRole('link', { name: say('events.sub.add'), exact: true });
      if (!(await addSub.isVisible())) {
        await page
          .getByRole('link', { name: new RegExp(main) })
          .first()
          .click();
      }
      await addSub.click();
      await createEvent(page, {
        title,
        type: 'Sheva Brachot',
        date: addDays(day, offset),
        time: '19:00',
        partOf: main,
      });
      await eventually(() =>
        page
          .getByText(named('events.partOf', { parent: main }))
          .first()
          .isVisible(),
      ).toBe(true);
    }
    // The sub-events are listed under their main event.
    if (width === 'mobile') {
      await page.getByRole('button', { name: say('events.detail.allEvents'), exact: true }).click();
    }
    // The list is read again until it shows all three: on a phone it is drawn anew when it opens.
    const places = async () => {
      const listed = await page
        .getByRole('list', { name: say('events.list.label'), exact: true })
        .getByRole('link')
        .allTextContents();
      const at = (t: string) => listed.findIndex((text) => text.includes(t));
      return [at(firstNight) - at(main), at(secondNight) - at(main), at(main) >= 0];
    };
    await eventually(places).toEqual([1, 2, true]);
    await shot(page, 'events-with-sub-events', width);

    // The guest list, empty.
    await openGuests(page, main);
    await eventually(() => page.getByText(say('guests.tab.emptyTitle'), { exact: true }).isVisible()).toBe(
      true,
    );

    // Import: the preview maps the columns and counts the rows, then the import saves them.
    const { csv, guests, households } = guestCsv(tag);
    await page.getByRole('button', { name: say('guests.tab.import'), exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: say('guests.import.title'), exact: true });
    await eventually(() => importDialog.isVisible()).toBe(true);
    await importDialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await eventually(() =>
      importDialog
        .getByText(say('guests.import.counts', { guests: 40, households: 15 }), { exact: true })
        .first()
        .isVisible(),
    ).toBe(true);
    await shot(page, 'guests-import-preview', width);
    await importDialog
      .getByRole('button', { name: named('guests.import.submitCount', { count: 40 }) })
      .click();
    await toast(page, say('guests.import.done'));
    await eventually(() => importDialog.isVisible()).toBe(false);
    await eventually(() => page.getByTestId('guest-totals').textContent()).toMatch(totals(40, 15));

    // Everyone invited to both sub-events, with their invitations by e-mail.
    const mailsBefore = await mailFiles();
    await page.getByRole('button', { name: say('guests.invite.title'), exact: true }).click();
    const invite = page.getByRole('dialog', { name: say('guests.invite.title'), exact: true });
    await eventually(() => invite.isVisible()).toBe(true);
    for (const title of [firstNight, secondNight]) {
      expect(await invite.getByRole('checkbox', { name: title }).isChecked()).toBe(true);
    }
    // A Chakra checkbox is ticked through its label, as a person clicks it.
    await invite.getByText(say('guests.invite.sendMail'), { exact: true }).click();
    expect(
      await invite.getByRole('checkbox', { name: say('guests.invite.sendMail'), exact: true }).isChecked(),
    ).toBe(true);
    await shot(page, 'guests-invite', width);
    await invite.getByRole('button', { name: say('guests.invite.submit'), exact: true }).click();
    // 40 guests' invitations are saved four at a time, then 15 mails queued: on a busy machine this
    // outlasts the usual wait, while the counts behind the dialog show it moving.
    await toast(page, say('guests.invite.done'), 60_000);
    for (const title of [firstNight, secondNight]) {
      await eventually(() => count(page, title, 'invited')).toBe(40);
      expect(await count(page, title, 'awaiting')).toBe(40);
      expect(await count(page, title, 'attending')).toBe(0);
    }
    const invitation = await waitForMail(guests[0]?.email ?? '', {
      seen: mailsBefore,
      subject: MAIL.t('guests.invitation.subject', { host: hostName, title: main }),
    });
    expect(invitation.text).toContain(firstNight);
    await shot(page, 'guests-list', width);
    await fitsTheScreen(page);

    // The second household's link, copied (a new link; the mailed one still works).
    const answering = households[1] ?? '';
    await householdAction(page, answering, 'guests.actions.copy');
    await toast(page, say('guests.actions.copied'));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/rsvp/[A-Za-z0-9_-]{43}$`));
    // The WhatsApp message carries the same link.
    await householdAction(page, answering, 'guests.actions.whatsapp');
    const whatsapp = page.getByRole('dialog', { name: say('guests.whatsapp.title'), exact: true });
    await eventually(() => whatsapp.getByTestId('whatsapp-message').textContent()).toContain(link);
    const href = await whatsapp
      .getByRole('link', { name: say('guests.whatsapp.open'), exact: true })
      .getAttribute('href');
    expect(href).toBe(
      `https://wa.me/?text=${encodeURIComponent((await whatsapp.getByTestId('whatsapp-message').textContent()) ?? '')}`,
    );
    await shot(page, 'guests-whatsapp', width);
    await whatsapp.getByRole('button', { name: say('common.dialog.close'), exact: true }).click();

    // The household opens its link in a browser of its own and answers for three people.
    const guest = await session(width);
    await guest.page.goto(link);
    const people = guests.filter((g) => g.household === answering);
    expect(people).toHaveLength(3);
    await answerRsvp(
      guest.page,
      people.map((p) => p.name),
      [main, firstNight, secondNight],
      width,
    );
    expect(guest.errors).toEqual([]);

    // The family's screen follows without a reload.
    await eventually(() => count(page, firstNight, 'attending'), 20_000).toBe(3);
    expect(await count(page, firstNight, 'awaiting')).toBe(37);
    expect(await count(page, main, 'attending')).toBe(3);
    // The household is marked answered in the list.
    await eventually(() =>
      page
        .locator(`[data-household="${answering}"]`)
        .getByText(say('guests.list.answered'), { exact: true })
        .isVisible(),
    ).toBe(true);
    await shot(page, 'guests-answered', width);

    // Reminders to the households that have not answered, as mails.
    const beforeReminders = await mailFiles();
    await page.getByRole('button', { name: say('guests.remind.button'), exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: say('guests.remind.title'), exact: true });
    await confirm.getByRole('button', { name: say('guests.remind.confirm'), exact: true }).click();
    const said = await toast(page, say('guests.remind.sent'));
    expect(withoutIsolates(said)).toContain(
      say('guests.remind.outcome', { reminded: 14, skipped: 0, days: GUEST_LIMITS.reminderEveryDays }),
    );
    const reminder = await waitForMail(guests.find((g) => g.household === households[2])?.email ?? '', {
      seen: beforeReminders,
      subject: MAIL.t('guests.reminder.subject', { host: hostName, title: main }),
    });
    expect(reminder.text).toContain('/rsvp/');

    // A guest added by hand: bad input is refused under its field, then the guest joins a household.
    await page.getByRole('button', { name: say('guests.actions.addGuest'), exact: true }).click();
    const add = page.getByRole('dialog', { name: say('guests.guest.add'), exact: true });
    await eventually(() => add.isVisible()).toBe(true);
    const nameBox = add.getByRole('textbox', { name: named('guests.field.name') });
    const emailBox = add.getByRole('textbox', { name: named('common.field.email') });
    await emailBox.fill('not-an-address');
    await add.getByRole('button', { name: say('guests.guest.add'), exact: true }).click();
    await eventually(() => fieldMessage(add, fieldLabel('guests.field.name'))).toBe(
      say('errors.common.isRequired', { label: say('errors.label.name') }),
    );
    expect(await fieldMessage(add, fieldLabel('common.field.email'))).toBe(say('errors.guests.badEmail'));
    await shot(page, 'guests-add-dialog', width);
    await nameBox.fill(`Rivka Stern ${tag}`);
    await emailBox.fill(`rivka.${tag}@example.com`);
    await add
      .getByRole('combobox', { name: named('guests.field.household') })
      .selectOption({ label: answering });
    await add.getByRole('combobox', { name: named('guests.field.meal') }).selectOption('dairy');
    await add.getByRole('button', { name: say('guests.guest.add'), exact: true }).click();
    await toast(page, say('guests.guest.created'));
    await eventually(() => page.getByTestId('guest-totals').textContent()).toMatch(totals(41, 15));
    await eventually(() =>
      page.locator(`[data-household="${answering}"]`).getByText(`Rivka Stern ${tag}`).isVisible(),
    ).toBe(true);

    // An availability request linked to the first night proposes its attending count.
    await page.goto('/marketplace');
    const request = page
      .getByRole('button', {
        name: sayPattern('marketplace.card.actionLabel', { action: say('marketplace.request.action') }),
      })
      .first();
    await eventually(() => request.isVisible()).toBe(true);
    await request.click();
    const dialog = page.getByRole('dialog', { name: say('marketplace.request.action'), exact: true });
    await eventually(() => dialog.isVisible()).toBe(true);
    const guestCount = dialog.getByRole('spinbutton', { name: named('marketplace.request.guestCount') });
    expect(await guestCount.inputValue()).toBe('100');
    await dialog
      .getByRole('combobox', { name: named('marketplace.request.linkEvent') })
      .selectOption({ label: firstNight });
    await eventually(() => guestCount.inputValue()).toBe('3');
    await eventually(() =>
      dialog.getByText(say('marketplace.request.attendingHint', { count: 3 }), { exact: true }).isVisible(),
    ).toBe(true);
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
async function answerRsvp(page: Page, names: string[], events: string[], width: Width): Promise<void> {
  await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  await shot(page, 'rsvp', width);
  for (const name of names) {
    const person = page.getByRole('group', { name, exact: true });
    for (const event of events) {
      await person
        .getByRole('group', { name: event, exact: true })
        .getByRole('radio', { name: PAGE.t('rsvp.answer.attending'), exact: true })
        .check();
    }
  }
  await page.getByRole('button', { name: PAGE.t('rsvp.save'), exact: true }).click();
  await eventually(() => page.getByText(PAGE.t('rsvp.saved'), { exact: true }).isVisible()).toBe(true);
}
