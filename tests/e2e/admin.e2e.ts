import { type APIRequestContext, type Browser, type Locator, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MessageId } from '../../src/client/i18n/catalogue';
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
import { LOCALE, say, sayPattern } from './language';

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
  const close = page.getByRole('button', { name: say('common.toast.dismiss') });
  // A toast may be leaving on its own meanwhile: a click that finds nothing to press is fine.
  if ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  await eventually(() => close.count()).toBe(0);
}

/** A message with its values as the whole of a name: one label may begin another ('Hide …', 'Hide listing'). */
function exactly(id: MessageId, values: Record<string, string | number>): RegExp {
  return sayPattern(id, values, { start: true, end: true });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The digit-group separator of the run's language: 1,234 in English and in Hebrew alike. */
const GROUP = escapeRegExp(
  new Intl.NumberFormat(LOCALE).formatToParts(12345).find((p) => p.type === 'group')?.value ?? ',',
);

/** The reason box of an admin action's dialog (its label may carry a required mark). */
function reasonBox(dialog: Locator): Locator {
  return dialog.getByRole('textbox', { name: sayPattern('admin.reason.label') });
}

/** The profile page's Vendor Account card, by its heading. */
function vendorAccountCard(page: Page): Locator {
  return page.getByRole('heading', { name: say('profile.vendor.title'), exact: true });
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
  // Longer than a phone's line, or a column of the desktop's dialog: it must be cut short, not broken.
  const businessEmail = `reservations.and.family.celebrations.${viewport}@gmail.com`;

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
        businessEmail,
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
    await eventually(() => textOf(page.getByTestId('stat-users'))).toMatch(
      new RegExp(
        `${sayPattern('admin.overview.totalUsers', {}, { start: false }).source}\\s*\\d[\\d${GROUP}]*`,
      ),
    );
    const health = ['admin.health.good', 'admin.health.degraded', 'admin.health.down'] as const;
    await eventually(() => textOf(page.getByTestId('health-status'))).toBeOneOf(health.map((id) => say(id)));
    await eventually(() => page.getByTestId('activity-item').count()).toBeGreaterThan(0);
    // The claim just submitted is in the feed and on the Claims tab's count.
    await eventually(() => textOf(page.getByTestId('activity-feed'))).toContain(listing.businessName);
    await eventually(() => page.getByTestId('pending-claims-badge').isVisible()).toBe(true);
    for (const id of [
      'admin.overview.reviewClaims',
      'admin.overview.manageVendors',
      'admin.overview.manageUsers',
      'admin.overview.viewActivity',
    ] as const) {
      await expect(
        page.getByRole('link', { name: sayPattern(id, {}, { start: false }) }).isVisible(),
      ).resolves.toBe(true);
    }
    await screenshot(page, 'admin-overview', viewport);

    // An admin's navigation leads to the dashboard's tabs and the marketplace, not to event planning.
    if (viewport === 'phone') await page.getByRole('button', { name: say('common.menu.open') }).click();
    const nav = page.getByRole('navigation', { name: say('common.nav.main') });
    await eventually(() => nav.isVisible()).toBe(true);
    for (const id of [
      'common.appNav.admin.overview',
      'common.appNav.admin.claims',
      'common.appNav.admin.vendors',
      'common.appNav.admin.kashrut',
      'common.appNav.admin.users',
      'common.appNav.admin.activity',
      'common.appNav.marketplace',
      'common.appNav.profile',
    ] as const) {
      await expect(nav.getByRole('link', { name: say(id), exact: true }).isVisible()).resolves.toBe(true);
    }
    for (const id of [
      'common.appNav.myEvents',
      'common.appNav.calendar',
      'common.appNav.messages',
    ] as const) {
      await expect(nav.getByRole('link', { name: say(id), exact: true }).count()).resolves.toBe(0);
    }
    await expect(
      nav
        .getByRole('link', { name: say('common.appNav.admin.overview'), exact: true })
        .getAttribute('aria-current'),
    ).resolves.toBe('page');
    if (viewport === 'phone') {
      await screenshot(page, 'admin-menu', viewport);
      await page.getByRole('button', { name: say('common.menu.close') }).click();
      await eventually(() => nav.count()).toBe(0);
    }

    // The profile page offers a customer the way to the vendor side (the same words find it), and an
    // admin, who never becomes a vendor, none of it: no Vendor Account card, no List Your Business.
    await member.page.goto('/profile');
    await eventually(() => vendorAccountCard(member.page).isVisible()).toBe(true);
    await expect(
      member.page.getByRole('button', { name: say('profile.vendor.list'), exact: true }).isVisible(),
    ).resolves.toBe(true);
    await page.goto('/profile');
    await eventually(() => page.getByRole('heading', { name: say('profile.page.title') }).isVisible()).toBe(
      true,
    );
    // The cards beside it are drawn with it, from the same profile: the page is whole when they are.
    await eventually(() =>
      page.getByRole('heading', { name: say('profile.family.title'), exact: true }).isVisible(),
    ).toBe(true);
    await expect(vendorAccountCard(page).count()).resolves.toBe(0);
    await expect(page.getByText(say('profile.vendor.list'), { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByText(say('profile.vendor.claim'), { exact: true }).count()).resolves.toBe(0);
    await page.goto('/admin-dashboard');
    expect(errors).toEqual([]);
  });

  it('reviews the claim in the dialog beside the listing and approves it', async () => {
    const { page, errors } = admin;
    await openTab(page, 'claims');
    // Rows are found by id: the demo data holds several listings of the same name.
    const row = page.locator(`[data-testid="claim-row"][data-id="${claimId}"]`);
    await eventually(() => row.isVisible()).toBe(true);
    await expect(row.getByTestId('claim-status').textContent()).resolves.toBe(say('admin.state.pending'));
    await expect(row.textContent()).resolves.toContain(claimant.email);
    await screenshot(page, 'admin-claims', viewport);

    await row
      .getByRole('button', { name: exactly('admin.claims.reviewFor', { name: listing.businessName }) })
      .click();
    const dialog = page.getByTestId('claim-review-dialog');
    await eventually(() =>
      dialog.getByRole('heading', { name: say('admin.review.evidence'), exact: true }).isVisible(),
    ).toBe(true);
    // The evidence: a free-mail address proves nothing; a new account; the listing as it is now.
    await expect(dialog.getByTestId('claim-evidence').textContent()).resolves.toContain(
      say('admin.evidence.domain.freeMail'),
    );
    await expect(dialog.getByTestId('claim-evidence').textContent()).resolves.toMatch(
      new RegExp(
        `${escapeRegExp(say('admin.evidence.age.today'))}|${escapeRegExp(say('admin.evidence.age.days', { count: 1, days: '1' }))}`,
      ),
    );
    await expect(dialog.getByTestId('claim-comparison').textContent()).resolves.toContain(
      say('admin.evidence.compare.listingNow'),
    );
    await expect(dialog.getByTestId('claim-proof').textContent()).resolves.toContain(
      'Certificate of incorporation',
    );
    // The long business address stays on one line in the evidence and in the comparison, ending in an
    // ellipsis, the whole of it in its title.
    for (const part of ['claim-evidence', 'claim-comparison']) {
      const address = dialog.getByTestId(part).getByText(businessEmail, { exact: true });
      await eventually(() => address.getAttribute('data-truncated')).toBe('');
      await expect(address.getAttribute('title')).resolves.toBe(businessEmail);
      await expect(address.evaluate((el) => getComputedStyle(el).textOverflow)).resolves.toBe('ellipsis');
    }
    await screenshot(page, 'admin-claim-review', viewport);
    await dialog
      .getByRole('textbox', { name: say('admin.review.reviewNotes'), exact: true })
      .fill('Certificate checked against the state register.');
    await dialog
      .getByRole('button', {
        name: exactly('admin.decision.approveClaimFor', { name: listing.businessName }),
      })
      .click();
    await toast(page, say('admin.decision.approved'));
    await eventually(() => dialog.isVisible()).toBe(false);
    await eventually(() => textOf(row.getByTestId('claim-status'))).toBe(say('admin.state.approved'));
    await expect(
      row
        .getByRole('button', { name: exactly('admin.claims.revokeFor', { name: listing.businessName }) })
        .isVisible(),
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
    await row
      .getByRole('button', { name: exactly('admin.vendors.editFor', { name: listing.businessName }) })
      .click();
    const form = page.getByRole('dialog', { name: say('vendorForm.editTitle') });
    await eventually(() => form.isVisible()).toBe(true);
    await expect(
      form.getByRole('textbox', { name: say('common.field.businessName'), exact: true }).inputValue(),
    ).resolves.toBe(listing.businessName);
    await screenshot(page, 'admin-vendor-edit', viewport);
    await form.getByRole('button', { name: say('common.action.cancel'), exact: true }).click();
    await eventually(() => form.count()).toBe(0);

    await row
      .getByRole('button', { name: exactly('admin.vendors.hideFor', { name: listing.businessName }) })
      .click();
    const dialog = page.getByTestId('hide-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    // The reason is required.
    await page.getByRole('button', { name: say('admin.vendors.hideSubmit'), exact: true }).click();
    await eventually(() => dialog.getByText(say('errors.admin.reasonRequired')).isVisible()).toBe(true);
    await reasonBox(dialog).fill('Checking the new owner’s details first.');
    await screenshot(page, 'admin-vendor-hide', viewport);
    await page.getByRole('button', { name: say('admin.vendors.hideSubmit'), exact: true }).click();
    await toast(page, say('admin.vendors.hiddenDone'));
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
        visitor.page.getByRole('heading', { name: say('marketplace.profile.notFound') }).isVisible(),
      ).toBe(true);
      await screenshot(visitor.page, 'admin-hidden-listing-visitor', viewport);

      await row
        .getByRole('button', { name: exactly('admin.vendors.unhideFor', { name: listing.businessName }) })
        .click();
      await toast(page, say('admin.vendors.unhiddenDone'));
      await eventually(() => row.getByTestId('hidden-badge').count()).toBe(0);

      // Back for the visitor: in the marketplace search and at its address. The marketplace comes
      // drawn by the server, so the search may be typed, and even sent, before the page's scripts
      // have taken it over (a sent search is then a page load of its own): the list is read once it
      // is the search's, not the unfiltered one first drawn, which may list the listing too.
      await visitor.page.goto('/marketplace');
      await visitor.page
        .getByRole('combobox', { name: say('marketplace.search.label') })
        .fill(listing.businessName);
      await visitor.page.keyboard.press('Enter');
      await eventually(() =>
        visitor.page
          .getByRole('heading', {
            name: exactly('marketplace.results.searchTitle', { search: listing.businessName }),
          })
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
    await eventually(() =>
      member.page.getByRole('heading', { name: exactly('dashboard.welcome', { name: 'Noam' }) }).isVisible(),
    ).toBe(true);

    await dismissToasts(page);
    await openTab(page, 'users');
    await page.getByTestId('users-search').fill(member.email);
    const row = page.locator(`[data-testid="user-row"][data-id="${member.id}"]`);
    await eventually(() => row.isVisible()).toBe(true);
    // Nobody is offered to suspend their own account.
    await page.getByTestId('users-search').fill(DEMO.admin.email);
    const self = page.getByTestId('user-row').filter({ hasText: DEMO.admin.email }).first();
    await eventually(() => self.isVisible()).toBe(true);
    await expect(
      self.getByRole('button', { name: sayPattern('admin.users.suspendFor') }).count(),
    ).resolves.toBe(0);
    await page.getByTestId('users-search').fill(member.email);
    await eventually(() => row.isVisible()).toBe(true);
    await screenshot(page, 'admin-users', viewport);

    await row
      .getByRole('button', { name: exactly('admin.users.suspendFor', { email: member.email }) })
      .click();
    const dialog = page.getByTestId('user-suspend-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await reasonBox(dialog).fill('Sent the same advertisement to many vendors.');
    await screenshot(page, 'admin-user-suspend', viewport);
    await page.getByRole('button', { name: say('admin.users.suspendSubmit'), exact: true }).click();
    await toast(page, say('admin.users.suspendedDone'));
    await eventually(() => textOf(row.getByTestId('suspended'))).toContain('Sent the same advertisement');

    // Their next page load finds them signed out, and signing in again is refused with the reason why.
    await member.page.reload();
    await eventually(() => member.page.getByText(say('auth.guard.signInRequired')).first().isVisible()).toBe(
      true,
    );
    await member.page.getByRole('textbox', { name: sayPattern('auth.signIn.email') }).fill(member.email);
    await member.page.locator('input[name="password"]').fill(member.password);
    await member.page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).click();
    await eventually(() =>
      member.page.getByText(say('errors.admin.suspendedSignIn')).first().isVisible(),
    ).toBe(true);
    await screenshot(member.page, 'admin-suspended-sign-in', viewport);

    await dismissToasts(page);
    await row
      .getByRole('button', { name: exactly('admin.users.reinstateFor', { email: member.email }) })
      .click();
    const reinstate = page.getByTestId('user-reinstate-dialog');
    await eventually(() => reinstate.isVisible()).toBe(true);
    await reasonBox(reinstate).fill('Apologised and promised to stop.');
    await page.getByRole('button', { name: say('admin.users.reinstateSubmit'), exact: true }).click();
    await toast(page, say('admin.users.reinstated'));
    await eventually(() => row.getByTestId('suspended').count()).toBe(0);

    // A customer can be made a vendor, and back.
    await dismissToasts(page);
    await row
      .getByRole('button', { name: exactly('admin.users.makeVendorFor', { email: member.email }) })
      .click();
    const role = page.getByTestId('user-role-dialog');
    await eventually(() => role.isVisible()).toBe(true);
    await page.getByRole('button', { name: say('admin.users.makeVendor'), exact: true }).click();
    await toast(page, say('admin.users.roleChanged'));
    // The row's role badge reads the new role (exactly: the Make vendor button's words may hold it too).
    await eventually(() => row.getByText(say('terms.role.vendor'), { exact: true }).isVisible()).toBe(true);
    await dismissToasts(page);
    await row
      .getByRole('button', { name: exactly('admin.users.makeCustomerFor', { email: member.email }) })
      .click();
    await eventually(() => role.isVisible()).toBe(true);
    await reasonBox(role).fill('Changed by mistake.');
    await page.getByRole('button', { name: say('admin.users.makeCustomer'), exact: true }).click();
    await toast(page, say('admin.users.roleChanged'));
    await eventually(() =>
      row
        .getByRole('button', { name: exactly('admin.users.makeVendorFor', { email: member.email }) })
        .isVisible(),
    ).toBe(true);

    // And they can sign in again.
    await dismissToasts(member.page);
    await member.page.getByRole('button', { name: say('auth.signIn.submit'), exact: true }).click();
    await member.page.waitForURL('**/dashboard');
    await eventually(() =>
      member.page.getByRole('heading', { name: exactly('dashboard.welcome', { name: 'Noam' }) }).isVisible(),
    ).toBe(true);

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
    await page
      .getByTestId('users-view')
      .getByText(
        new RegExp(
          `${sayPattern('admin.users.reports', {}, { end: true }).source}|${sayPattern('admin.users.reportsOpen').source}`,
        ),
      )
      .click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'reports');
    const item = page.getByTestId('report-item').filter({ hasText: subject });
    await eventually(() => item.isVisible()).toBe(true);
    await expect(textOf(item)).resolves.toContain('Asked me to pay outside SimchaHub.');
    await expect(textOf(item)).resolves.toContain(member.email);
    await item.getByRole('button', { name: sayPattern('admin.reports.conversation') }).click();
    await eventually(() => textOf(item.getByTestId('report-thread'))).toContain('Pay me by wire outside');
    await screenshot(page, 'admin-reports', viewport);

    await item.getByRole('button', { name: exactly('admin.reports.dismissFor', { subject }) }).click();
    const dialog = page.getByTestId('report-dismiss-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await dialog
      .getByRole('textbox', { name: sayPattern('admin.notes') })
      .fill('Warned the vendor by e-mail.');
    await page.getByRole('button', { name: say('admin.reports.dismissSubmit'), exact: true }).click();
    await toast(page, say('admin.reports.dismissed'));
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
    const entry = (action: MessageId, targetId: string) =>
      rows.filter({ hasText: say(action) }).filter({ hasText: targetId });
    await eventually(() => entry('admin.audit.action.claimApprove', claimId).count()).toBeGreaterThan(0);
    await expect(entry('admin.audit.action.claimApprove', claimId).first().textContent()).resolves.toContain(
      DEMO.admin.email,
    );
    await expect(entry('admin.audit.action.vendorHide', listing.id).count()).resolves.toBeGreaterThan(0);
    await expect(entry('admin.audit.action.vendorHide', listing.id).first().textContent()).resolves.toContain(
      'Checking the new owner’s details first.',
    );
    await expect(entry('admin.audit.action.vendorUnhide', listing.id).count()).resolves.toBeGreaterThan(0);
    await expect(entry('admin.audit.action.userSuspend', member.id).first().textContent()).resolves.toContain(
      member.email,
    );
    await expect(entry('admin.audit.action.userReinstate', member.id).count()).resolves.toBeGreaterThan(0);
    await expect(
      rows
        .filter({ hasText: say('admin.audit.action.reportDismiss') })
        .first()
        .textContent(),
    ).resolves.toContain('Warned the vendor by e-mail.');
    await screenshot(page, 'admin-activity', viewport);

    // Filtered by action, only that action is listed.
    await page.getByTestId('audit-action-filter').selectOption('user.suspend');
    await eventually(async () => {
      const labels = await page.getByTestId('audit-action').allTextContents();
      return labels.length > 0 && labels.every((l) => l === say('admin.audit.action.userSuspend'));
    }).toBe(true);

    // Reload keeps the tab.
    await page.reload();
    await eventually(() => page.getByTestId('audit-row').first().isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('activity');

    // The listing goes back to unclaimed, as seeded, with a revocation the claimant is told about.
    await openTab(page, 'claims');
    const claimRow = page.locator(`[data-testid="claim-row"][data-id="${claimId}"]`);
    await claimRow
      .getByRole('button', { name: exactly('admin.claims.revokeFor', { name: listing.businessName }) })
      .click();
    const dialog = page.getByTestId('revoke-dialog');
    await eventually(() => dialog.isVisible()).toBe(true);
    await reasonBox(dialog).fill('End of the review journey.');
    await page.getByRole('button', { name: say('admin.revoke.submit'), exact: true }).click();
    await toast(page, say('admin.revoke.done'));
    await eventually(() => textOf(claimRow.getByTestId('claim-status'))).toBe(say('admin.state.revoked'));
    const after = await api.get(`/api/vendors/${listing.id}`);
    expect(((await after.json()) as Listing).claimed).toBe(false);
    expect(errors).toEqual([]);
  });
});
