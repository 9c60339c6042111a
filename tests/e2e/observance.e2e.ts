import { HDate, HebrewCalendar, Location, Zmanim } from '@hebcal/core';
import ical, { type VEvent } from 'node-ical';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/shared/dates';
import { addDays, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import { afterName, observanceName } from '../../src/shared/observance-names';
import { reasonCivilDay } from '../../src/shared/observance-reasons';
import {
  launchBrowser,
  openSession,
  eventually as poll,
  screenshot,
  signUpCustomer,
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

const viewports: ViewportName[] = ['desktop', 'phone'];

/** 'Shabbat' as the page names it in the run's language. */
const SHABBAT = observanceName('Shabbat', LANGUAGE);

/** Brooklyn, New York as the place table has it (GeoNames 5110302). */
const BROOKLYN = { name: 'Brooklyn', latitude: 40.6501, longitude: -73.94958, zone: 'America/New_York' };
const brooklyn = new Location(BROOKLYN.latitude, BROOKLYN.longitude, false, BROOKLYN.zone, BROOKLYN.name);

/** A poll for pages that load several things in turn: generous, as the machine may be busy. */
/** The observance pages compute zmanim for each place: a little longer than the usual wait. */
const eventually = <T>(read: () => Promise<T>) => poll(read, 20_000);

/** 'HH:MM' of an instant on the 24-hour clock of a zone. */
function clock(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** 'Saturday 19 December' ('יום שבת, 19 בדצמבר') for a 'YYYY-MM-DD', as a reason names a day. */
function dayName(date: string): string {
  return reasonCivilDay(date, LANGUAGE);
}

/** 'Wednesday, May 5, 2027' ('יום רביעי, 5 במאי 2027'): a date as "Find a date" lists it. */
function longDate(date: string): string {
  return formatDate(date, LANGUAGE, 'full');
}

function gregorian(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** Havdalah (the sun 8.5° below the horizon, to the nearest minute) in Brooklyn on a date, 'HH:MM'. */
function havdalah(date: string): string {
  const zmanim = new Zmanim(brooklyn, gregorian(date), false);
  return clock(Zmanim.roundTime(zmanim.tzeit(8.5)), BROOKLYN.zone);
}

/** The instant a wall-clock date and time in a zone name. */
function instantIn(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall;
  for (let i = 0; i < 3; i++) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(guess))
        .map((p) => [p.type, p.value]),
    );
    const seen = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
    guess += wall - seen;
  }
  return new Date(guess);
}

/**
 * The wedding's Saturday: 19 December 2026, or, once that has passed on this machine's clock, the
 * first December Saturday still ahead that is plain Shabbat (no festival on it).
 */
function weddingSaturday(): string {
  const tomorrow = addDays(toCivilDate(new Date()), 1);
  let day = '2026-12-19';
  for (;;) {
    if (day.slice(5, 7) !== '12') day = `${day.slice(0, 4)}-12-01`;
    const plain = (HebrewCalendar.getHolidaysOnDate(gregorian(day), false) ?? []).length === 0;
    if (dayOfWeek(day) === 6 && day >= tomorrow && plain) return day;
    day = addDays(day, 1);
  }
}

/** The Omer of 5787: its first day (16 Nisan) and Lag BaOmer (18 Iyar, day 33), as civil dates. */
const OMER_DAY_1 = toCivilDate(new HDate(16, 'Nisan', 5787).greg());
const LAG_BAOMER = toCivilDate(new HDate(18, 'Iyyar', 5787).greg());

function omerDay(date: string): number {
  return Math.round((Date.parse(date) - Date.parse(OMER_DAY_1)) / 86_400_000) + 1;
}

function sephardiOmer(date: string): string {
  return say('observance.reason.omer', { day: omerDay(date), custom: 'sephardi' });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each tier's notice title, as the page writes it. */
const TIER_TITLES = {
  forbidden: say('common.conflict.forbidden.title'),
  custom: say('common.conflict.custom.title'),
  info: say('common.conflict.info.title'),
};

/** A tier's notice as its text reads: the title, then the reason ('Worth knowing: Motzei Shabbat: …'). */
function notice(level: keyof typeof TIER_TITLES, reason: string): string {
  return `${say('common.conflict.titleWithReason', { title: TIER_TITLES[level] })}${reason}`;
}

/**
 * The tier notices in a dialog or the page's main part (toasts sit outside both): the text of each,
 * without the isolates a right-to-left page puts around the names in it.
 */
async function notices(scope: Locator): Promise<string[]> {
  const texts = await scope
    .getByRole('status')
    .filter({ hasText: new RegExp(`^(?:${Object.values(TIER_TITLES).map(escapeRegExp).join('|')})`) })
    .allTextContents();
  return texts.map(withoutIsolates);
}

async function toast(page: Page, title: string): Promise<void> {
  await eventually(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible()).toBe(
    true,
  );
}

/** A city chosen in a place combobox: typed, then taken by the keyboard (desktop) or a tap (phone). */
async function choosePlace(
  combobox: Locator,
  typed: string,
  option: RegExp,
  how: 'keyboard' | 'click',
): Promise<void> {
  const page = combobox.page();
  await combobox.click();
  await combobox.fill('');
  await combobox.pressSequentially(typed, { delay: 40 });
  const list = page.getByRole('listbox', { name: say('common.place.matching') });
  await eventually(() => list.getByRole('option', { name: option }).first().isVisible()).toBe(true);
  if (how === 'click') {
    await list.getByRole('option', { name: option }).first().click();
    return;
  }
  const names = await list.getByRole('option').allTextContents();
  const index = names.findIndex((name) => option.test(name));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await combobox.press('ArrowDown');
  expect(await combobox.getAttribute('aria-activedescendant')).toBe(
    await list.getByRole('option').nth(index).getAttribute('id'),
  );
  await combobox.press('Enter');
}

describe.each(viewports)('observance journey at %s width', (viewport) => {
  it("judges a Brooklyn Sephardi family's wedding by the clock, finds dates in the Omer and feeds the calendar", async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    const how = viewport === 'desktop' ? 'keyboard' : 'click';
    const title = `Rivka & Yosef's Wedding ${viewport}`;
    const saturday = weddingSaturday();
    const endsAt = havdalah(saturday);
    // The figure: Shabbat ends at 17:16 in Brooklyn on 19 December 2026.
    if (saturday === '2026-12-19') expect(endsAt).toBe('17:16');

    // 1. A new family sets its home place and observance in Profile Settings.
    await signUpCustomer(
      page,
      `Rivka Abergel ${viewport}`,
      `abergel.${viewport}.${Date.now()}@example.com`,
      'shalom-bayit-5787',
    );
    await page.goto('/profile');
    const card = page.getByRole('region', { name: say('profile.observance.title') });
    await eventually(() => card.isVisible()).toBe(true);
    const home = card.getByRole('combobox', { name: say('profile.observance.home') });
    await choosePlace(home, 'Brookl', /^Brooklyn, New York, United States$/, how);
    await eventually(() => home.inputValue()).toBe('Brooklyn, New York');
    await toast(page, say('profile.page.updated'));
    // The options' values are the stored settings, the same in every language.
    const custom = card.getByRole('combobox', { name: say('profile.observance.custom'), exact: true });
    const schedule = card.getByRole('combobox', { name: say('profile.observance.calendar'), exact: true });
    await custom.selectOption('sephardi');
    await eventually(() => custom.isEnabled()).toBe(true);
    await schedule.selectOption('diaspora');
    await eventually(() => schedule.isEnabled()).toBe(true);
    await page.reload();
    await eventually(() => home.inputValue()).toBe('Brooklyn, New York');
    expect(await custom.inputValue()).toBe('sephardi');
    expect(await schedule.inputValue()).toBe('diaspora');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'observance-settings', viewport);

    // 2. The wedding on the Saturday night after Shabbat: worth knowing, nothing more.
    await page.goto('/events?new=1');
    const create = page.getByRole('dialog', { name: say('events.form.createTitle') });
    await eventually(() => create.isVisible()).toBe(true);
    await create.getByRole('textbox', { name: sayPattern('events.form.title') }).fill(title);
    await create.getByRole('combobox', { name: say('events.form.type') }).selectOption('Wedding');
    await create.getByLabel(sayPattern('events.form.date')).fill(saturday);
    await create.getByLabel(say('events.form.time'), { exact: true }).fill('19:30');
    await create.getByLabel(sayPattern('events.form.endTime')).fill('23:30');
    const place = create.getByRole('combobox', { name: say('events.form.place') });
    await eventually(() => place.inputValue()).toBe('Brooklyn, New York');
    const motzei = say('observance.reason.afterRest', {
      after: afterName('Shabbat', LANGUAGE),
      name: SHABBAT,
      endTime: endsAt,
      place: 'Brooklyn',
    });
    await eventually(() => notices(create)).toEqual([notice('info', motzei)]);
    await create.getByRole('button', { name: say('events.form.createTitle'), exact: true }).click();
    await toast(page, say('events.form.created'));
    await eventually(() => create.isVisible()).toBe(false);
    await eventually(() => page.getByRole('heading', { level: 2, name: title }).isVisible()).toBe(true);

    // 3. Moved to 16:30, within Shabbat: the form says so with the times, and so does the event.
    const forbidden = say('observance.reason.restEnds', {
      name: SHABBAT,
      endTime: endsAt,
      place: 'Brooklyn',
      endDay: dayName(saturday),
      eventStart: '16:30',
    });
    await page.getByRole('button', { name: say('events.detail.actions') }).click();
    await page.getByRole('menuitem', { name: say('events.detail.editEvent') }).click();
    const edit = page.getByRole('dialog', { name: say('events.form.editTitle') });
    await eventually(() => edit.isVisible()).toBe(true);
    await edit.getByLabel(say('events.form.time'), { exact: true }).fill('16:30');
    await eventually(() => notices(edit)).toEqual([notice('forbidden', forbidden)]);
    await screenshot(page, 'observance-forbidden-form', viewport);
    await edit.getByRole('button', { name: say('events.form.save') }).click();
    await toast(page, say('events.form.updated'));
    await eventually(() => edit.isVisible()).toBe(false);
    await eventually(() => notices(page.locator('main'))).toContain(notice('forbidden', forbidden));

    // 4. Find a date in the Omer: Sephardi custom avoids it to Lag BaOmer and past it.
    const from = addDays(OMER_DAY_1, 10);
    const to = addDays(LAG_BAOMER, 1);
    let weekday = from;
    while (dayOfWeek(weekday) < 1 || dayOfWeek(weekday) > 4) weekday = addDays(weekday, 1);
    await page.goto('/calendar');
    await page.getByRole('button', { name: say('calendar.page.findDate') }).click();
    const find = page.getByRole('dialog', { name: say('calendar.page.findDate') });
    await eventually(() => find.isVisible()).toBe(true);
    await find.getByLabel(sayPattern('calendar.find.from')).fill(from);
    await find.getByLabel(sayPattern('calendar.find.to')).fill(to);
    await find.getByRole('combobox', { name: say('calendar.find.eventType') }).selectOption('Wedding');
    await find.getByLabel(sayPattern('calendar.find.time')).fill('19:00');
    await find.getByLabel(sayPattern('calendar.find.hours')).fill('4');
    expect(await find.getByRole('combobox', { name: say('calendar.find.where') }).inputValue()).toBe('home');
    await find.getByRole('button', { name: say('calendar.find.submit') }).click();
    const found = find.getByRole('region', { name: say('calendar.find.found') });
    await eventually(() => found.isVisible()).toBe(true);
    expect(await found.textContent()).toMatch(
      sayPattern('calendar.find.summary', { place: 'Brooklyn', time: '19:00' }, { start: false }),
    );
    const avoided = say('calendar.legend.custom');
    const dateRow = (date: string) => found.getByRole('listitem').filter({ hasText: longDate(date) });
    for (const date of [weekday, LAG_BAOMER]) {
      const row = dateRow(date);
      expect(await row.getByText(avoided, { exact: true }).isVisible()).toBe(true);
      expect(await row.getByText(sephardiOmer(date), { exact: true }).isVisible()).toBe(true);
    }
    expect(omerDay(LAG_BAOMER)).toBe(33);
    // The evening of day 34 is free of the Sephardi Omer.
    expect(await dateRow(to).count()).toBe(1);
    expect(await dateRow(to).getByText(avoided, { exact: true }).count()).toBe(0);
    await dateRow(weekday).scrollIntoViewIfNeeded();
    await screenshot(page, 'observance-find-date', viewport);
    await dateRow(weekday)
      .getByRole('button', { name: say('calendar.find.planLabel', { date: longDate(weekday) }) })
      .click();
    await page.waitForURL('**/events?*');
    const planned = page.getByRole('dialog', { name: say('events.form.createTitle') });
    await eventually(() => planned.isVisible()).toBe(true);
    expect(await planned.getByLabel(sayPattern('events.form.date')).inputValue()).toBe(weekday);
    expect(await planned.getByLabel(say('events.form.time'), { exact: true }).inputValue()).toBe('19:00');
    expect(await planned.getByLabel(sayPattern('events.form.endTime')).inputValue()).toBe('23:00');
    expect(await planned.getByRole('combobox', { name: say('events.form.type') }).inputValue()).toBe(
      'Wedding',
    );
    await eventually(() =>
      planned.getByRole('combobox', { name: say('events.form.place') }).inputValue(),
    ).toBe('Brooklyn, New York');
    await eventually(() => notices(planned)).toEqual([notice('custom', sephardiOmer(weekday))]);
    await planned.getByRole('button', { name: say('common.action.cancel'), exact: true }).click();
    await eventually(() => planned.isVisible()).toBe(false);

    // 5. The calendar feed: the address made in Profile Settings carries the wedding at 16:30 in Brooklyn.
    await page.goto('/profile');
    const feed = page.getByRole('region', { name: say('profile.feed.title') });
    await eventually(() => feed.isVisible()).toBe(true);
    await feed.getByRole('button', { name: say('profile.feed.create') }).click();
    await toast(page, say('profile.feed.made'));
    const address = feed.getByText(/^https?:\/\/\S+\/calendar\/\S+\.ics$/);
    await eventually(() => address.isVisible()).toBe(true);
    const url = new URL((await address.textContent()) ?? '');
    const res = await context.request.get(url.pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
    const items = Object.values(ical.sync.parseICS(await res.text())).filter(
      (item): item is VEvent => item?.type === 'VEVENT',
    );
    const wedding = items.find((item) => String(item.summary) === title);
    expect(wedding).toBeDefined();
    expect(wedding?.start.toISOString()).toBe(instantIn(saturday, '16:30', BROOKLYN.zone).toISOString());
    expect(wedding?.end?.toISOString()).toBe(instantIn(saturday, '23:30', BROOKLYN.zone).toISOString());

    expect(errors).toEqual([]);
    await context.close();
  });
});
