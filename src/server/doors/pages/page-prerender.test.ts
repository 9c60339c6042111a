import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { AnswerQuery } from '../../../client/prerender';
import { APP_SCRIPTS_ID } from '../../../shared/app-scripts';
import { PRERENDERED_STATE_ID } from '../../../shared/constants';
import { FIRST_QUERIES_ID, type FirstQuery } from '../../../shared/first-queries';
import { civilDateIn } from '../../../shared/viewport';
import { buildServer } from '../../app';
import { createVendor } from '../../demo/factories';
import { SESSION_COOKIE } from '../../domains/auth/sessions';
import { siteFigures } from '../../domains/meta/site-figures';
import { builtClientForFile } from '../../test/client-build';
import { HtmlTemplate } from './html-head';
import { answerWith } from './page-answers';
import { PagePrerender } from './page-prerender';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n    <link rel="modulepreload" crossorigin href="/assets/chunk-def.js">\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </body>\n</html>\n';
/** The build's manifest beside the client folder: where the server finds the drawn pages' boot script. */
const MANIFEST = JSON.stringify({
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_chunk-def.js'] },
  'src/client/boot.ts': { file: 'assets/boot-xyz.js', isEntry: true },
});

// Every page drawn as asked (its share of the thread is tested on its own below).
const client = builtClientForFile(
  { 'index.html': INDEX_HTML, '../client-manifest.json': MANIFEST },
  { prerender: { share: 1 }, config: { drawSignedInPages: true } },
);
const h = client.h;

/** The root element's markup and the data beside it. */
function parts(html: string) {
  const root = /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script\b/.exec(html)?.[1] ?? '';
  const state = new RegExp(
    `<script type="application/json" id="${PRERENDERED_STATE_ID}">([^<]*)</script>`,
  ).exec(html)?.[1];
  return { root, state };
}

/** A page a visitor asks for, answered 200 and varying by cookie: the answer, and its parts. */
async function drawnPage(url: string) {
  const res = await client.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers.vary).toMatch(/cookie/i);
  return { res, ...parts(res.body) };
}

/** The dehydrated queries of a drawn page, by query key. */
function queries(state: string | undefined) {
  const dehydrated = superjson.parse<{ queries: { queryKey: unknown; state: { data: unknown } }[] }>(
    state ?? '',
  );
  return new Map(dehydrated.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
}

describe('the landing page drawn for visitors', () => {
  it('comes drawn, with the counted figures and the data the browser starts from', async () => {
    await createVendor(h.db, { businessName: 'Drawn Hall', category: 'Venues' });
    const { res, root, state } = await drawnPage('/');
    // The page as a visitor sees it, before any script: hero, login buttons, categories, footer.
    expect(root).toContain('Every simcha');
    expect(root).toContain('href="/login-customer"');
    expect(root).toContain('href="/marketplace?category=Venues"');
    expect(root).toMatch(/<footer/);
    // Styles come with it, in the head, named for the app's style cache and not as emotion names its
    // own (which it would move, and the browser style the page anew: decision 050); nothing needs an
    // inline script (the CSP allows none).
    expect(root).not.toContain('<style');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toMatch(/<style data-drawn-style="sh-global [^"]+">/);
    expect(head).toMatch(/<style data-drawn-style="sh [^"]+">/);
    expect(head).not.toContain('data-emotion');
    expect(root).toMatch(/class="sh-[a-z0-9]+/);
    expect(res.body.match(/<script(?![^>]*type="(?:module|application\/json)")[\s>]/g)).toBeNull();
    // The figures it shows are the counted ones, and the browser gets the same data to start from.
    const figures = await siteFigures(h.deps.db, new Date(), h.deps.config.siteFiguresMin);
    expect(root).toContain(`>${figures.vendors}</`);
    const byKey = queries(state);
    expect(byKey.get(JSON.stringify([['auth', 'session'], { type: 'query' }]))).toEqual({ user: null });
    expect(byKey.get(JSON.stringify([['meta', 'siteFigures'], { type: 'query' }]))).toEqual(figures);
  });

  it('is left to the browser for anyone with a session cookie, and for every other page', async () => {
    const vendor = await createVendor(h.db, { businessName: 'Cookie Caterers', category: 'Caterers' });
    // A listing that is not there, and a path the app has no page for, are the app's 404.
    for (const [url, cookies, status] of [
      ['/', { [SESSION_COOKIE]: 'whatever' }, 200],
      [`/vendor/${vendor.id}`, { [SESSION_COOKIE]: 'whatever' }, 200],
      ['/vendor/00000000-0000-4000-8000-000000000000', {}, 404],
      ['/vendor/not-an-id', {}, 404],
      ['/marketplace', { [SESSION_COOKIE]: 'whatever' }, 200],
      ['/marketplace?category=Venues', {}, 200],
      ['/about', {}, 200],
      ['/no-such-page', { [SESSION_COOKIE]: 'whatever' }, 404],
    ] as const) {
      const res = await client.app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(status);
      expect(parts(res.body), url).toEqual({ root: '', state: undefined });
      expect(res.body, url).toContain('<div id="root"></div>');
      // The page the app fills names the app's scripts as built.
      expect(res.body, url).toContain('<script type="module" src="/assets/index-abc.js"></script>');
      expect(res.body, url).toContain('href="/assets/chunk-def.js"');
      expect(res.body, url).not.toContain('boot-xyz');
    }
  });
});

describe('the 404 page drawn for visitors', () => {
  it('comes drawn at any path the app has no page for, answered 404, with no data to start from', async () => {
    for (const url of ['/no-such-page', '/vendor/1/2', '/Dashboard/extra?x=1']) {
      const res = await client.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers.etag, url).toBeUndefined();
      const { root } = parts(res.body);
      expect(root, url).toContain('Page not found');
      expect(root, url).toContain('ERROR 404');
      expect(root, url).toContain('href="/marketplace"');
      expect(res.body, url).toContain('<title>Page not found · SimchaHub</title>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      // The drawn page's boot script, as every drawn page names it.
      expect(res.body, url).toContain('boot-xyz');
    }
  });
});

describe("a vendor's profile drawn for visitors", () => {
  it('comes drawn as a visitor sees it, from the answer the browser would get', async () => {
    const vendor = await createVendor(h.db, {
      businessName: 'Drawn Strings Quartet',
      category: 'Musicians',
      city: 'Teaneck',
      contactPhone: '+1 201 555 0142',
    });
    const { res, root, state } = await drawnPage(`/vendor/${vendor.id}`);
    expect(root).toContain('Drawn Strings Quartet');
    expect(root).toContain('Teaneck');
    expect(root).toContain('href="/marketplace"');
    // A visitor learns that there is a phone number, never the number itself.
    expect(res.body).not.toContain('555 0142');
    expect(res.body.match(/<script(?![^>]*type="(?:module|application\/json)")[\s>]/g)).toBeNull();
    // The head still names the listing for link previews.
    expect(res.body).toContain('<meta property="og:title" content="Drawn Strings Quartet');
    const answer = await client.app.inject({ method: 'GET', url: `/api/vendors/${vendor.id}` });
    const drawnFrom = queries(state).get(
      JSON.stringify([['vendors', 'byId'], { input: { id: vendor.id }, type: 'query' }]),
    );
    expect(JSON.parse(JSON.stringify(drawnFrom))).toEqual(answer.json());
  });

  it('shows its rating to one decimal, 5.0 only for straight five stars: 4.96 reads 4.9', async () => {
    const vendor = await createVendor(h.db, {
      businessName: 'Nearly Perfect Caterers',
      category: 'Caterers',
      rating: '4.96',
      reviewCount: 25,
    });
    const { root } = await drawnPage(`/vendor/${vendor.id}`);
    expect(root).toContain('Rated 4.9 out of 5 from 25 reviews');
    expect(root).toMatch(/>4\.9</);
    expect(root).not.toMatch(/>5\.0</);
  });

  it('draws again when the listing changes, and serves the kept drawing while it does not', async () => {
    const vendor = await createVendor(h.db, { businessName: 'Kept Florals', category: 'Florists' });
    const first = await client.app.inject({ method: 'GET', url: `/vendor/${vendor.id}` });
    const again = await client.app.inject({ method: 'GET', url: `/vendor/${vendor.id}` });
    expect(parts(again.body).root).toBe(parts(first.body).root);
    await h.db
      .updateTable('vendors')
      .set({ businessName: 'Renamed Florals' })
      .where('id', '=', vendor.id)
      .execute();
    const changed = await client.app.inject({ method: 'GET', url: `/vendor/${vendor.id}` });
    expect(parts(changed.body).root).toContain('Renamed Florals');
    expect(parts(changed.body).root).not.toContain('Kept Florals');
  });

  it('takes no more than its share of the thread: past it, new pages are left to the browser', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-client-'));
    await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
    // A share so small that one drawing rests the renderer for longer than this test.
    const prerender = new PagePrerender(h.deps.db, undefined, { share: 0.0001 });
    const server = await buildServer(
      { ...h.deps, config: { ...h.deps.config, clientDir: dir } },
      { prerender },
    );
    try {
      await prerender.warm(server.log);
      const [a, b] = [
        await createVendor(h.db, { businessName: 'Share Hall A', category: 'Venues' }),
        await createVendor(h.db, { businessName: 'Share Hall B', category: 'Venues' }),
      ];
      const drawnA = await server.inject({ method: 'GET', url: `/vendor/${a.id}` });
      expect(parts(drawnA.body).root).toContain('Share Hall A');
      const plainB = await server.inject({ method: 'GET', url: `/vendor/${b.id}` });
      expect(parts(plainB.body)).toEqual({ root: '', state: undefined });
      // Not read either: the browser's own read counts the visit, once.
      const viewsOfB = await h.db
        .selectFrom('vendorDailyStats')
        .select('views')
        .where('vendorId', '=', b.id)
        .execute();
      expect(viewsOfB).toEqual([]);
      // The page the app fills has no tag: a visitor keeping it gets the drawn page once there is one.
      expect(plainB.headers.etag).toBeUndefined();
      // A kept drawing costs nothing to serve again.
      const keptA = await server.inject({ method: 'GET', url: `/vendor/${a.id}` });
      expect(parts(keptA.body).root).toBe(parts(drawnA.body).root);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the marketplace drawn for visitors', () => {
  it('comes drawn unfiltered, from the answers the browser would get', async () => {
    await createVendor(h.db, { businessName: 'Drawn Market Hall', category: 'Venues', verified: true });
    const res = await client.app.inject({ method: 'GET', url: '/marketplace' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/i);
    const { root, state } = parts(res.body);
    expect(root).toContain('Browse Vendors');
    expect(res.body.match(/<script(?![^>]*type="(?:module|application\/json)")[\s>]/g)).toBeNull();
    // The first page of the list and the featured strip are the answers the browser would get, and
    // the cards are drawn from them.
    const drawnFrom = queries(state);
    const [list, featured] = await Promise.all([
      client.app.inject({ method: 'GET', url: '/api/vendors?page_size=24&sort=popular' }),
      client.app.inject({ method: 'GET', url: '/api/vendors/featured' }),
    ]);
    const firstPage = list.json<{ items: { id: string; businessName: string }[] }>();
    expect(firstPage.items.length).toBeGreaterThan(0);
    const drawnList = drawnFrom.get(
      JSON.stringify(['marketplace', 'vendors', { page_size: 24, sort: 'popular' }]),
    ) as { pages: unknown[]; pageParams: unknown[] };
    expect(JSON.parse(JSON.stringify(drawnList))).toEqual({ pages: [list.json()], pageParams: [1] });
    expect(
      JSON.parse(
        JSON.stringify(
          drawnFrom.get(JSON.stringify([['vendors', 'featured'], { input: {}, type: 'query' }])),
        ),
      ),
    ).toEqual(featured.json());
    for (const vendor of firstPage.items) expect(root).toContain(`href="/vendor/${vendor.id}"`);
  });
});

describe('drawn pages and If-None-Match (decision 029)', () => {
  it("a visitor's drawn marketplace and profile answer 304 while the listings are unchanged, 200 with a new ETag after a change", async () => {
    const vendor = await createVendor(h.db, { businessName: 'Conditional Canopies', category: 'Venues' });
    const urls = ['/marketplace', `/vendor/${vendor.id}`];
    const tags = new Map<string, string>();
    for (const url of urls) {
      const { res, root } = await drawnPage(url);
      expect(root, url).not.toBe('');
      const tag = String(res.headers.etag);
      expect(tag, url).toMatch(/^W\/"m\d+-visitor-[\w-]{11}"$/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      tags.set(url, tag);
      const again = await client.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(tag);
      expect(again.headers.vary, url).toMatch(/cookie/i);
      expect(again.headers.vary, url).toMatch(/accept-encoding/i);
      // With a session cookie the page is the one the app fills: never the visitor's, never 304.
      const signedIn = await client.app.inject({
        method: 'GET',
        url,
        cookies: { [SESSION_COOKIE]: 'whatever' },
        headers: { 'if-none-match': tag },
      });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.headers.etag, url).toBeUndefined();
      expect(parts(signedIn.body).root, url).toBe('');
    }
    // Another server process, built from the same files, draws the same pages again under the same tags.
    const root = await mkdtemp(path.join(os.tmpdir(), 'simchahub-client-'));
    await writeFile(path.join(root, 'client-manifest.json'), MANIFEST);
    await mkdir(path.join(root, 'client'));
    await writeFile(path.join(root, 'client', 'index.html'), INDEX_HTML);
    const prerender = new PagePrerender(h.deps.db, undefined, { share: 1 });
    const other = await buildServer(
      { ...h.deps, config: { ...h.deps.config, clientDir: path.join(root, 'client') } },
      { prerender },
    );
    try {
      await prerender.warm(other.log);
      for (const url of urls) {
        const res = await other.inject({
          method: 'GET',
          url,
          headers: { 'if-none-match': String(tags.get(url)) },
        });
        expect(res.statusCode, url).toBe(304);
      }
    } finally {
      await other.close();
      await rm(root, { recursive: true, force: true });
    }

    // The landing page and the pages the app fills carry no tag.
    for (const url of ['/', '/about', '/marketplace?category=Venues']) {
      const res = await client.app.inject({ method: 'GET', url, headers: { 'if-none-match': '*' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toBeUndefined();
    }

    await h.db
      .updateTable('vendors')
      .set({ businessName: 'Renamed Canopies' })
      .where('id', '=', vendor.id)
      .execute();
    for (const url of urls) {
      const tag = tags.get(url) as string;
      const changed = await client.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
      expect(changed.statusCode, url).toBe(200);
      expect(changed.headers.etag, url).not.toBe(tag);
      const again = await client.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(changed.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
    expect(parts((await drawnPage(`/vendor/${vendor.id}`)).res.body).root).toContain('Renamed Canopies');
  });
});

describe("a drawn page's scripts", () => {
  it('are added by the boot script after the page has painted, from the list beside the page', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/' });
    expect(parts(res.body).root).toContain('Every simcha');
    // Neither the entry nor its preloads are named: nothing competes with the page for the network.
    expect(res.body).not.toContain('<script type="module" src="/assets/index-abc.js">');
    expect(res.body).not.toContain('modulepreload');
    expect(res.body.match(/<script type="module" src="([^"]+)"><\/script>/g)).toEqual([
      '<script type="module" src="/assets/boot-xyz.js"></script>',
    ]);
    const list = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">([^<]*)</script>`).exec(
      res.body,
    )?.[1];
    expect(JSON.parse(list ?? '')).toEqual({
      entry: '/assets/index-abc.js',
      preload: ['/assets/chunk-def.js'],
    });
  });

  it('stay as built when there is no boot script in the build', () => {
    const page = new HtmlTemplate(INDEX_HTML).render(
      { title: 'T', description: 'D', url: 'http://x/' },
      { html: '<p>hi</p>', state: '{}' },
    );
    expect(page).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(page).toContain('href="/assets/chunk-def.js"');
    expect(page).not.toContain(APP_SCRIPTS_ID);
  });
});

describe('the page template', () => {
  it('keeps data that holds "</script>" inside its script element', () => {
    const page = new HtmlTemplate(INDEX_HTML).render(
      { title: 'T', description: 'D', url: 'http://x/' },
      { html: '<p>hi</p>', state: JSON.stringify({ text: '</script><script>alert(1)</script>' }) },
    );
    const { root, state } = parts(page);
    expect(root).toBe('<p>hi</p>');
    expect(JSON.parse(state ?? '')).toEqual({ text: '</script><script>alert(1)</script>' });
    expect(page.match(/<script/g)).toHaveLength(2);
  });
});

describe("Chakra's global styles", () => {
  const styles =
    '<style data-drawn-style="sh-global 1a">@layer reset{html{line-height:1.5}}</style>' +
    '<style data-drawn-style="sh 2b">.sh-2b{color:red}</style>';
  const drawn = { html: '<p class="sh-2b">hi</p>', state: '{}', styles };

  it('are left out of a drawn page when the build links them as a stylesheet, and kept when it does not', () => {
    const linked = INDEX_HTML.replace(
      '</head>',
      '<link rel="stylesheet" href="/assets/chakra-global-0123456789.css">\n  </head>',
    );
    const withSheet = new HtmlTemplate(linked).render(
      { title: 'T', description: 'D', url: 'http://x/' },
      drawn,
    );
    expect(withSheet).toContain('href="/assets/chakra-global-0123456789.css"');
    expect(withSheet).not.toContain('sh-global');
    expect(withSheet).toContain('<style data-drawn-style="sh 2b">.sh-2b{color:red}</style>');

    const without = new HtmlTemplate(INDEX_HTML).render(
      { title: 'T', description: 'D', url: 'http://x/' },
      drawn,
    );
    expect(without).toContain('@layer reset{html{line-height:1.5}}');
  });
});

describe('signed-in pages drawn for their user (decision 047)', () => {
  const firstQueries = (html: string) => {
    const text = new RegExp(`<script type="application/json" id="${FIRST_QUERIES_ID}">([^<]*)</script>`).exec(
      html,
    )?.[1];
    return text ? superjson.parse<FirstQuery[]>(text) : [];
  };

  it("come drawn in the account's language with the frame and the page's content, read with their session, for them alone", async () => {
    const party = await h.signedIn('customer', { name: 'Drawn Dvora', language: 'he' });
    const stranger = await h.signedIn('customer');
    const future = new Date(Date.now() + 90 * 86_400_000);
    await party.caller.events.create({ title: 'Dvora and Ami', type: 'Wedding', date: future });
    await stranger.caller.events.create({ title: 'Not hers to see', type: 'Wedding', date: future });
    const res = await client.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: {
        cookie: await h.cookieFor(party.user.id),
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.etag).toBeUndefined();
    // In the account's language, whatever the browser asked, as the app would switch to at once.
    expect(res.body).toMatch(/<html lang="he" dir="rtl">/);
    const { root, state } = parts(res.body);
    // The greeting names them (by their first name).
    expect(root).toContain('Drawn');
    expect(root).toContain('href="/events"');
    // A phone's user agent and no cookie yet: drawn in the narrow layout, which the browser hydrates.
    // No time zone cookie yet: its times are drawn in the server's zone, which the root names with
    // the instant of the drawing (the browser takes the page over in that zone only, main.tsx). The
    // account's address is not confirmed: its banner, whose code loads on its own, is named as a part.
    const serverZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(res.body).toMatch(
      new RegExp(
        `<div id="root" data-viewport="narrow" data-today="\\d{4}-\\d{2}-\\d{2}" data-zone="${serverZone}" data-now="\\d+" data-parts="email-confirmation-banner">`,
      ),
    );
    // The page's content is drawn (decision 048): their event, not anyone else's, read as the
    // browser would read it, and the answers are in the state the browser hydrates from.
    expect(root).toContain('Dvora and Ami');
    expect(root).not.toContain('Not hers to see');
    const byKey = queries(state);
    const events = byKey.get(JSON.stringify([['events', 'list'], { type: 'query' }])) as { title: string }[];
    expect(events.map((e) => e.title)).toEqual(['Dvora and Ami']);
    expect(byKey.has(JSON.stringify([['messages', 'unreadCount'], { type: 'query' }]))).toBe(true);
    // Every query was answered: none is left for the browser to start.
    expect(firstQueries(res.body)).toEqual([]);
    expect(res.body.match(/<script(?![^>]*type="(?:module|application\/json)")[\s>]/g)).toBeNull();
  });

  it("come with the first page of a list read page by page: the messages page's threads", async () => {
    const party = await h.signedIn('customer');
    const vendor = await h.signedIn('vendor');
    const listing = await createVendor(h.db, {
      businessName: 'Drawn Threads Band',
      category: 'Musicians',
      ownerId: vendor.user.id,
      claimed: true,
    });
    await party.caller.messages.startThread({
      vendorId: listing.id,
      subject: 'Music for the chuppah',
      messageText: 'Are you free in June?',
    });
    const res = await client.app.inject({
      method: 'GET',
      url: '/messages',
      headers: { cookie: await h.cookieFor(party.user.id) },
    });
    const { root, state } = parts(res.body);
    expect(root).toContain('Drawn Threads Band');
    const threads = [...queries(state)].find(([key]) => key.startsWith('[["messages","threads"]'));
    expect(threads?.[0]).toBe(
      JSON.stringify([['messages', 'threads'], { input: { limit: 20 }, type: 'infinite' }]),
    );
    const pages =
      (threads?.[1] as { pages: { items: { vendorName?: string }[] }[]; pageParams: unknown[] }) ?? null;
    expect(pages?.pageParams).toEqual([null]);
    expect(pages?.pages).toHaveLength(1);
  });

  it("draw the vendor's and the admin's dashboards whole, with their data", async () => {
    const vendor = await h.signedIn('vendor');
    await createVendor(h.db, {
      businessName: 'Drawn Dashboard Caterers',
      category: 'Caterers',
      ownerId: vendor.user.id,
      claimed: true,
    });
    const admin = await h.signedIn('admin');
    for (const [who, url, shown] of [
      [vendor, '/vendor-dashboard', 'Drawn Dashboard Caterers'],
      [admin, '/admin-dashboard', 'Total users'],
      [admin, '/admin-dashboard?tab=vendors', 'Drawn Dashboard Caterers'],
    ] as const) {
      const res = await client.app.inject({
        method: 'GET',
        url,
        headers: { cookie: await h.cookieFor(who.user.id) },
      });
      expect(res.statusCode).toBe(200);
      const { root } = parts(res.body);
      expect(root, url).toContain(shown);
      // No part left for the browser to draw again (a boundary the server gave up on).
      expect(root, url).not.toContain('<!--$!-->');
      expect(firstQueries(res.body), url).toEqual([]);
    }
  });

  it('leave a query the server could not answer to the browser, named, with its skeleton drawn', async () => {
    const party = await h.signedIn('customer');
    // A query that fails on the server (a slow or broken read): drawn without it, and named.
    const failing = new PagePrerender(h.db, undefined, { share: 1 });
    await failing.warm(client.app.log);
    const refusing: AnswerQuery = (path, input) => {
      if (path === 'events.list') return Promise.reject(new Error('database away'));
      const procedure = path
        .split('.')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], party.caller);
      return (procedure as (input: unknown) => Promise<unknown>)(input);
    };
    const page = await failing.signedIn(
      'http://localhost',
      '/events',
      'en',
      party.user,
      {
        viewport: 'wide',
        today: '2026-12-01',
        zone: 'America/New_York',
        now: Date.parse('2026-12-01T15:00:00Z'),
      },
      refusing,
      client.app.log,
    );
    expect(page?.firstQueries?.map((q) => q.path)).toEqual(['events.list']);
    const byKey = queries(page?.state);
    expect(byKey.has(JSON.stringify([['events', 'list'], { type: 'query' }]))).toBe(false);
    expect(byKey.has(JSON.stringify([['messages', 'unreadCount'], { type: 'query' }]))).toBe(true);
  });

  it("count only their own drawing in the thread's share: waiting for their data, they let another page be drawn", async () => {
    const party = await h.signedIn('customer');
    let clock = 0;
    // Half the thread: a drawing of d ms rests the renderer for d ms after it.
    const prerender = new PagePrerender(h.db, undefined, { share: 0.5, now: () => clock });
    await prerender.warm(client.app.log);
    const viaCaller: AnswerQuery = (path, input) => {
      const procedure = path
        .split('.')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], party.caller);
      return (procedure as (input: unknown) => Promise<unknown>)(input);
    };
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = () => {};
    const waiting = new Promise<void>((resolve) => {
      asked = resolve;
    });
    // The first page's reads take a long while (ten seconds on the clock), the database being slow.
    const slow: AnswerQuery = async (path, input) => {
      asked();
      await released;
      clock += 10_000;
      return viaCaller(path, input);
    };
    const drawnFor = {
      viewport: 'wide',
      today: '2026-12-01',
      zone: 'America/New_York',
      now: Date.parse('2026-12-01T15:00:00Z'),
    } as const;
    const first = prerender.signedIn(
      'http://localhost',
      '/events',
      'en',
      party.user,
      drawnFor,
      slow,
      client.app.log,
    );
    // While it waits, another page is drawn.
    await waiting;
    const second = await prerender.signedIn(
      'http://localhost',
      '/dashboard',
      'en',
      party.user,
      drawnFor,
      viaCaller,
      client.app.log,
    );
    expect(second?.html).toContain('href="/events"');
    release();
    expect((await first)?.html).toContain('href="/events"');
    // Its ten seconds of waiting rest nothing: the next page is drawn at once.
    const third = await prerender.signedIn(
      'http://localhost',
      '/calendar',
      'en',
      party.user,
      drawnFor,
      viaCaller,
      client.app.log,
    );
    expect(third).not.toBeNull();
  });

  it('are drawn with queries only: a mutation or an unknown path is never called', async () => {
    const party = await h.signedIn('customer');
    const answer = answerWith({ ...party.ctx });
    await expect(answer('events.create', { title: 'Drawn into being', type: 'Wedding' })).rejects.toThrow(
      /not a query/,
    );
    await expect(answer('events.nothingHere', {})).rejects.toThrow(/not a query/);
    await expect(answer('__proto__', {})).rejects.toThrow(/not a query/);
    const { count } = await h.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('title', '=', 'Drawn into being')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it("follow the window's width and the time zone the browser keeps in its cookies", async () => {
    const party = await h.signedIn('customer');
    // Fourteen hours ahead of UTC: its day is the next one for ten hours of each day.
    const cookie = `${await h.cookieFor(party.user.id)}; viewport=wide; tz=${encodeURIComponent('Pacific/Kiritimati')}`;
    const today = civilDateIn('Pacific/Kiritimati', new Date());
    const res = await client.app.inject({
      method: 'GET',
      url: '/events',
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
    });
    // Not the server's zone (which the tests keep elsewhere): the frame and the skeleton, drawn for
    // that day, with the page's queries named for the browser (decision 048 draws data only for a
    // browser in the server's zone, whose times it draws).
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('Pacific/Kiritimati');
    expect(res.body).toMatch(
      new RegExp(
        `<div id="root" data-viewport="wide" data-today="${today}" data-now="\\d+" data-parts="email-confirmation-banner">`,
      ),
    );
    expect(queries(parts(res.body).state).has(JSON.stringify([['events', 'list'], { type: 'query' }]))).toBe(
      false,
    );
    expect(firstQueries(res.body).map((q) => q.path)).toContain('events.list');
  });

  it('are left to the browser without a valid session, and for pages that are not behind sign-in', async () => {
    const party = await h.signedIn('customer');
    const cookie = await h.cookieFor(party.user.id);
    for (const [url, headers] of [
      ['/dashboard', { cookie: `${SESSION_COOKIE}=not-a-session` }],
      ['/about', { cookie }],
      ['/login-customer', { cookie }],
    ] as const) {
      const res = await client.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
