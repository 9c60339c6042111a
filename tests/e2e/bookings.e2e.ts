import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCivilDay } from '../../src/shared/dates';
import { addDays, conflictFor, dayOfWeek, toCivilDate } from '../../src/shared/jewish-calendar';
import { formatMoney } from '../../src/shared/schemas/bookings';
import {
  DEMO,
  eventually,
  launchBrowser,
  openSession,
  registerAccount,
  type Session,
  screenshot,
  signIn,
  trackSessions,
  uniqueTag,
  type ViewportName,
} from './browser';
import { demoAccountsIn } from './global-setup';
import { LANGUAGE, say, sayPattern } from './language';
import { type RunningServer, startServer } from './server';

/**
 * Book a vendor for a date, from the family's search to the admin hiding a reported review (issue
 * 29), at both widths. The booking has to be moved into the past for the family to review it: this
 * journey runs its own server on a fresh PostgreSQL database (PGlite belongs to the server's process),
 * and moves the booking's day, its request's and its event's date back in one transaction, as the
 * calendar would have moved on. Everything else goes through the pages.
 *
 * The database: E2E_DATABASE_URL's server, else the local PostgreSQL the CI starts.
 */
const adminUrl = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `simchahub_e2e_bookings_${randomBytes(4).toString('hex')}`;

let browser: Browser;
let server: RunningServer;
let db: pg.Client;

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${databaseName}`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  [browser, server] = await Promise.all([launchBrowser(), startServer({ databaseUrl: url.toString() })]);
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  // This server's demo admin reads the run's language, as the shared server's does (global-setup.ts).
  if (LANGUAGE !== 'en') await demoAccountsIn(server.baseUrl, LANGUAGE);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await server?.stop();
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
});

const sessions = trackSessions('bookings');
async function open(viewport: ViewportName): Promise<Session> {
  return sessions.track(await openSession(browser, viewport, { server: server.baseUrl }));
}

async function register(api: APIRequestContext, role: 'customer' | 'vendor', name: string): Promise<string> {
  return (await registerAccount(api, role, name)).id;
}

/** The listing's public day as the profile and the search read it. */
async function publicDay(api: APIRequestContext, vendorId: string, day: string) {
  const res = await api.get(`/api/vendors/${vendorId}/availability?from=${day}&to=${day}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { days: { day: string; status: string; rest: string | null }[] };
  return body.days[0];
}

/**
 * The fixture: the booking's day, and its request's and event's dates, moved `days` back, with the
 * day's slot moved along (vendor_days), in one transaction.
 */
async function moveBookingBack(bookingId: string, days: number): Promise<void> {
  await db.query('BEGIN');
  try {
    const { rows } = await db.query<{
      vendor_id: string;
      day: string;
      request_id: string;
      event_id: string | null;
    }>(
      `SELECT vendor_id, to_char(day, 'YYYY-MM-DD') AS day, request_id, event_id FROM bookings WHERE id = $1 FOR UPDATE`,
      [bookingId],
    );
    const booking = rows[0];
    if (!booking) throw new Error(`no booking ${bookingId}`);
    await db.query('UPDATE vendor_days SET taken = taken - 1 WHERE vendor_id = $1 AND day = $2', [
      booking.vendor_id,
      booking.day,
    ]);
    await db.query(
      `INSERT INTO vendor_days (vendor_id, day, capacity, taken) VALUES ($1, $2::date - $3::int, 1, 1)
       ON CONFLICT (vendor_id, day) DO UPDATE
         SET capacity = greatest(vendor_days.capacity, vendor_days.taken + 1), taken = vendor_days.taken + 1`,
      [booking.vendor_id, booking.day, days],
    );
    await db.query('UPDATE bookings SET day = day - $2::int WHERE id = $1', [bookingId, days]);
    await db.query(
      `UPDATE availability_requests SET event_date = event_date - make_interval(days => $2) WHERE id = $1`,
      [booking.request_id, days],
    );
    if (booking.event_id)
      await db.query(`UPDATE events SET date = date - make_interval(days => $2) WHERE id = $1`, [
        booking.event_id,
        days,
      ]);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/** The first date from `from` (two months ahead by default) on the weekday, without a festival or fast. */
function nextDate(weekday: number, from = addDays(toCivilDate(new Date()), 60)): string {
  let date = from;
  for (let i = 0; i < 400; i++, date = addDays(date, 1)) {
    if (dayOfWeek(date) === weekday && !conflictFor(date).hasConflict) return date;
  }
  throw new Error('no such date');
}

const resultCards = (page: Page) =>
  page.locator('section[aria-labelledby="results-heading"] [data-testid="vendor-card"]');

describe.each(['desktop', 'phone'] as ViewportName[])('booking a vendor at %s width', (viewport) => {
  it('goes from free on my date to a booked vendor, a verified review, a reply and a hidden report', async () => {
    const vendor = await open(viewport);
    const family = await open(viewport);
    const business = `Booking Band ${uniqueTag().toUpperCase()}`;
    const familyName = `Dina Katz ${uniqueTag()}`;
    const eventTitle = `Dina's wedding ${uniqueTag()}`;

    // The vendor: an account, a listing, and a stated calendar (a daily capacity of one).
    await register(vendor.context.request, 'vendor', `Yossi Levin ${uniqueTag()}`);
    const created = await vendor.context.request.post('/api/vendors', {
      data: {
        businessName: business,
        category: 'Musicians',
        contactEmail: 'band@example.com',
        description: 'A five-piece band for weddings, bar and bat mitzvahs.',
        city: 'Teaneck',
        state: 'NJ',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const vendorId = ((await created.json()) as { id: string }).id;
    const stated = await vendor.context.request.put('/api/vendors/profile/availability', {
      data: { dailyCapacity: 1 },
    });
    expect(stated.status(), await stated.text()).toBe(200);

    // A Tuesday two months or more ahead, without a festival, that the listing shows as free.
    let day = nextDate(2);
    while ((await publicDay(family.context.request, vendorId, day))?.status !== 'free')
      day = nextDate(2, addDays(day, 1));

    // The family: an account and an event on that day.
    await register(family.context.request, 'customer', familyName);
    const event = await family.context.request.post('/api/events', {
      data: { title: eventTitle, type: 'Wedding', date: `${day}T00:00:00.000Z` },
    });
    expect(event.status(), await event.text()).toBe(201);
    const eventId = ((await event.json()) as { id: string }).id;

    // 1. The family searches for the band, fills "Free on" from its event in one click, and asks.
    await family.page.goto(`/marketplace?search=${encodeURIComponent(business)}`);
    await family.page
      .getByRole('combobox', { name: say('marketplace.freeOn.useEvent') })
      .selectOption({ index: 1 });
    await family.page.waitForURL((url) => url.searchParams.get('free_on') === day);
    await eventually(() => resultCards(family.page).count()).toBe(1);
    await expect(resultCards(family.page).first().getByRole('heading').textContent()).resolves.toBe(business);
    await screenshot(family.page, 'bookings-free-on', viewport);
    await resultCards(family.page)
      .first()
      .getByRole('button', {
        name: sayPattern('marketplace.card.actionLabel', {
          action: say('marketplace.request.action'),
          name: business,
        }),
      })
      .click();
    const request = family.page.getByRole('dialog');
    await request
      .getByRole('combobox', { name: say('marketplace.request.linkEvent') })
      // The event's title alone is its option's text (it takes its own direction, dir="auto").
      .selectOption({ label: eventTitle });
    expect(await request.getByLabel(say('marketplace.request.date')).inputValue()).toBe(day);
    await request
      .getByLabel(say('marketplace.request.message'))
      .fill('Could you play at our wedding? About 150 guests, a chuppah at six.');
    await request.getByRole('button', { name: say('marketplace.request.submit') }).click();
    await eventually(() => request.isVisible()).toBe(false);

    // 2. The vendor quotes, in the conversation the request opened.
    await vendor.page.goto('/messages');
    await vendor.page
      .getByRole('list', { name: say('messages.list.conversations') })
      .getByRole('link', { name: new RegExp(familyName) })
      .click();
    await vendor.page.getByRole('button', { name: say('bookings.quote.send') }).click();
    const quote = vendor.page.getByRole('dialog', { name: say('bookings.quote.send') });
    await quote.getByLabel(say('bookings.quoteForm.price')).fill('4800');
    await quote
      .getByLabel(say('bookings.quoteForm.includes'))
      .fill('Five musicians, four hours, sound system and a chuppah set.');
    await quote.getByLabel(say('bookings.quoteForm.deposit')).fill('1000');
    await quote.getByLabel(say('bookings.quoteForm.depositDue')).fill(addDays(toCivilDate(new Date()), 14));
    await quote.getByLabel(say('bookings.quoteForm.validUntil')).fill(addDays(toCivilDate(new Date()), 10));
    await screenshot(vendor.page, 'bookings-quote-dialog', viewport);
    await quote.getByRole('button', { name: say('bookings.quoteForm.submit') }).click();
    await eventually(() => quote.isVisible()).toBe(false);

    // 3. The family accepts it, in the same conversation (it arrives live).
    await family.page.goto('/messages');
    await family.page
      .getByRole('list', { name: say('messages.list.conversations') })
      .getByRole('link', { name: new RegExp(business) })
      .click();
    const offered = family.page.getByRole('article', {
      name: sayPattern('bookings.quote.from', { business }),
    });
    await eventually(() => offered.isVisible()).toBe(true);
    expect(await offered.textContent()).toContain(formatMoney('4800', LANGUAGE));
    await screenshot(family.page, 'bookings-quote-offered', viewport);
    await offered.getByRole('button', { name: say('bookings.panel.accept') }).click();
    await family.page.getByRole('button', { name: say('bookings.panel.acceptConfirm') }).click();
    await eventually(() => family.page.getByText(say('bookings.panel.booked')).isVisible()).toBe(true);

    // 4. The vendor's calendar shows the day taken by the booking.
    await vendor.page.goto('/vendor-dashboard?tab=calendar');
    const dayButton = vendor.page.getByRole('button', {
      name: `(${formatCivilDay(day, LANGUAGE)})`,
      exact: false,
    });
    for (let i = 0; i < 8 && !(await dayButton.isVisible()); i++) {
      await vendor.page.getByRole('button', { name: say('vendorDashboard.calendar.nextMonth') }).click();
    }
    await eventually(() => dayButton.textContent()).toContain(`1/1 ${say('vendorDashboard.calendar.taken')}`);
    await screenshot(vendor.page, 'bookings-vendor-calendar', viewport);
    expect((await publicDay(family.context.request, vendorId, day))?.status).toBe('booked');

    // 5. At capacity, the band leaves the family's "free on" results.
    await family.page.goto(`/marketplace?search=${encodeURIComponent(business)}&free_on=${day}`);
    await eventually(() => family.page.getByText(say('marketplace.results.noneFree')).isVisible()).toBe(true);
    expect(await resultCards(family.page).count()).toBe(0);

    // 6. The day passes (the fixture), and the booking reads completed.
    const bookings = (await (await family.context.request.get('/api/bookings')).json()) as {
      id: string;
      status: string;
    }[];
    expect(bookings).toHaveLength(1);
    const bookingId = bookings[0]?.id as string;
    await moveBookingBack(bookingId, Math.round((Date.parse(day) - Date.now()) / 86_400_000) + 3);
    await eventually(async () => {
      const list = (await (await family.context.request.get('/api/bookings')).json()) as { status: string }[];
      return list[0]?.status;
    }).toBe('completed');

    // 7. The family reviews the band from its event's Vendors tab.
    await family.page.goto(`/events?event=${eventId}`);
    await family.page.getByRole('tab', { name: say('events.tabs.vendors') }).click();
    await family.page
      .getByRole('button', { name: sayPattern('reviews.write.button', {}, { start: false }) })
      .first()
      .click();
    const write = family.page.getByRole('dialog', {
      name: sayPattern('reviews.write.title', { business }),
    });
    await write
      .getByRole('radio', {
        name: say('reviews.write.starLabel', { count: 5, word: say('reviews.write.star5') }),
        exact: true,
      })
      .click();
    const reviewText = 'They filled the dance floor all night and the chuppah music made everyone cry.';
    await write.getByLabel(say('reviews.write.text')).fill(reviewText);
    await screenshot(family.page, 'bookings-write-review', viewport);
    await write.getByRole('button', { name: say('reviews.write.submit') }).click();
    await eventually(() => write.isVisible()).toBe(false);

    // ... and the vendor replies, once, publicly.
    await vendor.page.goto('/vendor-dashboard?tab=reviews');
    await vendor.page
      .getByRole('button', { name: sayPattern('reviews.owner.reply', {}, { start: false }) })
      .first()
      .click();
    const reply = vendor.page.getByRole('dialog', { name: sayPattern('reviews.reply.title') });
    await reply.getByLabel(say('reviews.reply.label')).fill('Thank you, it was a joy to play for you.');
    await reply.getByRole('button', { name: say('reviews.reply.submit') }).click();
    await eventually(() => reply.isVisible()).toBe(false);

    // The profile: the rating from that one verified review, and the reply.
    const visitor = await open(viewport);
    await visitor.page.goto(`/vendor/${vendorId}`);
    const reviews = visitor.page.getByTestId('vendor-reviews');
    await eventually(() =>
      reviews.getByText(say('reviews.vendor.outOf5', { rating: '5.0' })).isVisible(),
    ).toBe(true);
    expect(await reviews.textContent()).toContain('Thank you, it was a joy to play for you.');

    // 8. Someone signed in reports it; an admin hides it with a reason; the rating goes with it.
    await register(visitor.context.request, 'customer', `Avi Stern ${uniqueTag()}`);
    await visitor.page.reload();
    await reviews
      .getByRole('button', { name: sayPattern('reviews.report.label', {}, { end: true }) })
      .click();
    const report = visitor.page.getByRole('dialog', { name: sayPattern('reviews.report.title') });
    await report
      .getByLabel(say('reviews.report.reason'))
      .fill('This reads like an advertisement, not a client.');
    await report.getByRole('button', { name: say('reviews.report.submit') }).click();
    await eventually(() => report.isVisible()).toBe(false);

    const admin = await open(viewport);
    await signIn(admin.page, '/admin-login', DEMO.admin.email, DEMO.admin.password);
    await admin.page.waitForURL('**/admin-dashboard');
    await admin.page.goto('/admin-dashboard?tab=users&view=reports');
    await admin.page
      .getByRole('button', { name: sayPattern('admin.reviewReports.hideFor', { name: business }) })
      .click();
    const hide = admin.page.getByRole('dialog', { name: say('admin.reviewReports.hideTitle') });
    await hide
      .getByLabel(say('admin.reason.label'))
      .fill('Reported as an advertisement; kept off the listing.');
    await screenshot(admin.page, 'bookings-hide-review', viewport);
    await hide.getByRole('button', { name: say('admin.reviewReports.hide') }).click();
    await eventually(() => hide.isVisible()).toBe(false);

    await visitor.page.reload();
    await eventually(() => reviews.getByTestId('no-reviews').isVisible()).toBe(true);
    expect(await reviews.getByText(sayPattern('reviews.vendor.outOf5', {}, { start: false })).count()).toBe(
      0,
    );
    await screenshot(visitor.page, 'bookings-review-hidden', viewport);

    for (const session of [vendor, family, visitor, admin]) expect(session.errors).toEqual([]);
  });
});
