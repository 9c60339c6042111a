import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_STATE_ID } from '../../shared/constants';
import { SESSION_COOKIE } from '../auth/sessions';
import { createVendor } from '../db/factories';
import { siteFigures } from '../meta/site-figures';
import { builtClientForFile } from '../test/client-build';
import { HtmlTemplate } from './html-head';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </body>\n</html>\n';

const client = builtClientForFile({ 'index.html': INDEX_HTML }, { landing: true });

/** The root element's markup and the data beside it. */
function parts(html: string) {
  const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="module"/.exec(html)?.[1] ?? '';
  const state = new RegExp(
    `<script type="application/json" id="${PRERENDERED_STATE_ID}">([^<]*)</script>`,
  ).exec(html)?.[1];
  return { root, state };
}

describe('the landing page drawn for visitors', () => {
  it('comes drawn, with the counted figures and the data the browser starts from', async () => {
    await createVendor(client.h.db, { businessName: 'Drawn Hall', category: 'Venues' });
    const res = await client.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/i);
    const { root, state } = parts(res.body);
    // The page as a visitor sees it, before any script: hero, login buttons, categories, footer.
    expect(root).toContain('Every simcha');
    expect(root).toContain('href="/login-customer"');
    expect(root).toContain('href="/marketplace?category=Venues"');
    expect(root).toMatch(/<footer/);
    // Styles come with it, and nothing needs an inline script (the CSP allows none).
    expect(root).toContain('<style data-emotion=');
    expect(res.body.match(/<script(?![^>]*type="(?:module|application\/json)")[\s>]/g)).toBeNull();
    // The figures it shows are the counted ones, and the browser gets the same data to start from.
    const figures = await siteFigures(client.h.deps.db, new Date());
    expect(root).toContain(`>${figures.vendors}</`);
    const dehydrated = superjson.parse<{ queries: { queryKey: unknown; state: { data: unknown } }[] }>(
      state ?? '',
    );
    const byKey = new Map(dehydrated.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
    expect(byKey.get(JSON.stringify([['auth', 'session'], { type: 'query' }]))).toEqual({ user: null });
    expect(byKey.get(JSON.stringify([['meta', 'siteFigures'], { type: 'query' }]))).toEqual(figures);
  });

  it('is left to the browser for anyone with a session cookie, and for every other page', async () => {
    for (const [url, cookies] of [
      ['/', { [SESSION_COOKIE]: 'whatever' }],
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
