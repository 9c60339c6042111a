import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../../client/features/admin/admin-tabs';
import { DASHBOARD_TABS } from '../../../client/features/vendor-dashboard/use-listings';
import { DEMO_ACCOUNTS, seedDemoData } from '../../demo/seed';
import { builtClientForFile } from '../../test/client-build';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </body>\n</html>\n';

// Every page drawn as asked: none is left to the browser for the thread's share.
const client = builtClientForFile(
  { 'index.html': INDEX_HTML },
  { prerender: { share: 1 }, config: { drawSignedInPages: true } },
);
const h = client.h;

async function idOf(email: string): Promise<string> {
  const row = await h.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Every signed-in page of the demo data, as its people open it, comes drawn whole: a part that
 * throws on the server (a browser-only API read while rendering, say) would otherwise be drawn as
 * its fallback and drawn again by the browser (React's error #419), and such a drawing is not
 * served (prerender.tsx): the person gets the bare app instead. So each page must come drawn.
 */
describe('every signed-in page of the demo data', () => {
  it('comes drawn whole for each of the three roles, on every tab, event and conversation', async () => {
    expect(await seedDemoData(h.db, { vendors: 12 })).toEqual({ seeded: true });
    const customer = await idOf(DEMO_ACCOUNTS.customer.email);
    const vendor = await idOf(DEMO_ACCOUNTS.vendor.email);
    const admin = await idOf(DEMO_ACCOUNTS.admin.email);
    const events = await h.db.selectFrom('events').select('id').where('userId', '=', customer).execute();
    const threads = await h.db.selectFrom('messageThreads').select('id').execute();
    expect(events.length).toBeGreaterThan(0);
    expect(threads.length).toBeGreaterThan(0);

    const pages: [string, string][] = [
      ...['/dashboard', '/events', '/events?new=1', '/calendar', '/messages', '/profile'].map(
        (path) => [customer, path] as [string, string],
      ),
      ...events.map(({ id }) => [customer, `/events?event=${id}`] as [string, string]),
      ...threads.map(({ id }) => [customer, `/messages?thread=${id}`] as [string, string]),
      ...DASHBOARD_TABS.map((tab) => [vendor, `/vendor-dashboard?tab=${tab}`] as [string, string]),
      [vendor, '/profile'],
      [vendor, '/claim-listing'],
      ...ADMIN_TABS.map((tab) => [admin, `/admin-dashboard?tab=${tab}`] as [string, string]),
      [admin, '/profile'],
    ];
    const cookies = new Map<string, string>();
    const undrawn: string[] = [];
    const drawnParts = new Map<string, string[]>();
    for (const [userId, url] of pages) {
      if (!cookies.has(userId)) cookies.set(userId, await h.cookieFor(userId));
      const res = await client.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookies.get(userId) ?? '' },
      });
      expect(res.statusCode, url).toBe(200);
      const drawn =
        res.body.includes('<main id="main-content"') && !res.body.includes('<div id="root"></div>');
      if (!drawn || res.body.includes('<!--$!-->')) undrawn.push(url);
      const parts = /<div id="root"[^>]* data-parts="([^"]*)"/.exec(res.body)?.[1]?.split(' ') ?? [];
      drawnParts.set(url, parts);
    }
    expect(undrawn).toEqual([]);
    // A tab whose code loads on its own is named, for the browser to load before it takes the page
    // over; a page with no such part names none.
    expect(drawnParts.get('/vendor-dashboard?tab=reviews')).toContain('owner-reviews');
    expect(drawnParts.get('/vendor-dashboard?tab=bookings')).toContain('owner-bookings');
    expect(drawnParts.get('/admin-dashboard?tab=kashrut')).toContain('admin-kashrut-tab');
    expect(drawnParts.get('/dashboard')).toEqual([]);
  }, 240_000);
});
