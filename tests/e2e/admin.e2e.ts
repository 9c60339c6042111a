import { type APIRequestContext, type Browser, type Locator, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/shared/schemas/admin';
import {
  DEMO,
  eventually,
  launchBrowser,
  openSession,
  registerAccount,
  type Session,
  screenshot,
  signIn,
  type ViewportName,
} from './browser';

/**
 * The admin's side at both widths: the demo admin reviews a fresh claim in the dialog and approves
 * it, hides and unhides the listing, suspends and reinstates a fresh account whose open session ends
 * at once, and finds each action in the Activity tab. Everything it changes is its own (new
 * accounts, a claim it revokes again at the end) or put back (the hidden listing), so the journeys
 * that run after it on the same server see the demo data as seeded.
 */

let browser: Browser;
let api: APIRequestContext;
beforeAll(async () => {
  browser = await launchBrowser();
  // Reads the demo listings as a visitor would, to pick one nobody has claimed.
  api = await request.newContext({ baseURL: inject('baseUrl') });
});
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

async function toast(page: Page, title: string): Promise<void> {
  await eventually(() => page.getByRole('status').getByText(title, { exact: true }).first().isVisible()).toBe(
    true,
  );
}

/**
 * The text of what a locator finds now, '' when it finds nothing: unlike textContent() it never
 * waits for the element, so a poll keeps polling instead of hanging on a missing one.
 */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.allTextContents()).join(' ').trim();
}

/** A toast sits over the footer of a full-screen dialog on a phone: close it before pressing buttons there. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  // A toast may be leaving on its own meanwhile: a click that finds nothing to press is fine.
  if ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  await eventually(() => close.count()).toBe(0);
}

/** Responses a session is expected to log: refused reads after its account was suspended, the not-found page. */
function unexpected(errors: string[], allowed: RegExp): string[] {
  return errors.filter((e) => !allowed.test(e));
}

interface Listing {
  id: string;
  businessName: string;
  claimed: boolean;
  category: string;
}

/**
 * An unclaimed demo listing for each width, taken from the oldest end of the list: the vendor-side
 * journey takes its own from the newest end, and this one gives its listing back unclaimed anyway.
 * Its name is its own: the journey finds it again by searching for it, and the demo data holds a
 * few names that several listings share (more than a page of them, for some).
 */
const taken = new Set<string>();
async function unclaimedListing(): Promise<Listing> {
  const res = await api.get('/api/vendors?page_size=100&sort=newest');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: Listing[] };
  for (const listing of [...items].reverse()) {
    if (listing.claimed || listing.category === 'Photographers' || taken.has(listing.id)) continue;
    const named = await api.get(`/api/vendors?search=${encodeURIComponent(listing.businessName)}`);
    const { items: found } = (await named.json()) as { items: Listing[] };
    if (found.filter((v) => v.businessName === listing.businessName).length !== 1) continue;
    taken.add(listing.id);
    return listing;
  }
  throw new Error('no unclaimed demo listing with a name of its own left');
}

/** A fresh account with a session in its own browser context (as if on another device). */
async function signedUpElsewhere(viewport: ViewportName, role: 'customer' | 'vendor', name: string) {
  const session = await openSession(browser, viewport);
  return { ...session, ...(await registerAccount(session.context.request, role, name)) };
}

async function openTab(page: Page, tab: 'overview' | 'claims' | 'vendors' | 'users' | 'activity') {
  await page.getByTestId(`tab-${tab}`).click();
  if (tab === 'overview') await page.waitForURL((url) => !url.searchParams.has('tab'));
  else await page.waitForURL((url) => url.searchParams.get('tab') === tab);
}

describe.each(['desktop', 'phone'] as ViewportName[])('the admin side at %s width', (viewport) => {
  let admin: Session;
  let listing: Listing;
  let claimant: Session & { email: string };
  let member: Session & { id: string; email: string; password: string };
  let claimId: string;

  beforeAll(async () => {
    listing = await unclaimedListing();
    // The claimant signs up as a vendor and claims the listing before the admin looks.
    claimant = await signedUpElsewhere(viewport, 'vendor', 'Miriam Halevi');
    const claim = await claimant.context.request.post('/api/vendor-claims', {
      data: {
        vendorId: listing.id,
        businessName: listing.businessName,
        businessDescription: 'Family business since 2009; we run the listing day to day.',
        businessAddress: '18 Palisade Avenue, Teaneck, NJ',
        businessPhone: '201-555-0142',
        businessEmail: `owner.${viewport}@gmail.com`,
        ownershipProof: `Certificate of incorporation no. ${viewport === 'desktop' ? 'NJ-0451' : 'NJ-0452'}, in my name.`,
      },
    });
    expect(claim.status()).toBe(201);
    claimId = ((await claim.json()) as { id: string }).id;
    member = await signedUpElsewhere(viewport, 'customer', 'Noam Feldman');
    admin = await openSession(browser, viewport);
  });

  afterAll(async () => {
    for (const s of [admin, claimant, member]) await s?.context.close().catch(() => undefined);
  });

  it('signs the admin in to the Overview with figures, health, activity and role-fitting navigation', async () => {
    const { page, errors } = admin;
    await signIn(page, '/admin-login', DEMO.admin.email, DEMO.admin.password);
    await page.waitForURL('**/admin-dashboard');
    await eventually(() => textOf(page.getByTestId('stat-users'))).toMatch(/Total users\s*[\d,]+/);
    await eventually(() => textOf(page.getByTestId('health-status'))).toMatch(/^(Good|Degraded|Down)$/);
    await eventually(() => page.getByTestId('activity-item').count()).toBeGreaterThan(0);
    // The claim just submitted is in the feed and on the Claims tab's count.
    await eventually(() => textOf(page.getByTestId('activity-feed'))).toContain(listing.businessName);
    await eventually(() => page.getByTestId('pending-claims-badge').isVisible()).toBe(true);
    for (const name of ['Review Claims', 'Manage Vendors', 'Manage Users', 'View Activity']) {
      await expect(page.getByRole('link', { name: new RegExp(name) }).isVisible()).resolves.toBe(true);
    }
    await screenshot(page, 'admin-overview', viewport);

    // An admin's navigation leads to the dashboard's tabs and the marketplace, not to event planning.
    if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await eventually(() => nav.isVisible()).toBe(true);
    for (const name of [
      'Overview',
      'Claims',
      'Vendors',
      'Kashrut',
      'Users',
      'Activity',
      'Marketplace',
      'Profile',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    for (const name of ['My Events', 'Calendar', 'Messages']) {
      await expect(nav.getByRole('link', { name, exact: true }).count()).resolves.toBe(0);
    }
    await expect(
      nav.getByRole('link', { name: 'Overview', exact: true }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    if (viewport === 'phone') {
      await screenshot(page, 'admin-menu', viewport);
      await page.getByRole('button', { name: 'Close menu' }).click();
      await eventually(() => nav.count()).toBe(0);
    }

    // No 'Become a Vendor' for an admin on the profile page.
    await page.goto('/profile');
    await eventually(() => page.getByRole('heading', { name: 'Profile Settings' }).isVisible()).toBe(true);
    await expect(page.getByText('Become a Vendor').count()).resolves.toBe(0);
    await page.goto('/admin-dashboard');
    expect(errors).toEqual([]);
  });

  it('reviews the claim in the dialog beside the listing and approves it', async () => {
    const { page, errors } = admin;
    await openTab(page, 'claims');
    // Rows are found by id: the demo data holds several listings of the same name.
    const row = page.locator(`[data-testid="claim-row"][data-id="${claimId}"]`);
    await eventually(() => row.isVisible()).toBe(true);
    await expect(row.getByTestId('claim-status').textContent()).resolves.toBe('Pending');
    await expect(row.textContent()).resolves.toContain(claimant.email);
    await screenshot(page, 'admin-claims', viewport);

    await row.getByRole('button', { name: `Review claim for ${listing.businessName}` }).click();
    const dialog = page.getByTestId('claim-review-dialog');
    await eventually(() => dialog.getByRole('heading', { name: 'Evidence' }).isVisible()).toBe(true);
    // The evidence: a free-mail address proves nothing; a new account; the listing as it is now.
    await expect(dialog.getByTestId('claim-evidence').textContent()).resolves.toContain(
      'Free e-mail provider',
    );
    await expect(dialog.getByTestId('claim-evidence').textContent()).resolves.toMatch(
      /Created today|1 day old/,
    );
    await expect(dialog.getByTestId('claim-comparison').textContent()).resolves.toContain('The listing now');
    await expect(dialog.getByTestId('claim-proof').textContent()).resolves.toContain(
      'Certificate of incorporation',
    );
    await screenshot(page, 'admin-claim-review', viewport);
    await dialog
      .getByRole('textbox', { name: 'Review notes' })
      .fill('Certificate checked against the state register.');
    await dialog.getByRole('button', { name: `Approve claim for ${listing.businessName}` }).click();
    await toast(page, 'Claim Approved');
    await eventually(() => dialog.isVisible()).toBe(false);
    await eventually(() => textOf(row.getByTestId('claim-status'))).toBe('Approved');
    await expect(
      row.getByRole('button', { name: `Revoke claim for ${listing.businessName}` }).isVisible(),
    ).resolves.toBe(true);

    // The claimant owns the listing now.
    const mine = await claimant.context.request.get('/api/vendor-claims/my-claims');
    const claims = (await mine.json()) as { vendorId: string; status: string }[];
    expect(claims.find((c) => c.vendorId === listing.id)?.status).toBe('approved');
    expect(errors).toEqual([]);
  });

  it('hides the listing from visitors and unhides it', async () => {
    const { page, errors } = admin;
    await dismissToasts(page);
    await openTab(page, 'vendors');
    await page.getByTestId('vendors-search').fill(listing.businessName);
    const row = page.locator(`[data-testid="vendor-row"][data-id="${listing.id}"]`);
    await eventually(() => row.isVisible()).toBe(true);
    await expect(row.textContent()).resolves.toContain(claimant.email);
    await screenshot(page, 'admin-vendors', viewport);

    // Edit opens the listing in the marketplace's edit form, filled with its current details.
    await row.getByRole('button', { name: `Edit ${listing.businessName}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit Vendor Profile' });
    await eventually(() => form.isVisible()).toBe(true);
    await expect(form.getByRole('textbox', { name: /^Business name/ }).inputValue()).resolves.toBe(
      listing.businessName,
    );
    await screenshot(page, 'admin-vendor-edit', viewport);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => form.count()).toBe(0);

    await row.getByRole('button', { name: `Hide ${listing.businessName}` }).click();
    const dialog = page.getByTestId('hide-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    // The reason is required.
    await page.getByRole('button', { name: 'Hide listing', exact: true }).click();
    await eventually(() => dialog.getByText(ADMIN_MESSAGES.reasonRequired).isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Checking the new owner’s details first.');
    await screenshot(page, 'admin-vendor-hide', viewport);
    await page.getByRole('button', { name: 'Hide listing', exact: true }).click();
    await toast(page, 'Listing hidden');
    await eventually(() => row.getByTestId('hidden-badge').isVisible()).toBe(true);

    // A visitor finds it neither in the marketplace search nor at its address.
    const visitor = await openSession(browser, viewport);
    try {
      const search = await visitor.context.request.get(
        `/api/vendors?search=${encodeURIComponent(listing.businessName)}`,
      );
      expect(((await search.json()) as { items: Listing[] }).items.map((v) => v.id)).not.toContain(
        listing.id,
      );
      await visitor.page.goto(`/vendor/${listing.id}`);
      await eventually(() =>
        visitor.page.getByRole('heading', { name: 'Vendor Not Found' }).isVisible(),
      ).toBe(true);
      await screenshot(visitor.page, 'admin-hidden-listing-visitor', viewport);

      await row.getByRole('button', { name: `Unhide ${listing.businessName}` }).click();
      await toast(page, 'Listing visible again');
      await eventually(() => row.getByTestId('hidden-badge').count()).toBe(0);

      // Back for the visitor: in the marketplace search and at its address. The marketplace comes
      // drawn by the server, so the search may be typed, and even sent, before the page's scripts
      // have taken it over (a sent search is then a page load of its own): the list is read once it
      // is the search's, not the unfiltered one first drawn, which may list the listing too.
      await visitor.page.goto('/marketplace');
      await visitor.page.getByRole('combobox', { name: 'Search vendors' }).fill(listing.businessName);
      await visitor.page.keyboard.press('Enter');
      await eventually(() =>
        visitor.page
          .getByRole('heading', { name: `Search Results for “${listing.businessName}”`, exact: true })
          .isVisible(),
      ).toBe(true);
      await eventually(() =>
        visitor.page.locator(`a[href="/vendor/${listing.id}"]`).first().isVisible(),
      ).toBe(true);
      await visitor.page.goto(`/vendor/${listing.id}`);
      await eventually(() =>
        visitor.page.getByRole('heading', { name: listing.businessName, exact: true }).isVisible(),
      ).toBe(true);
      expect(unexpected(visitor.errors, /status of 404/)).toEqual([]);
    } finally {
      await visitor.context.close();
    }
    expect(errors).toEqual([]);
  });

  it('suspends an account whose open session ends at once, then reinstates it', async () => {
    const { page, errors } = admin;
    // The member is signed in on their own device.
    await member.page.goto('/dashboard');
    await eventually(() => member.page.getByRole('heading', { name: 'Welcome, Noam' }).isVisible()).toBe(
      true,
    );

    await dismissToasts(page);
    await openTab(page, 'users');
    await page.getByTestId('users-search').fill(member.email);
    const row = page.locator(`[data-testid="user-row"][data-id="${member.id}"]`);
    await eventually(() => row.isVisible()).toBe(true);
    // Nobody is offered to suspend their own account.
    await page.getByTestId('users-search').fill(DEMO.admin.email);
    const self = page.getByTestId('user-row').filter({ hasText: DEMO.admin.email }).first();
    await eventually(() => self.isVisible()).toBe(true);
    await expect(self.getByRole('button', { name: /^Suspend/ }).count()).resolves.toBe(0);
    await page.getByTestId('users-search').fill(member.email);
    await eventually(() => row.isVisible()).toBe(true);
    await screenshot(page, 'admin-users', viewport);

    await row.getByRole('button', { name: `Suspend ${member.email}` }).click();
    const dialog = page.getByTestId('user-suspend-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog
      .getByRole('textbox', { name: /^Reason/ })
      .fill('Sent the same advertisement to many vendors.');
    await screenshot(page, 'admin-user-suspend', viewport);
    await page.getByRole('button', { name: 'Suspend account', exact: true }).click();
    await toast(page, 'Account suspended');
    await eventually(() => textOf(row.getByTestId('suspended'))).toContain('Sent the same advertisement');

    // Their next page load finds them signed out, and signing in again is refused with the reason why.
    await member.page.reload();
    await eventually(() => member.page.getByText('Please sign in to continue').first().isVisible()).toBe(
      true,
    );
    await member.page.getByRole('textbox', { name: /^Email/ }).fill(member.email);
    await member.page.locator('input[name="password"]').fill(member.password);
    await member.page.getByRole('button', { name: 'Sign In' }).click();
    await eventually(() => member.page.getByText(ADMIN_MESSAGES.suspendedSignIn).first().isVisible()).toBe(
      true,
    );
    await screenshot(member.page, 'admin-suspended-sign-in', viewport);

    await dismissToasts(page);
    await row.getByRole('button', { name: `Reinstate ${member.email}` }).click();
    const reinstate = page.getByTestId('user-reinstate-dialog');
    await eventually(() => reinstate.isVisible()).toBe(true);
    await reinstate.getByRole('textbox', { name: /^Reason/ }).fill('Apologised and promised to stop.');
    await page.getByRole('button', { name: 'Reinstate account', exact: true }).click();
    await toast(page, 'Account reinstated');
    await eventually(() => row.getByTestId('suspended').count()).toBe(0);

    // A customer can be made a vendor, and back.
    await dismissToasts(page);
    await row.getByRole('button', { name: `Make vendor: ${member.email}` }).click();
    const role = page.getByTestId('user-role-dialog');
    await eventually(() => role.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Make vendor', exact: true }).click();
    await toast(page, 'Role changed');
    await eventually(() => textOf(row)).toContain('Vendor');
    await dismissToasts(page);
    await row.getByRole('button', { name: `Make customer: ${member.email}` }).click();
    await eventually(() => role.isVisible()).toBe(true);
    await role.getByRole('textbox', { name: /^Reason/ }).fill('Changed by mistake.');
    await page.getByRole('button', { name: 'Make customer', exact: true }).click();
    await toast(page, 'Role changed');
    await eventually(() =>
      row.getByRole('button', { name: `Make vendor: ${member.email}` }).isVisible(),
    ).toBe(true);

    // And they can sign in again.
    await dismissToasts(member.page);
    await member.page.getByRole('button', { name: 'Sign In' }).click();
    await member.page.waitForURL('**/dashboard');
    await eventually(() => member.page.getByRole('heading', { name: 'Welcome, Noam' }).isVisible()).toBe(
      true,
    );

    expect(errors).toEqual([]);
    // Refused with the session gone (401) and at sign-in (401/403): Chromium logs those responses.
    expect(unexpected(member.errors, /Failed to load resource: .* status of (401|403)/)).toEqual([]);
  });

  it('reads a reported conversation beside the accounts and dismisses the report', async () => {
    const { page, errors } = admin;
    // The member writes to the claimant's listing, gets an unwelcome answer and reports it.
    const subject = `Wedding in June (${viewport})`;
    const started = await member.context.request.post('/api/messages/threads', {
      data: { vendorId: listing.id, subject, messageText: 'Are you free on the second Sunday of June?' },
    });
    expect(started.status()).toBeLessThan(300);
    const { id: threadId } = ((await started.json()) as { thread: { id: string } }).thread;
    const reply = await claimant.context.request.post(`/api/messages/${threadId}/reply`, {
      data: { messageText: 'Yes. Pay me by wire outside SimchaHub and I take 20% off.', messageType: 'text' },
    });
    expect(reply.status()).toBeLessThan(300);
    const report = await member.context.request.post(`/api/messages/${threadId}/report`, {
      data: { reason: 'Asked me to pay outside SimchaHub.' },
    });
    expect(report.status()).toBeLessThan(300);

    await dismissToasts(page);
    await page.getByTestId('users-view').getByText('Reports', { exact: false }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'reports');
    const item = page.getByTestId('report-item').filter({ hasText: subject });
    await eventually(() => item.isVisible()).toBe(true);
    await expect(textOf(item)).resolves.toContain('Asked me to pay outside SimchaHub.');
    await expect(textOf(item)).resolves.toContain(member.email);
    await item.getByRole('button', { name: /^Conversation/ }).click();
    await eventually(() => textOf(item.getByTestId('report-thread'))).toContain('Pay me by wire outside');
    await screenshot(page, 'admin-reports', viewport);

    await item.getByRole('button', { name: `Dismiss report: ${subject}` }).click();
    const dialog = page.getByTestId('report-dismiss-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Notes/ }).fill('Warned the vendor by e-mail.');
    await page.getByRole('button', { name: 'Dismiss report', exact: true }).click();
    await toast(page, 'Report dismissed');
    // Open reports only: the dismissed one leaves the list.
    await eventually(() => item.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('finds each action in the Activity tab, then gives the listing back', async () => {
    const { page, errors } = admin;
    await dismissToasts(page);
    await openTab(page, 'activity');
    const rows = page.getByTestId('audit-row');
    // Each row shows its target's id: the demo data holds several listings of the same name.
    const entry = (action: string, targetId: string) =>
      rows.filter({ hasText: action }).filter({ hasText: targetId });
    await eventually(() => entry('Approved a claim', claimId).count()).toBeGreaterThan(0);
    await expect(entry('Approved a claim', claimId).first().textContent()).resolves.toContain(
      DEMO.admin.email,
    );
    await expect(entry('Hid a listing', listing.id).count()).resolves.toBeGreaterThan(0);
    await expect(entry('Hid a listing', listing.id).first().textContent()).resolves.toContain(
      'Checking the new owner’s details first.',
    );
    await expect(entry('Unhid a listing', listing.id).count()).resolves.toBeGreaterThan(0);
    await expect(entry('Suspended an account', member.id).first().textContent()).resolves.toContain(
      member.email,
    );
    await expect(entry('Reinstated an account', member.id).count()).resolves.toBeGreaterThan(0);
    await expect(rows.filter({ hasText: 'Dismissed a report' }).first().textContent()).resolves.toContain(
      'Warned the vendor by e-mail.',
    );
    await screenshot(page, 'admin-activity', viewport);

    // Filtered by action, only that action is listed.
    await page.getByTestId('audit-action-filter').selectOption('user.suspend');
    await eventually(async () => {
      const labels = await page.getByTestId('audit-action').allTextContents();
      return labels.length > 0 && labels.every((l) => l === 'Suspended an account');
    }).toBe(true);

    // Reload keeps the tab.
    await page.reload();
    await eventually(() => page.getByTestId('audit-row').first().isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('activity');

    // The listing goes back to unclaimed, as seeded, with a revocation the claimant is told about.
    await openTab(page, 'claims');
    const claimRow = page.locator(`[data-testid="claim-row"][data-id="${claimId}"]`);
    await claimRow.getByRole('button', { name: `Revoke claim for ${listing.businessName}` }).click();
    const dialog = page.getByTestId('revoke-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('End of the review journey.');
    await page.getByRole('button', { name: 'Revoke claim', exact: true }).click();
    await toast(page, 'Claim Revoked');
    await eventually(() => textOf(claimRow.getByTestId('claim-status'))).toBe('Revoked');
    const after = await api.get(`/api/vendors/${listing.id}`);
    expect(((await after.json()) as Listing).claimed).toBe(false);
    expect(errors).toEqual([]);
  });
});
