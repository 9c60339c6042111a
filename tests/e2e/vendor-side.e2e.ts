import { type APIRequestContext, type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEMO,
  eventually,
  launchBrowser,
  openSession,
  screenshot,
  trackSessions,
  type ViewportName,
} from './browser';
import { say, sayPattern } from './language';

let browser: Browser;
let admin: APIRequestContext;
beforeAll(async () => {
  browser = await launchBrowser();
  // The admin decides through the REST paths until the admin screens land (as an external caller).
  admin = await request.newContext({ baseURL: inject('baseUrl') });
  const res = await admin.post('/api/auth/login', { data: DEMO.admin });
  expect(res.status()).toBe(200);
});
afterAll(async () => {
  await admin?.dispose();
  await browser?.close();
});

const sessions = trackSessions('vendor-side');

async function toast(page: Page, title: string): Promise<void> {
  await eventually(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible()).toBe(
    true,
  );
}

interface Listing {
  id: string;
  businessName: string;
  claimed: boolean;
  category: string;
}

/** Listings nobody has claimed, from the demo data; each journey takes its own. */
const taken = new Set<string>();
async function unclaimedListing(): Promise<Listing> {
  const res = await admin.get('/api/vendors?page_size=100&sort=newest');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: Listing[] };
  const listing = items.find((v) => !v.claimed && v.category !== 'Photographers' && !taken.has(v.id));
  if (!listing) throw new Error('no unclaimed demo listing left');
  taken.add(listing.id);
  return listing;
}

describe.each(['desktop', 'phone'] as ViewportName[])('the vendor side at %s width', (viewport) => {
  it('signs up, claims a listing, is approved, edits it and finds it under the right category', async () => {
    const session = await openSession(browser, viewport);
    sessions.track(session);
    const { page, errors, context } = session;
    const listing = await unclaimedListing();
    const email = `owner.${viewport}.${Date.now()}@example.com`;

    // A new vendor account from the vendor login page.
    await page.goto('/login-vendor');
    await page.getByRole('link', { name: sayPattern('auth.toggle.toSignUp', {}, { start: false }) }).click();
    await page.getByRole('textbox', { name: sayPattern('common.field.fullName') }).fill('Avi Ben-David');
    await page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).fill(email);
    await page.locator('input[name="password"]').fill('mazel-tov-2027');
    await page.getByRole('button', { name: say('auth.signUp.submit'), exact: true }).click();
    await page.waitForURL('**/vendor-dashboard');

    // No listing yet: the Listing Profile tab says why and leads to the Claims tab.
    await eventually(() =>
      page
        .getByText(sayPattern('errors.vendors.noProfile', {}, { start: false }))
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'vendor-dashboard-no-listing', viewport);
    await page
      .getByRole('button', { name: say('vendorDashboard.noListing.goToClaims'), exact: true })
      .click();
    await page.waitForURL('**/vendor-dashboard?tab=claims');
    await eventually(() => page.getByText(say('vendorDashboard.claims.empty')).isVisible()).toBe(true);

    // The claim form's own messages show under their fields.
    await page.getByTestId('claim-submit').click();
    await eventually(() => page.getByText(say('errors.claims.description')).isVisible()).toBe(true);
    await expect(page.getByText(say('errors.claims.ownershipProof')).isVisible()).resolves.toBe(true);

    // Find the listing with the marketplace search and claim it.
    await page.getByTestId('listing-search').fill(listing.businessName);
    const option = page.getByTestId('listing-option').filter({ hasText: listing.businessName }).first();
    await eventually(() => option.isVisible()).toBe(true);
    await option.click();
    await eventually(() => page.getByTestId('chosen-listing').textContent()).toContain(listing.businessName);
    await page.getByTestId('claim-business-description').fill('We have run this business for twelve years.');
    await page.getByTestId('claim-business-address').fill('12 Cedar Lane, Teaneck, NJ');
    await page.getByTestId('claim-business-phone').fill('201-555-0199');
    await page.getByTestId('claim-business-email').fill(`owner@${viewport}.example.com`);
    await page
      .getByTestId('claim-ownership-proof')
      .fill('Business registration no. 4471, in the owner’s name.');
    await screenshot(page, 'vendor-claim-form', viewport);
    await page.getByTestId('claim-submit').click();
    await toast(page, say('vendorDashboard.claimForm.submitted'));
    const claimRow = page.getByTestId('claim-item').filter({ hasText: listing.businessName }).first();
    await eventually(() => claimRow.getByTestId('claim-status').textContent()).toContain(
      say('claims.status.pending'),
    );

    // An admin approves it.
    const pending = await admin.get('/api/admin/vendor-claims/pending');
    expect(pending.status()).toBe(200);
    const claim = ((await pending.json()) as Array<{ id: string; vendorId: string; userEmail: string }>).find(
      (c) => c.userEmail === email,
    );
    expect(claim?.vendorId).toBe(listing.id);
    const approved = await admin.post('/api/admin/vendor-claims/approve', {
      data: { claimId: claim?.id, notes: 'Registration checked.' },
    });
    expect(approved.status()).toBe(200);

    // The claim reads approved and the listing is the vendor's to edit.
    await eventually(async () => {
      await page.reload();
      return (await claimRow.getByTestId('claim-status').textContent()) ?? '';
    }).toContain(say('claims.status.approved'));
    await screenshot(page, 'vendor-claims-approved', viewport);
    await page.goto('/vendor-dashboard');
    const form = page.getByTestId('listing-profile-form');
    await eventually(() => form.isVisible()).toBe(true);
    await expect(
      page.getByRole('textbox', { name: say('common.field.businessName'), exact: true }).inputValue(),
    ).resolves.toBe(listing.businessName);
    await page.getByTestId('profile-category').selectOption('photographer');
    await page
      .getByRole('textbox', { name: sayPattern('common.field.description') })
      .fill('Wedding and bar mitzvah photography, since 2014.');
    await page.getByTestId('profile-save').click();
    await toast(page, say('vendorDashboard.form.updated'));
    await screenshot(page, 'vendor-listing-profile', viewport);

    // The marketplace finds it under Photographers.
    const found = await context.request.get(
      `/api/vendors?category=Photographers&search=${encodeURIComponent(listing.businessName)}`,
    );
    expect(((await found.json()) as { items: Listing[] }).items.map((v) => v.id)).toContain(listing.id);
    await page.goto(`/marketplace?category=Photographers`);
    await page
      .getByRole('combobox', { name: say('marketplace.search.label'), exact: true })
      .fill(listing.businessName);
    await page.keyboard.press('Enter');
    await eventually(() => page.locator(`a[href="/vendor/${listing.id}"]`).first().isVisible()).toBe(true);

    // The owner's own profile page offers the edit.
    await page.goto(`/vendor/${listing.id}`);
    await eventually(() =>
      page.getByRole('link', { name: say('marketplace.profile.editListing'), exact: true }).isVisible(),
    ).toBe(true);
    await eventually(() => page.getByText(say('terms.category.photographers')).first().isVisible()).toBe(
      true,
    );

    // A family looks at the profile: the owner's Analytics counts the view (their own views do not
    // count). Other journeys may have looked at this demo listing before: the count grows by one.
    const viewsNow = async () => {
      await page.goto('/vendor-dashboard?tab=analytics');
      const views = page.getByTestId('analytics-views');
      const quiet = page.getByText(say('vendorDashboard.analytics.quietTitle'), { exact: true });
      await eventually(async () => (await views.isVisible()) || (await quiet.isVisible())).toBe(true);
      if (await quiet.isVisible()) return 0;
      const text = (await views.textContent()) ?? '';
      const count = new RegExp(
        `^${sayPattern('vendorDashboard.analytics.views', {}, { start: false }).source}\\s*([\\d,]+)`,
      ).exec(text);
      return Number(count?.[1]?.replace(/,/g, '') ?? Number.NaN);
    };
    const viewsBefore = await viewsNow();
    expect(viewsBefore).toBeGreaterThanOrEqual(0);
    const family = await openSession(browser, viewport);
    sessions.track(family);
    await family.page.goto(`/vendor/${listing.id}`);
    await eventually(() => family.page.getByRole('heading', { name: listing.businessName }).isVisible()).toBe(
      true,
    );
    expect(await viewsNow()).toBe(viewsBefore + 1);
    await expect(page.getByTestId('analytics-views-chart').isVisible()).resolves.toBe(true);
    await screenshot(page, 'vendor-analytics', viewport);

    expect(errors).toEqual([]);
    expect(family.errors).toEqual([]);
  });
});
