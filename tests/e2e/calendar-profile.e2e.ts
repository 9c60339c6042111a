import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  conflictFor,
  hebrewMonthYear,
  holidaysOn,
  toCivilDate,
} from '../../src/shared/jewish-calendar';
import { baseUrl, DEMO, launchBrowser, openSession, screenshot, signIn, type ViewportName } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const viewports: ViewportName[] = ['desktop', 'phone'];

/** Passover 5787 begins the evening of 21 April 2027: its first day is 22 April. */
const PASSOVER_DAY_1 = '2027-04-22';
const FAMILY_LABEL = 'Goldberg Family';

async function signInAsDemoCustomer(page: Page): Promise<void> {
  await signIn(page, '/login-customer', DEMO.customer.email, DEMO.customer.password);
  await page.waitForURL('**/dashboard');
}

function monthHeading(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

async function headingText(page: Page): Promise<string> {
  return (await page.getByTestId('calendar-heading').textContent()) ?? '';
}

async function cell(page: Page, date: string) {
  return page.locator(`[data-calendar-cell][data-date="${date}"]`);
}

interface ApiEvent {
  id: string;
  title: string;
  date: string;
  time: string | null;
}

describe.each(viewports)('calendar and profile journeys at %s width', (viewport) => {
  it('shows the month grid, moves between months, marks holidays and conflicts, and switches views', async () => {
    expect(holidaysOn(PASSOVER_DAY_1).some((h) => h.name === 'Passover' && h.type === 'major')).toBe(true);

    const { page, errors, context } = await openSession(browser, viewport);
    await signInAsDemoCustomer(page);
    await page.goto('/calendar');
    await expect.poll(() => page.locator('[data-calendar-cell]').count()).toBe(42);

    const today = toCivilDate(new Date());
    expect(await headingText(page)).toBe(monthHeading(today));
    // The grid starts on a Sunday.
    const firstDate = await page.locator('[data-calendar-cell]').first().getAttribute('data-date');
    expect(new Date(`${firstDate}T12:00:00`).getDay()).toBe(0);
    // The demo customer has Hebrew dates on: the Hebrew month(s) and year of this month show.
    expect(await page.getByTestId('calendar-hebrew-heading').textContent()).toBe(hebrewMonthYear(today));

    // Next and previous month, then on to April 2027.
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => headingText(page)).not.toBe(monthHeading(today));
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => headingText(page)).toBe(monthHeading(today));
    const [ty, tm] = today.split('-').map(Number) as [number, number];
    const steps = 2027 * 12 + 3 - (ty * 12 + tm - 1);
    const step = steps >= 0 ? 'Next month' : 'Previous month';
    for (let i = 0; i < Math.abs(steps); i++) await page.getByRole('button', { name: step }).click();
    await expect.poll(() => headingText(page)).toBe('April 2027');
    expect(await page.locator('[data-calendar-cell]').count()).toBe(42);
    expect(await page.getByTestId('calendar-hebrew-heading').textContent()).toBe(
      hebrewMonthYear(PASSOVER_DAY_1),
    );

    const passover = await cell(page, PASSOVER_DAY_1);
    expect(await passover.getAttribute('data-holiday-types')).toContain('major');
    if (viewport === 'desktop') expect(await passover.textContent()).toContain('Passover (day 1)');
    // Saturdays are tinted as Shabbat.
    expect(await (await cell(page, '2027-04-17')).getAttribute('data-shabbat')).toBe('true');

    // Every event of the month carries the conflict marker exactly when the calendar module says so.
    const response = await context.request.get('/api/events');
    expect(response.status()).toBe(200);
    const events = (await response.json()) as ApiEvent[];
    const inApril = events.filter((event) => toCivilDate(new Date(event.date)).startsWith('2027-04'));
    for (const event of inApril) {
      const date = toCivilDate(new Date(event.date));
      const expected = conflictFor(date, event.time).hasConflict;
      expect(await (await cell(page, date)).getAttribute('data-conflict')).toBe(expected ? 'true' : null);
    }

    // Selecting a day lists what falls on it below the grid.
    await passover.getByRole('button').click();
    await expect.poll(() => page.getByTestId('selected-day').getAttribute('data-date')).toBe(PASSOVER_DAY_1);
    expect(await page.getByTestId('selected-day').textContent()).toContain('Passover (day 1)');
    expect(await page.getByTestId('selected-day').textContent()).toContain('Thursday, April 22, 2027');

    // The family circle's events, with their owners.
    const family = page.getByTestId('family-events');
    await expect.poll(() => family.getByText("Maya's Bat Mitzvah").isVisible()).toBe(true);
    expect(await family.textContent()).toContain('Rachel Goldberg');
    expect(await family.locator('li').count()).toBeLessThanOrEqual(4);

    // The legend and the guide tell what the marks mean and how dates are computed.
    const legend = page.getByTestId('calendar-legend');
    for (const label of [
      'Shabbat',
      'Major holidays',
      'Celebrations',
      'Minor observances',
      'Fast days',
      'Event conflicts',
    ]) {
      expect(await legend.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByText(/Holiday dates are exact for each year/).isVisible()).toBe(true);
    await screenshot(page, 'calendar-month', viewport);

    // Week view: the seven days of the selected day's week, and a week step.
    await page.getByText('Week', { exact: true }).click();
    await expect.poll(() => page.locator('[data-calendar-day]').count()).toBe(7);
    expect(await headingText(page)).toBe('April 18 – 24, 2027');
    expect(await page.getByTestId('week-view').textContent()).toContain('Passover (day 1)');
    await screenshot(page, 'calendar-week', viewport);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => headingText(page)).toBe('April 25 – May 1, 2027');

    // Day view: one day in detail, moving a day at a time.
    await page.getByText('Day', { exact: true }).click();
    await expect
      .poll(() => page.getByTestId('day-view').getAttribute('data-date'))
      .toBe(addDays(PASSOVER_DAY_1, 7));
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => headingText(page)).toBe('Wednesday, April 28, 2027');
    expect(await page.getByTestId('day-view').textContent()).toContain('Passover (day 7)');
    await screenshot(page, 'calendar-day', viewport);

    // An event opens on My Events.
    const first = events[0];
    expect(first).toBeDefined();
    if (first) {
      const date = toCivilDate(new Date(first.date));
      await page.goto(`/calendar?view=day&date=${date}`);
      await page.locator(`[data-event-id="${first.id}"]`).click();
      await page.waitForURL(
        (url) => url.pathname === '/events' && url.searchParams.get('event') === first.id,
      );
    }

    // The Today button comes back to this month.
    await page.goto('/calendar?view=month&date=2027-04-22');
    await page.getByRole('button', { name: /^Today/ }).click();
    await expect.poll(() => headingText(page)).toBe(monthHeading(today));

    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves preferences at once, edits personal information, copies the invite link and shows its QR code', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signInAsDemoCustomer(page);
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Profile Settings' }).isVisible()).toBe(true);

    // Family circle members: the user is the Admin, the others Members.
    const members = page.getByTestId('family-members');
    await expect.poll(() => members.getByText('Rachel Goldberg').isVisible()).toBe(true);
    const mine = members.locator('li', { hasText: 'Sarah Goldberg' });
    expect(await mine.getByText('Admin').isVisible()).toBe(true);
    const rachel = members.locator('li', { hasText: 'Rachel Goldberg' });
    expect(await rachel.getByText('Member').isVisible()).toBe(true);
    await screenshot(page, 'profile', viewport);

    // A preference saves as soon as it is switched, and a reload shows it.
    const notifications = page.getByRole('checkbox', { name: 'Email notifications' });
    const before = await notifications.isChecked();
    await page.locator('[data-preference="emailNotificationsEnabled"]').click();
    await expect.poll(() => page.getByText('Profile updated successfully').first().isVisible()).toBe(true);
    await expect
      .poll(
        async () => (await (await context.request.get('/api/auth/me')).json()).user.emailNotificationsEnabled,
      )
      .toBe(!before);
    await page.reload();
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Email notifications' }).isChecked())
      .toBe(!before);
    // Put it back for the other journeys.
    await page.locator('[data-preference="emailNotificationsEnabled"]').click();
    await expect
      .poll(
        async () => (await (await context.request.get('/api/auth/me')).json()).user.emailNotificationsEnabled,
      )
      .toBe(before);

    // In edit mode a switch waits for Save; Cancel drops it.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('[data-preference="shabbatWarningsEnabled"]').click();
    await page.waitForTimeout(300);
    expect((await (await context.request.get('/api/auth/me')).json()).user.shabbatWarningsEnabled).toBe(true);
    await screenshot(page, 'profile-edit', viewport);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('checkbox', { name: 'Shabbat warnings' }).isChecked()).toBe(true);

    // Edit the name and save; then put it back.
    for (const name of ['Sarah R. Goldberg', 'Sarah Goldberg']) {
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('textbox', { name: /^Full name/ }).fill(name);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText(name, { exact: true }).first().isVisible()).toBe(true);
      expect((await (await context.request.get('/api/auth/me')).json()).user.name).toBe(name);
    }

    // The invite link is copied.
    await page.getByRole('button', { name: 'Copy invite link' }).click();
    // A new toast replaces the one on screen at once (lib/toast.ts), within the default poll time.
    await expect.poll(() => page.getByText('Invite link copied to clipboard').first().isVisible()).toBe(true);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl()}/invite/${encodeURIComponent(FAMILY_LABEL)}`);

    // A real QR code of the link, which downloads as a PNG.
    await page.getByRole('button', { name: 'Show QR code' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('invite-qr').isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(copied);
    await screenshot(page, 'profile-qr', viewport);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('simchahub-invite-goldberg-family.png');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    const links = {
      vendor: await page.getByRole('link', { name: 'Become a Vendor' }).getAttribute('href'),
      claims: await page.getByRole('link', { name: 'Search & Claim Listing' }).getAttribute('href'),
    };
    expect(links).toEqual({ vendor: '/login-vendor?mode=signup', claims: '/vendor-dashboard?tab=claims' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs a visitor up from an invite link into the family circle', async () => {
    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto(`/invite/${encodeURIComponent(FAMILY_LABEL)}`);
    await expect
      .poll(() =>
        page
          .getByRole('heading', {
            name: `You're invited to join the ${FAMILY_LABEL} family circle on SimchaHub`,
          })
          .isVisible(),
      )
      .toBe(true);
    const labelField = page.getByRole('textbox', { name: 'Family label' });
    expect(await labelField.inputValue()).toBe(FAMILY_LABEL);
    expect(await labelField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login-customer');
    await screenshot(page, 'invite-visitor', viewport);

    const submit = page.getByRole('button', { name: /Create Account/ });
    await submit.click();
    await expect
      .poll(() => page.getByText('Please fill in all required fields').first().isVisible())
      .toBe(true);
    const email = `noa.${viewport}.${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: /^Full name/ }).fill('Noa Goldberg');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.locator('input[name="password"]').fill('12345');
    await submit.click();
    await expect
      .poll(() => page.getByText('Password must be at least 6 characters').first().isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Show characters' }).click();
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

    // Signed in, the same link says so; another circle's link offers to join it instead.
    await page.goto(`/invite/${encodeURIComponent(FAMILY_LABEL)}`);
    await expect.poll(() => page.getByText('You are already in this circle').isVisible()).toBe(true);
    await screenshot(page, 'invite-member', viewport);
    await page.goto(`/invite/${encodeURIComponent('Levy & Cohen Family')}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Join Levy & Cohen Family' }).isVisible())
      .toBe(true);
    expect(await page.getByText(/joining Levy & Cohen Family replaces it/).isVisible()).toBe(true);
    await screenshot(page, 'invite-join', viewport);
    await page.getByRole('button', { name: 'Join Levy & Cohen Family' }).click();
    await expect.poll(() => page.getByText('You are already in this circle').isVisible()).toBe(true);
    expect((await (await context.request.get('/api/auth/me')).json()).user.familyLabel).toBe(
      'Levy & Cohen Family',
    );

    expect(errors).toEqual([]);
    await context.close();
  });
});
