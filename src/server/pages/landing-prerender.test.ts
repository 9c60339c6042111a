import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_STATE_ID } from '../../shared/constants';
import { buildServer } from '../app';
import { SESSION_COOKIE } from '../auth/sessions';
import { createVendor } from '../db/factories';
import { siteFigures } from '../meta/site-figures';
import { createHarness, type TestHarness } from '../test/harness';
import { HtmlTemplate } from './html-head';
import { LandingPrerender } from './landing-prerender';

const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/assets/index-abc.js"></script>\n  </body>\n</html>\n';

let h: TestHarness;
let app: FastifyInstance;
let clientDir: string;
beforeAll(async () => {
  h = await createHarness();
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-client-'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  const landing = new LandingPrerender(h.deps.db);
  app = await buildServer({ ...h.deps, config: { ...h.deps.config, clientDir } }, { landing });
  // The renderer is the client's code with React DOM's server renderer and Chakra: seconds to load.
  await landing.warm(app.log);
}, 120_000);
afterAll(async () => {
  await app.close();
  await h.close();
  await rm(clientDir, { recursive: true, force: true });
});

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
    await createVendor(h.db, { businessName: 'Drawn Hall', category: 'Venues' });
    const res = await app.inject({ method: 'GET', url: '/' });
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
    const figures = await siteFigures(h.deps.db, new Date());
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
      const res = await app.inject({ method: 'GET', url, cookies });
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
