import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageId } from '../../src/client/i18n/catalogue';
import { PRODUCT_NAME } from '../../src/shared/constants';
import { formatDate, formatDateRange } from '../../src/shared/dates';
import {
  addDays,
  type Holiday,
  hebrewMonthYear,
  holidaysOn,
  holidayTitle,
  toCivilDate,
} from '../../src/shared/jewish-calendar';
import {
  baseUrl,
  DEMO,
  eventually,
  fieldMessage,
  focusedName,
  launchBrowser,
  openSession,
  screenshot,
  signIn,
  signUpCustomer,
  trackSessions,
  type ViewportName,
} from './browser';
import { LANGUAGE, say, sayPattern } from './language';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every session closed after its journey, even a failed one, which pictures what each showed. */
const { track } = trackSessions('calendar-profile');

const viewports: ViewportName[] = ['desktop', 'phone'];

/** Passover 5787 begins the evening of 21 April 2027: its first day is 22 April. */
const PASSOVER_DAY_1 = '2027-04-22';
const FAMILY_LABEL = 'Goldberg Family';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The sign-up and sign-in fields, by their labels' words (a required mark may follow). */
const FULL_NAME = sayPattern('common.field.fullName');
const EMAIL = sayPattern('common.field.email');
const PASSWORD = sayPattern('common.field.password');

interface Account {
  name: string;
  email: string;
  password: string;
}

/** A new customer account made from the page (same origin, as the app itself would send it). */
async function signUpThroughApi(page: Page, name: string, familyLabel: string | null): Promise<Account> {
  await page.goto('/about');
  const account = {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`,
    password: 'mazel-tov-2027',
  };
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { ...account, familyLabel, role: 'customer' },
  );
  expect(status).toBe(201);
  return account;
}

/** A new invite link of the signed-in member's circle: its id and secret token. */
async function createInviteThroughApi(page: Page): Promise<{ id: string; token: string }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/family/invites', { method: 'POST' });
    if (res.status !== 201) throw new Error(`creating an invite answered ${res.status}`);
    return (await res.json()) as { id: string; token: string };
  });
}

/** A poll for pages that load several things in turn: generous, as the machine may be busy. */

async function signInAsDemoCustomer(page: Page): Promise<void> {
  await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
  await page.waitForURL('**/dashboard');
}

/** The month view's heading for the month of `date`, in the run's language ('April 2027', 'אפריל 2027'). */
function monthHeading(date: string): string {
  return formatDate(`${date.slice(0, 7)}-01`, LANGUAGE, 'monthYear');
}

/** The Hebrew month(s) and year under the heading: in Hebrew letters on a Hebrew page, else in English. */
function hebrewHeading(date: string): string {
  return hebrewMonthYear(date, { hebrew: LANGUAGE === 'he' });
}

/** A day's holiday by its English name, as the calendar titles it in the run's language ('Passover (day 1)'). */
function holidayOn(date: string, name: string): string {
  const holiday: Holiday | undefined = holidaysOn(date).find((h) => h.name === name);
  if (!holiday) throw new Error(`no ${name} on ${date}`);
  return holidayTitle(holiday, LANGUAGE);
}

/**
 * The calendar's heading, its spaces plain: this ICU puts thin spaces around a date range's dash
 * where the browser's puts plain ones ('April 18 – 24, 2027'); compare with `week`.
 */
async function headingText(page: Page): Promise<string> {
  return plainSpaces((await page.getByTestId('calendar-heading').textContent()) ?? '');
}

function plainSpaces(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

/** The week view's heading from its first to its last day, as the page formats it, spaces plain. */
function week(first: string, last: string): string {
  return plainSpaces(formatDateRange(first, last, LANGUAGE, 'long'));
}

async function cell(page: Page, date: string) {
  return page.locator(`[data-calendar-cell][data-date="${date}"]`);
}

interface ApiEvent {
  id: string;
  title: string;
  date: string;
  localDate: string;
  time: string | null;
  conflict: { level: 'forbidden' | 'custom' | 'info' | null };
}

describe.each(viewports)('calendar and profile journeys at %s width', (viewport) => {
  it('shows the month grid, moves between months, marks holidays and conflicts, and switches views', async () => {
    expect(holidaysOn(PASSOVER_DAY_1).some((h) => h.name === 'Passover' && h.type === 'major')).toBe(true);

    const { page, errors, context } = track(await openSession(browser, viewport));
    const button = (id: MessageId) => page.getByRole('button', { name: say(id), exact: true });
    const viewChoice = (id: MessageId) =>
      page.getByRole('radiogroup', { name: say('calendar.nav.view') }).getByText(say(id), { exact: true });
    await signInAsDemoCustomer(page);
    await page.goto('/calendar');
    await expect.poll(() => page.locator('[data-calendar-cell]').count()).toBe(42);

    const today = toCivilDate(new Date());
    expect(await headingText(page)).toBe(monthHeading(today));
    // The grid starts on a Sunday.
    const firstDate = await page.locator('[data-calendar-cell]').first().getAttribute('data-date');
    expect(new Date(`${firstDate}T12:00:00`).getDay()).toBe(0);
    // The demo customer has Hebrew dates on: the Hebrew month(s) and year of this month show.
    expect(await page.getByTestId('calendar-hebrew-heading').textContent()).toBe(hebrewHeading(today));

    // Next and previous month, then on to April 2027.
    await button('calendar.nav.next.month').click();
    await expect.poll(() => headingText(page)).not.toBe(monthHeading(today));
    await button('calendar.nav.previous.month').click();
    await expect.poll(() => headingText(page)).toBe(monthHeading(today));
    const [ty, tm] = today.split('-').map(Number) as [number, number];
    const steps = 2027 * 12 + 3 - (ty * 12 + tm - 1);
    const step = button(steps >= 0 ? 'calendar.nav.next.month' : 'calendar.nav.previous.month');
    for (let i = 0; i < Math.abs(steps); i++) await step.click();
    await expect.poll(() => headingText(page)).toBe(monthHeading('2027-04-01'));
    // Two clicks before the page can re-render in between: each one counts.
    const clickTwice = (element: HTMLElement) => {
      element.click();
      element.click();
    };
    await button('calendar.nav.next.month').evaluate(clickTwice);
    await expect.poll(() => headingText(page)).toBe(monthHeading('2027-06-01'));
    await button('calendar.nav.previous.month').evaluate(clickTwice);
    await expect.poll(() => headingText(page)).toBe(monthHeading('2027-04-01'));
    expect(await page.locator('[data-calendar-cell]').count()).toBe(42);
    // Paging selects the 1st of the month, not today's day number; the mark of today stays on today.
    expect(await page.locator('[data-calendar-cell][data-selected="true"]').getAttribute('data-date')).toBe(
      '2027-04-01',
    );
    expect(await page.locator('[aria-current="date"]').count()).toBe(0);
    expect(await page.getByTestId('calendar-hebrew-heading').textContent()).toBe(
      hebrewHeading(PASSOVER_DAY_1),
    );

    const passoverDay1 = holidayOn(PASSOVER_DAY_1, 'Passover');
    const passover = await cell(page, PASSOVER_DAY_1);
    expect(await passover.getAttribute('data-holiday-types')).toContain('major');
    if (viewport === 'desktop') expect(await passover.textContent()).toContain(passoverDay1);
    // Saturdays are tinted as Shabbat.
    expect(await (await cell(page, '2027-04-17')).getAttribute('data-shabbat')).toBe('true');

    // A day of the month carries the conflict marker exactly when the server judged one of its
    // events forbidden or avoided by custom (decision 034).
    const response = await context.request.get('/api/events');
    expect(response.status()).toBe(200);
    const events = (await response.json()) as ApiEvent[];
    const warned = (event: ApiEvent) =>
      event.conflict.level === 'forbidden' || event.conflict.level === 'custom';
    const inApril = events.filter((event) => event.localDate.startsWith('2027-04'));
    for (const date of new Set(inApril.map((event) => event.localDate))) {
      const expected = inApril.some((event) => event.localDate === date && warned(event));
      expect(await (await cell(page, date)).getAttribute('data-conflict')).toBe(expected ? 'true' : null);
    }

    // Selecting a day lists what falls on it below the grid.
    await passover.getByRole('button').click();
    await expect.poll(() => page.getByTestId('selected-day').getAttribute('data-date')).toBe(PASSOVER_DAY_1);
    expect(await page.getByTestId('selected-day').textContent()).toContain(passoverDay1);
    expect(await page.getByTestId('selected-day').textContent()).toContain(
      formatDate(PASSOVER_DAY_1, LANGUAGE, 'full'),
    );

    // The family circle's events, with their owners.
    const family = page.getByTestId('family-events');
    await expect.poll(() => family.getByText("Maya's Bat Mitzvah").isVisible()).toBe(true);
    expect(await family.textContent()).toContain('Rachel Goldberg');
    expect(await family.locator('li').count()).toBeLessThanOrEqual(4);

    // The legend and the guide tell what the marks mean and how dates are computed.
    const legend = page.getByTestId('calendar-legend');
    for (const label of [
      'calendar.notes.shabbat',
      'calendar.legend.major',
      'calendar.legend.celebration',
      'calendar.legend.minor',
      'calendar.legend.fast',
      'calendar.legend.conflicts',
      'calendar.legend.times',
      'calendar.legend.forbidden',
      'calendar.legend.custom',
      'calendar.legend.info',
    ] as const) {
      expect(await legend.getByText(say(label), { exact: true }).isVisible(), label).toBe(true);
    }
    expect(await page.getByText(say('calendar.guide.holidays'), { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'calendar-month', viewport);

    // Week view: the seven days of the selected day's week, and a week step.
    await viewChoice('calendar.view.week').click();
    await expect.poll(() => page.locator('[data-calendar-day]').count()).toBe(7);
    expect(await headingText(page)).toBe(week('2027-04-18', '2027-04-24'));
    expect(await page.getByTestId('week-view').textContent()).toContain(passoverDay1);
    await screenshot(page, 'calendar-week', viewport);
    await button('calendar.nav.next.week').click();
    await expect.poll(() => headingText(page)).toBe(week('2027-04-25', '2027-05-01'));

    // Day view: one day in detail, moving a day at a time.
    await viewChoice('calendar.view.day').click();
    await expect
      .poll(() => page.getByTestId('day-view').getAttribute('data-date'))
      .toBe(addDays(PASSOVER_DAY_1, 7));
    await button('calendar.nav.previous.day').click();
    await expect.poll(() => headingText(page)).toBe(formatDate('2027-04-28', LANGUAGE, 'full'));
    expect(await page.getByTestId('day-view').textContent()).toContain(holidayOn('2027-04-28', 'Passover'));
    await screenshot(page, 'calendar-day', viewport);

    // An event opens on My Events.
    const first = events[0];
    expect(first).toBeDefined();
    if (first) {
      await page.goto(`/calendar?view=day&date=${first.localDate}`);
      await page.locator(`[data-event-id="${first.id}"]`).click();
      await page.waitForURL(
        (url) => url.pathname === '/events' && url.searchParams.get('event') === first.id,
      );
    }

    // The Today button (named with today's date) comes back to this month.
    await page.goto('/calendar?view=month&date=2027-04-22');
    await page
      .getByRole('button', { name: sayPattern('calendar.nav.todayLabel', {}, { end: true }) })
      .click();
    await expect.poll(() => headingText(page)).toBe(monthHeading(today));

    expect(errors).toEqual([]);
    await context.close();
  });
  it('saves preferences at once, edits personal information, copies the invite link and shows its QR code', async () => {
    const { page, errors, context } = track(await openSession(browser, viewport));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signInAsDemoCustomer(page);
    await page.goto('/profile');
    await expect
      .poll(() => page.getByRole('heading', { name: say('profile.page.title'), exact: true }).isVisible())
      .toBe(true);

    // Family circle members: the user is the Admin, the others Members.
    const members = page.getByTestId('family-members');
    await expect.poll(() => members.getByText('Rachel Goldberg').isVisible()).toBe(true);
    const mine = members.locator('li', { hasText: 'Sarah Goldberg' });
    expect(await mine.getByText(say('profile.family.admin'), { exact: true }).isVisible()).toBe(true);
    const rachel = members.locator('li', { hasText: 'Rachel Goldberg' });
    expect(await rachel.getByText(say('profile.family.member'), { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'profile', viewport);

    // A preference saves as soon as it is switched, and a reload shows it.
    const notifications = page.getByRole('checkbox', {
      name: say('profile.preferences.emailNotifications'),
      exact: true,
    });
    const before = await notifications.isChecked();
    await page.locator('[data-preference="emailNotificationsEnabled"]').click();
    await expect.poll(() => page.getByText(say('profile.page.updated')).first().isVisible()).toBe(true);
    await expect
      .poll(
        async () => (await (await context.request.get('/api/auth/me')).json()).user.emailNotificationsEnabled,
      )
      .toBe(!before);
    await page.reload();
    await expect.poll(() => notifications.isChecked()).toBe(!before);
    // Put it back for the other journeys.
    await page.locator('[data-preference="emailNotificationsEnabled"]').click();
    await expect
      .poll(
        async () => (await (await context.request.get('/api/auth/me')).json()).user.emailNotificationsEnabled,
      )
      .toBe(before);

    // In edit mode a switch waits for Save; Cancel drops it.
    const edit = page.getByRole('button', { name: say('profile.personal.edit'), exact: true });
    await edit.click();
    await page.locator('[data-preference="shabbatWarningsEnabled"]').click();
    await page.waitForTimeout(300);
    expect((await (await context.request.get('/api/auth/me')).json()).user.shabbatWarningsEnabled).toBe(true);
    await screenshot(page, 'profile-edit', viewport);
    const personal = page.getByRole('form', { name: say('profile.personal.formLabel'), exact: true });
    await personal.getByRole('button', { name: say('profile.personal.cancel'), exact: true }).click();
    expect(
      await page
        .getByRole('checkbox', { name: say('profile.preferences.shabbatWarnings'), exact: true })
        .isChecked(),
    ).toBe(true);

    // Edit the name and save; then put it back.
    for (const name of ['Sarah R. Goldberg', 'Sarah Goldberg']) {
      await edit.click();
      await page.getByRole('textbox', { name: sayPattern('profile.personal.name') }).fill(name);
      await personal.getByRole('button', { name: say('profile.personal.save'), exact: true }).click();
      await expect.poll(() => edit.isVisible()).toBe(true);
      await expect.poll(() => page.getByText(name, { exact: true }).first().isVisible()).toBe(true);
      expect((await (await context.request.get('/api/auth/me')).json()).user.name).toBe(name);
    }

    // The invite link is copied.
    await page.getByRole('button', { name: say('profile.invites.copy'), exact: true }).click();
    // A new toast replaces the one on screen at once (lib/toast.ts), within the default poll time.
    await expect
      .poll(() => page.getByText(say('common.family.linkCopied'), { exact: true }).first().isVisible())
      .toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The label in the path, the secret in the fragment (decision 007); the card shows the same link.
    expect(copied).toMatch(
      new RegExp(
        `^${escapeRegExp(`${baseUrl()}/invite/${encodeURIComponent(FAMILY_LABEL)}`)}#token=[\\w-]{43}$`,
      ),
    );
    expect(await page.getByTestId('invite-link').inputValue()).toBe(copied);
    expect(await page.getByTestId('family-invites').textContent()).toContain(
      `${say('profile.invites.yours')}${say('profile.invites.shownAbove')}`,
    );

    // A real QR code of the link, which downloads as a PNG.
    await page.getByRole('button', { name: say('profile.invites.showQr'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('invite-qr').isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(copied);
    await screenshot(page, 'profile-qr', viewport);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: say('common.qr.downloadPng'), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('simchahub-invite-goldberg-family.png');
    await dialog.getByRole('button', { name: say('common.action.close'), exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The vendor side is reached with this account, not through a second one from the vendor sign-up.
    const vendorCard = page.getByRole('region', { name: say('profile.vendor.title'), exact: true });
    expect(await vendorCard.locator('a[href^="/login-vendor"]').count()).toBe(0);
    expect(
      await vendorCard.getByRole('button', { name: say('profile.vendor.list'), exact: true }).isVisible(),
    ).toBe(true);
    expect(
      await vendorCard
        .getByRole('link', { name: say('profile.vendor.claim'), exact: true })
        .getAttribute('href'),
    ).toBe('/claim-listing');

    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes a signed-in customer from the profile's vendor card to List Your Business and to the claim form", async () => {
    const { page, errors, context } = track(await openSession(browser, viewport));
    const email = `claimant.${viewport}.${Date.now()}@example.com`;
    await signUpCustomer(page, `Miriam Katz ${viewport}`, email, 'mazel-tov-2027');
    const res = await context.request.get('/api/vendors?page_size=100&sort=newest');
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as {
      items: Array<{ id: string; businessName: string; claimed: boolean }>;
    };
    const [listing, other] = items.filter((v) => !v.claimed);
    if (!listing || !other) throw new Error('two unclaimed demo listings are needed');

    await page.goto('/profile');
    const card = page.getByRole('region', { name: say('profile.vendor.title'), exact: true });
    await eventually(() => card.isVisible()).toBe(true);

    // 'List Your Business' is the marketplace's form for this account, not a new vendor account.
    expect(await card.locator('a[href^="/login-vendor"]').count()).toBe(0);
    await card.getByRole('button', { name: say('profile.vendor.list'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() =>
      dialog.getByText(say('vendorForm.createTitle'), { exact: true }).first().isVisible(),
    ).toBe(true);
    expect(
      await dialog.getByText(say('vendorForm.createDescriptionCustomer'), { exact: true }).isVisible(),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await dialog.getByRole('button', { name: say('common.action.cancel'), exact: true }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // 'Search & Claim Listing' opens the claim form, not the vendor sign-in.
    await card.getByRole('link', { name: say('profile.vendor.claim'), exact: true }).click();
    await page.waitForURL('**/claim-listing');
    await eventually(() =>
      page.getByRole('heading', { name: say('vendorDashboard.claimForm.title'), exact: true }).isVisible(),
    ).toBe(true);
    await eventually(() =>
      page.getByText(say('vendorDashboard.claims.empty'), { exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.getByText(say('auth.guard.vendorDashboard')).count()).toBe(0);

    await page.getByTestId('listing-search').fill(listing.businessName);
    const option = page.getByTestId('listing-option').filter({ hasText: listing.businessName }).first();
    await eventually(() => option.isVisible()).toBe(true);
    await option.click();
    await eventually(() => page.getByTestId('chosen-listing').textContent()).toContain(listing.businessName);
    await page.getByTestId('claim-business-description').fill('Our family has run this business since 2009.');
    await page.getByTestId('claim-business-address').fill('40 Maple Avenue, Teaneck, NJ');
    await page.getByTestId('claim-business-phone').fill('201-555-0143');
    await page.getByTestId('claim-business-email').fill(`owner@claimant-${viewport}.example.com`);
    await page.getByTestId('claim-ownership-proof').fill('Business registration no. 8812, in my name.');
    await screenshot(page, 'customer-claim-form', viewport);
    await page.getByTestId('claim-submit').click();
    await eventually(() =>
      page
        .getByRole('status')
        .getByText(say('vendorDashboard.claimForm.submitted'), { exact: true })
        .first()
        .isVisible(),
    ).toBe(true);
    const claimRow = page.getByTestId('claim-item').filter({ hasText: listing.businessName }).first();
    await eventually(() => claimRow.getByTestId('claim-status').textContent()).toBe(
      say('claims.status.pending'),
    );
    // Still a customer account until an administrator approves the claim.
    expect((await (await context.request.get('/api/auth/me')).json()).user.role).toBe('customer');

    // A listing's own page leads to the same form, with that listing already chosen.
    await page.goto(`/vendor/${other.id}`);
    await page.getByTestId('claim-this-listing').click();
    await page.waitForURL('**/claim-listing');
    await eventually(() => page.getByTestId('chosen-listing').textContent()).toContain(other.businessName);
    await eventually(() => claimRow.getByTestId('claim-status').textContent()).toBe(
      say('claims.status.pending'),
    );

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a relative who only types the family label waiting until a member approves or declines', async () => {
    const relative = track(await openSession(browser, viewport));
    const stranger = track(await openSession(browser, viewport));
    const dov = await signUpThroughApi(relative.page, `Dov ${viewport}`, FAMILY_LABEL);
    const eve = await signUpThroughApi(stranger.page, `Eve ${viewport}`, FAMILY_LABEL);

    // Waiting: the label is theirs, the circle is not.
    await relative.page.goto('/profile');
    const pending = relative.page.getByTestId('family-pending');
    await eventually(() =>
      pending.getByText(say('profile.family.waiting'), { exact: true }).isVisible(),
    ).toBe(true);
    expect(await relative.page.getByTestId('family-members').count()).toBe(0);
    expect(await (await relative.context.request.get('/api/family/members')).json()).toEqual([]);
    expect(await (await relative.context.request.get('/api/family/events')).json()).toEqual([]);
    await screenshot(relative.page, 'profile-family-pending', viewport);
    await relative.page.goto('/calendar');
    await eventually(() =>
      relative.page.getByText(sayPattern('calendar.family.pending', {}, { end: true })).isVisible(),
    ).toBe(true);

    // The demo customer sees both requests with Approve and Decline.
    const member = track(await openSession(browser, viewport));
    await signInAsDemoCustomer(member.page);
    await member.page.goto('/profile');
    const requests = member.page.getByTestId('family-requests');
    await eventually(() => requests.getByText(dov.name).isVisible()).toBe(true);
    expect(await requests.textContent()).toContain(eve.name);
    // The requester's e-mail stays private: only name and time are shown.
    expect(await requests.textContent()).not.toContain(eve.email);
    await member.page.getByTestId('family-requests').scrollIntoViewIfNeeded();
    await screenshot(member.page, 'profile-family-request', viewport);

    await requests
      .getByRole('button', {
        name: sayPattern('profile.requests.approveName', { name: dov.name }, { end: true }),
      })
      .click();
    await eventually(() => member.page.getByTestId('family-members').getByText(dov.name).isVisible()).toBe(
      true,
    );
    expect(
      await member.page.getByTestId('family-members').locator('li', { hasText: dov.name }).textContent(),
    ).toContain(say('profile.family.member'));
    await requests
      .getByRole('button', {
        name: sayPattern('profile.requests.declineName', { name: eve.name }, { end: true }),
      })
      .click();
    await eventually(() => member.page.getByTestId('family-requests').count()).toBe(0);

    // Approved: the relative now sees the members and the circle's events.
    await relative.page.goto('/profile');
    const members = relative.page.getByTestId('family-members');
    await eventually(() => members.getByText('Sarah Goldberg').isVisible()).toBe(true);
    expect(
      await members
        .locator('li', { hasText: dov.name })
        .getByText(say('profile.family.admin'), { exact: true })
        .isVisible(),
    ).toBe(true);
    const events = await (await relative.context.request.get('/api/family/events')).json();
    expect(events.map((e: { title: string }) => e.title)).toContain("Maya's Bat Mitzvah");

    // Declined: the label stays, the circle stays closed, and the card says what to do.
    await stranger.page.goto('/profile');
    await eventually(() =>
      stranger.page
        .getByTestId('family-not-member')
        .getByText(sayPattern('profile.family.notMember', { label: FAMILY_LABEL }, { end: true }))
        .isVisible(),
    ).toBe(true);
    expect(await (await stranger.context.request.get('/api/family/events')).json()).toEqual([]);
    await screenshot(stranger.page, 'profile-family-declined', viewport);

    // Leaving ends access at once.
    const leave = { name: say('profile.family.leave'), exact: true };
    await relative.page.getByRole('button', leave).click();
    await relative.page.getByRole('alertdialog').getByRole('button', leave).click();
    await eventually(() =>
      relative.page.getByRole('button', { name: say('profile.family.setLabel'), exact: true }).isVisible(),
    ).toBe(true);
    expect(await (await relative.context.request.get('/api/family/events')).json()).toEqual([]);

    for (const session of [relative, stranger, member]) {
      expect(session.errors).toEqual([]);
      await session.context.close();
    }
  });

  it('signs a visitor up or in from an invite link straight into the family circle', async () => {
    const member = track(await openSession(browser, viewport));
    await signInAsDemoCustomer(member.page);
    const invite = await createInviteThroughApi(member.page);
    const inviteUrl = `/invite/${encodeURIComponent(FAMILY_LABEL)}#token=${invite.token}`;

    const { page, errors, context } = track(await openSession(browser, viewport));
    await page.goto(inviteUrl);
    await eventually(() =>
      page
        .getByRole('heading', {
          name: say('family.invite.title', { label: FAMILY_LABEL, brand: PRODUCT_NAME }),
          exact: true,
        })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('Sarah Goldberg', { exact: true }).first().isVisible()).toBe(true);
    const labelField = page.getByRole('textbox', { name: sayPattern('auth.signUp.familyLabel') });
    expect(await labelField.inputValue()).toBe(FAMILY_LABEL);
    expect(await labelField.getAttribute('readonly')).not.toBeNull();
    expect(
      await page.getByRole('button', { name: say('auth.register.signIn'), exact: true }).isVisible(),
    ).toBe(true);
    await screenshot(page, 'invite-visitor', viewport);

    const submit = page.getByRole('button', { name: say('family.signUp.submit'), exact: true });
    await submit.click();
    await eventually(() =>
      page.getByText(say('errors.auth.requiredSignUp'), { exact: true }).first().isVisible(),
    ).toBe(true);
    const email = `noa.${viewport}.${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: FULL_NAME }).fill('Noa Goldberg');
    await page.getByRole('textbox', { name: EMAIL }).fill(email);
    await page.locator('input[name="password"]').fill('12345');
    await submit.click();
    const tooShort = say('errors.auth.passwordTooShort');
    await eventually(() => page.getByText(tooShort, { exact: true }).first().isVisible()).toBe(true);
    expect(await fieldMessage(page, PASSWORD)).toBe(tooShort);
    // A password only the server refuses (a common one): its message lands under the password,
    // which takes the focus, as well as in the failure toast.
    await page.locator('input[name="password"]').fill('simcha123');
    await submit.click();
    await eventually(() => fieldMessage(page, PASSWORD)).toBe(say('errors.account.passwordTooCommon'));
    await eventually(() => focusedName(page)).toBe('password');
    expect(await fieldMessage(page, FULL_NAME)).toBe('');
    await screenshot(page, 'invite-common-password', viewport);
    await page.getByRole('button', { name: say('common.password.show'), exact: true }).click();
    expect(await page.locator('input[name="password"]').getAttribute('type')).toBe('text');
    await page.locator('input[name="password"]').fill('hamotzi613');
    await submit.click();
    await page.waitForURL('**/dashboard');
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({
      name: 'Noa Goldberg',
      email,
      role: 'customer',
      familyLabel: FAMILY_LABEL,
    });
    // Joined at once, without waiting for approval.
    expect(await (await context.request.get('/api/family/circle')).json()).toMatchObject({
      status: 'active',
    });

    // Signed in, the same link says so; another circle's link offers to join it instead.
    await page.goto(inviteUrl);
    const alreadyIn = page.getByText(say('family.join.alreadyIn'), { exact: true });
    await eventually(() => alreadyIn.isVisible()).toBe(true);
    await screenshot(page, 'invite-member', viewport);
    const otherLabel = `Levy & Cohen Family ${viewport}`;
    const founder = track(await openSession(browser, viewport));
    await signUpThroughApi(founder.page, `Levy ${viewport}`, otherLabel);
    const otherInvite = await createInviteThroughApi(founder.page);
    await page.goto(`/invite/${encodeURIComponent(otherLabel)}#token=${otherInvite.token}`);
    const join = page.getByRole('button', {
      name: say('family.join.submit', { label: otherLabel }),
      exact: true,
    });
    await eventually(() => join.isVisible()).toBe(true);
    expect(
      await page
        .getByText(
          sayPattern('family.join.replaces', { current: FAMILY_LABEL, label: otherLabel }, { end: true }),
        )
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'invite-join', viewport);
    await join.click();
    await eventually(() => alreadyIn.isVisible()).toBe(true);
    expect((await (await context.request.get('/api/auth/me')).json()).user.familyLabel).toBe(otherLabel);

    // A wrong or revoked token, and a link without one, let nobody in.
    await page.goto(`/invite/${encodeURIComponent(FAMILY_LABEL)}#token=${'x'.repeat(43)}`);
    await eventually(() => page.getByText(say('family.invite.invalid'), { exact: true }).isVisible()).toBe(
      true,
    );
    await screenshot(page, 'invite-invalid', viewport);
    await page.goto(`/invite/${encodeURIComponent(FAMILY_LABEL)}`);
    await eventually(() => page.getByText(say('family.invite.incomplete'), { exact: true }).isVisible()).toBe(
      true,
    );

    // An existing account signs in on the invite page and joins at once.
    const returning = track(await openSession(browser, viewport));
    const account = await signUpThroughApi(returning.page, `Returning ${viewport}`, null);
    await returning.context.clearCookies();
    await returning.page.goto(inviteUrl);
    await returning.page.getByRole('button', { name: say('auth.register.signIn'), exact: true }).click();
    await returning.page.getByRole('textbox', { name: EMAIL }).fill(account.email);
    await returning.page.locator('input[name="password"]').fill(account.password);
    await returning.page.getByRole('button', { name: say('family.signIn.submit'), exact: true }).click();
    await returning.page.waitForURL('**/dashboard');
    expect(await (await returning.context.request.get('/api/family/circle')).json()).toMatchObject({
      label: FAMILY_LABEL,
      status: 'active',
    });

    // Revoked from the profile page, the link stops working.
    await member.page.goto('/profile');
    const invites = member.page.getByTestId('family-invites');
    await eventually(() => invites.locator('li').count()).toBeGreaterThan(0);
    const revoke = await member.page.evaluate(
      async (id) => (await fetch(`/api/family/invites/${id}`, { method: 'DELETE' })).status,
      invite.id,
    );
    expect(revoke).toBe(200);
    await returning.page.goto(inviteUrl);
    await eventually(() =>
      returning.page.getByText(say('family.invite.invalid'), { exact: true }).isVisible(),
    ).toBe(true);

    // The common password the server refused is the visitor's one expected failed request.
    expect(errors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
    const visitor = { errors: errors.filter((e) => !/status of 400/.test(e)), context };
    for (const session of [visitor, member, founder, returning]) {
      expect(session.errors).toEqual([]);
      await session.context.close();
    }
  });
});
