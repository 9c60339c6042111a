import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_STATE_ID } from '../../shared/constants';
import { buildServer } from '../app';
import { SESSION_COOKIE } from '../auth/sessions';
import { createVendor } from '../db/factories';
import { siteFigures } from '../meta/site-figures';
import { builtClientForFile } from '../test/client-build';
import { HtmlTemplate } from './html-head';
import { PagePrerender } from './page-prerender';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </body>\n</html>\n';

// Every page drawn as asked (its share of the thread is tested on its own below).
const client = builtClientForFile({ 'index.html': INDEX_HTML }, { prerender: { share: 1 } });
const h = client.h;

/** The root element's markup and the data beside it. */
function parts(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="module"/.exec(html)?.[1] ?? '';
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
    // Styles come with it, and nothing needs an inline script (the CSP allows none).
    expect(root).toContain('<style data-emotion=');
    expect(res.body.match(/<script(?![^>]*type="(?:module|application\/json)")[\s>]/g)).toBeNull();
    // The figures it shows are the counted ones, and the browser gets the same data to start from.
    const figures = await siteFigures(h.deps.db, new Date());
    expect(root).toContain(`>${figures.vendors}</`);
    const byKey = queries(state);
    expect(byKey.get(JSON.stringify([['auth', 'session'], { type: 'query' }]))).toEqual({ user: null });
    expect(byKey.get(JSON.stringify([['meta', 'siteFigures'], { type: 'query' }]))).toEqual(figures);
  });

  it('is left to the browser for anyone with a session cookie, and for every other page', async () => {
    const vendor = await createVendor(h.db, { businessName: 'Cookie Caterers', category: 'Caterers' });
    for (const [url, cookies] of [
      ['/', { [SESSION_COOKIE]: 'whatever' }],
      [`/vendor/${vendor.id}`, { [SESSION_COOKIE]: 'whatever' }],
      ['/vendor/00000000-0000-4000-8000-000000000000', {}],
      ['/vendor/not-an-id', {}],
      ['/marketplace', {}],
      ['/about', {}],
    ] as const) {
      const res = await client.app.inject({ method: 'GET', url, cookies });
      expect(res.statusCode, url).toBe(200);
      expect(parts(res.body), url).toEqual({ root: '', state: undefined });
      expect(res.body, url).toContain('<div id="root"></div>');
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
      // A kept drawing costs nothing to serve again.
      const keptA = await server.inject({ method: 'GET', url: `/vendor/${a.id}` });
      expect(parts(keptA.body).root).toBe(parts(drawnA.body).root);
    } finally {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    }
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
