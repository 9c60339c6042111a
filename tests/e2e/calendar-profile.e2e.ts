import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hebrewMonthYear, holidaysOn, toCivilDate } from '../../src/shared/jewish-calendar';
import { ACCOUNT_MESSAGES } from '../../src/shared/schemas/auth';
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
  type ViewportName,
} from './browser';

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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
  localDate: string;
  time: string | null;
  conflict: { level: 'forbidden' | 'custom' | 'info' | null };
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
    // Two clicks before the page can re-render in between: each one counts.
    const clickTwice = (button: HTMLElement) => {
      button.click();
      button.click();
    };
    await page.getByRole('button', { name: 'Next month' }).evaluate(clickTwice);
    await expect.poll(() => headingText(page)).toBe('June 2027');
    await page.getByRole('button', { name: 'Previous month' }).evaluate(clickTwice);
    await expect.poll(() => headingText(page)).toBe('April 2027');
    expect(await page.locator('[data-calendar-cell]').count()).toBe(42);
    // Paging selects the 1st of the month, not today's day number; the mark of today stays on today.
    expect(await page.locator('[data-calendar-cell][data-selected="true"]').getAttribute('data-date')).toBe(
      '2027-04-01',
    );
    expect(await page.locator('[aria-current="date"]').count()).toBe(0);
    expect(await page.getByTestId('calendar-hebrew-heading').textContent()).toBe(
      hebrewMonthYear(PASSOVER_DAY_1),
    );

    const passover = await cell(page, PASSOVER_DAY_1);
    expect(await passover.getAttribute('data-holiday-types')).toContain('major');
    if (viewport === 'desktop') expect(await passover.textContent()).toContain('Passover (day 1)');
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
      'Candle-lighting / havdalah',
      'Forbidden: Shabbat or Yom Tov',
      'Avoided by custom',
      'Worth knowing',
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
      await page.goto(`/calendar?view=day&date=${first.localDate}`);
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
    // The label in the path, the secret in the fragment (decision 007); the card shows the same link.
    expect(copied).toMatch(
      new RegExp(
        `^${escapeRegExp(`${baseUrl()}/invite/${encodeURIComponent(FAMILY_LABEL)}`)}#token=[\\w-]{43}$`,
      ),
    );
    expect(await page.getByTestId('invite-link').inputValue()).toBe(copied);
    expect(await page.getByTestId('family-invites').textContent()).toContain('Yours (shown above)');

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

    // The vendor side is reached with this account, not through a second one from the vendor sign-up.
    expect(await page.getByRole('link', { name: 'Become a Vendor' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'List Your Business' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Search & Claim Listing' }).getAttribute('href')).toBe(
      '/claim-listing',
    );

    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes a signed-in customer from the profile's vendor card to List Your Business and to the claim form", async () => {
    const { page, errors, context } = await openSession(browser, viewport);
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
    const card = page.getByRole('region', { name: 'Vendor Account' });
    await eventually(() => card.isVisible()).toBe(true);

    // 'List Your Business' is the marketplace's form for this account, not a new vendor account.
    expect(await card.getByRole('link', { name: 'Become a Vendor' }).count()).toBe(0);
    await card.getByRole('button', { name: 'List Your Business' }).click();
    const dialog = page.getByRole('dialog');
    await eventually(() => dialog.getByText('Create Vendor Profile').first().isVisible()).toBe(true);
    expect(await dialog.getByText(/Your account becomes a vendor account/).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(0);

    // 'Search & Claim Listing' opens the claim form, not the vendor sign-in.
    await card.getByRole('link', { name: 'Search & Claim Listing' }).click();
    await page.waitForURL('**/claim-listing');
    await eventually(() => page.getByRole('heading', { name: 'Submit New Vendor Claim' }).isVisible()).toBe(
      true,
    );
    await eventually(() => page.getByText('No vendor claims submitted yet.').isVisible()).toBe(true);
    expect(await page.getByText('Please log in to access the vendor dashboard.').count()).toBe(0);

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
      page.getByRole('status').getByText('Claim Submitted', { exact: true }).first().isVisible(),
    ).toBe(true);
    const claimRow = page.getByTestId('claim-item').filter({ hasText: listing.businessName }).first();
    await eventually(() => claimRow.getByTestId('claim-status').textContent()).toMatch(/pending/i);
    // Still a customer account until an administrator approves the claim.
    expect((await (await context.request.get('/api/auth/me')).json()).user.role).toBe('customer');

    // A listing's own page leads to the same form, with that listing already chosen.
    await page.goto(`/vendor/${other.id}`);
    await page.getByTestId('claim-this-listing').click();
    await page.waitForURL('**/claim-listing');
    await eventually(() => page.getByTestId('chosen-listing').textContent()).toContain(other.businessName);
    await eventually(() => claimRow.getByTestId('claim-status').textContent()).toMatch(/pending/i);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a relative who only types the family label waiting until a member approves or declines', async () => {
    const relative = await openSession(browser, viewport);
    const stranger = await openSession(browser, viewport);
    const dov = await signUpThroughApi(relative.page, `Dov ${viewport}`, FAMILY_LABEL);
    const eve = await signUpThroughApi(stranger.page, `Eve ${viewport}`, FAMILY_LABEL);

    // Waiting: the label is theirs, the circle is not.
    await relative.page.goto('/profile');
    const pending = relative.page.getByTestId('family-pending');
    await eventually(() => pending.getByText('Waiting for approval').isVisible()).toBe(true);
    expect(await relative.page.getByTestId('family-members').count()).toBe(0);
    expect(await (await relative.context.request.get('/api/family/members')).json()).toEqual([]);
    expect(await (await relative.context.request.get('/api/family/events')).json()).toEqual([]);
    await screenshot(relative.page, 'profile-family-pending', viewport);
    await relative.page.goto('/calendar');
    await eventually(() =>
      relative.page.getByText(/Your request to join this circle is waiting for approval/).isVisible(),
    ).toBe(true);

    // The demo customer sees both requests with Approve and Decline.
    const member = await openSession(browser, viewport);
    await signInAsDemoCustomer(member.page);
    await member.page.goto('/profile');
    const requests = member.page.getByTestId('family-requests');
    await eventually(() => requests.getByText(dov.name).isVisible()).toBe(true);
    expect(await requests.textContent()).toContain(eve.name);
    // The requester's e-mail stays private: only name and time are shown.
    expect(await requests.textContent()).not.toContain(eve.email);
    await member.page.getByTestId('family-requests').scrollIntoViewIfNeeded();
    await screenshot(member.page, 'profile-family-request', viewport);

    await requests.getByRole('button', { name: `Approve ${dov.name}` }).click();
    await eventually(() => member.page.getByTestId('family-members').getByText(dov.name).isVisible()).toBe(
      true,
    );
    expect(
      await member.page.getByTestId('family-members').locator('li', { hasText: dov.name }).textContent(),
    ).toContain('Member');
    await requests.getByRole('button', { name: `Decline ${eve.name}` }).click();
    await eventually(() => member.page.getByTestId('family-requests').count()).toBe(0);

    // Approved: the relative now sees the members and the circle's events.
    await relative.page.goto('/profile');
    const members = relative.page.getByTestId('family-members');
    await eventually(() => members.getByText('Sarah Goldberg').isVisible()).toBe(true);
    expect(await members.locator('li', { hasText: dov.name }).getByText('Admin').isVisible()).toBe(true);
    const events = await (await relative.context.request.get('/api/family/events')).json();
    expect(events.map((e: { title: string }) => e.title)).toContain("Maya's Bat Mitzvah");

    // Declined: the label stays, the circle stays closed, and the card says what to do.
    await stranger.page.goto('/profile');
    await eventually(() =>
      stranger.page
        .getByTestId('family-not-member')
        .getByText(/You are not a member/)
        .isVisible(),
    ).toBe(true);
    expect(await (await stranger.context.request.get('/api/family/events')).json()).toEqual([]);
    await screenshot(stranger.page, 'profile-family-declined', viewport);

    // Leaving ends access at once.
    await relative.page.getByRole('button', { name: 'Leave circle' }).click();
    await relative.page.getByRole('alertdialog').getByRole('button', { name: 'Leave circle' }).click();
    await eventually(() =>
      relative.page.getByRole('button', { name: 'Set a family label' }).isVisible(),
    ).toBe(true);
    expect(await (await relative.context.request.get('/api/family/events')).json()).toEqual([]);

    for (const session of [relative, stranger, member]) {
      expect(session.errors).toEqual([]);
      await session.context.close();
    }
  });

  it('signs a visitor up or in from an invite link straight into the family circle', async () => {
    const member = await openSession(browser, viewport);
    await signInAsDemoCustomer(member.page);
    const invite = await createInviteThroughApi(member.page);
    const inviteUrl = `/invite/${encodeURIComponent(FAMILY_LABEL)}#token=${invite.token}`;

    const { page, errors, context } = await openSession(browser, viewport);
    await page.goto(inviteUrl);
    await eventually(() =>
      page
        .getByRole('heading', {
          name: `You're invited to join the ${FAMILY_LABEL} family circle on SimchaHub`,
        })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText('Sarah Goldberg', { exact: true }).first().isVisible()).toBe(true);
    const labelField = page.getByRole('textbox', { name: 'Family label' });
    expect(await labelField.inputValue()).toBe(FAMILY_LABEL);
    expect(await labelField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'invite-visitor', viewport);

    const submit = page.getByRole('button', { name: /Create Account/ });
    await submit.click();
    await eventually(() => page.getByText('Please fill in all required fields').first().isVisible()).toBe(
      true,
    );
    const email = `noa.${viewport}.${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: /^Full name/ }).fill('Noa Goldberg');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.locator('input[name="password"]').fill('12345');
    await submit.click();
    await eventually(() => page.getByText('Password must be at least 6 characters').first().isVisible()).toBe(
      true,
    );
    expect(await fieldMessage(page, /^Password/)).toBe('Password must be at least 6 characters');
    // A password only the server refuses (a common one): its message lands under the password,
    // which takes the focus, as well as in the failure toast.
    await page.locator('input[name="password"]').fill('simcha123');
    await submit.click();
    await eventually(() => fieldMessage(page, /^Password/)).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    await eventually(() => focusedName(page)).toBe('password');
    expect(await fieldMessage(page, /^Full name/)).toBe('');
    await screenshot(page, 'invite-common-password', viewport);
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
    // Joined at once, without waiting for approval.
    expect(await (await context.request.get('/api/family/circle')).json()).toMatchObject({
      status: 'active',
    });

    // Signed in, the same link says so; another circle's link offers to join it instead.
    await page.goto(inviteUrl);
    await eventually(() => page.getByText('You are already in this circle').isVisible()).toBe(true);
    await screenshot(page, 'invite-member', viewport);
    const otherLabel = `Levy & Cohen Family ${viewport}`;
    const founder = await openSession(browser, viewport);
    await signUpThroughApi(founder.page, `Levy ${viewport}`, otherLabel);
    const otherInvite = await createInviteThroughApi(founder.page);
    await page.goto(`/invite/${encodeURIComponent(otherLabel)}#token=${otherInvite.token}`);
    await eventually(() => page.getByRole('button', { name: `Join ${otherLabel}` }).isVisible()).toBe(true);
    expect(await page.getByText(`joining ${otherLabel} replaces it`).isVisible()).toBe(true);
    await screenshot(page, 'invite-join', viewport);
    await page.getByRole('button', { name: `Join ${otherLabel}` }).click();
    await eventually(() => page.getByText('You are already in this circle').isVisible()).toBe(true);
    expect((await (await context.request.get('/api/auth/me')).json()).user.familyLabel).toBe(otherLabel);

    // A wrong or revoked token, and a link without one, let nobody in.
    await page.goto(`/invite/${encodeURIComponent(FAMILY_LABEL)}#token=${'x'.repeat(43)}`);
    await eventually(() => page.getByText('This invite link is invalid or has expired').isVisible()).toBe(
      true,
    );
    await screenshot(page, 'invite-invalid', viewport);
    await page.goto(`/invite/${encodeURIComponent(FAMILY_LABEL)}`);
    await eventually(() => page.getByText('This invite link is incomplete').isVisible()).toBe(true);

    // An existing account signs in on the invite page and joins at once.
    const returning = await openSession(browser, viewport);
    const account = await signUpThroughApi(returning.page, `Returning ${viewport}`, null);
    await returning.context.clearCookies();
    await returning.page.goto(inviteUrl);
    await returning.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await returning.page.getByRole('textbox', { name: /^Email/ }).fill(account.email);
    await returning.page.locator('input[name="password"]').fill(account.password);
    await returning.page.getByRole('button', { name: /Sign In & Join/ }).click();
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
      returning.page.getByText('This invite link is invalid or has expired').isVisible(),
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
