import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_ART } from '../../../shared/category-art';
import { buildServer } from '../../app';
import { createEvent, createUser, createVendor } from '../../demo/factories';
import { createHarness, type TestHarness } from '../../test/harness';
import { escapeHtml, summarize } from './html-head';
import { BRAND_MARK_PATHS } from './og-images';
import { SITEMAP_MAX_URLS, sitemapRoutes } from './sitemap';

let h: TestHarness;
let app: FastifyInstance;
let withDefaultUrl: FastifyInstance;
let clientDir: string;

const ORIGIN = 'https://simchahub.example';
const UPLOAD_ID = '0b8f2a4e-5c1d-4e3f-9a7b-1c2d3e4f5a6b';

beforeAll(async () => {
  h = await createHarness();
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-client-'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The template's own description." />
    <title>SimchaHub · Plan your simcha</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  app = await buildServer({ ...h.deps, config: { ...h.deps.config, clientDir, appUrl: ORIGIN } });
  // As configured without APP_URL (development): the listening address.
  withDefaultUrl = await buildServer({ ...h.deps, config: { ...h.deps.config, clientDir } });
});
afterAll(async () => {
  await app.close();
  await withDefaultUrl.close();
  await h.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** The content of every <meta> of the head, by name or property (the first of each). */
function metaOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    const [, key, value] = m;
    if (key && value !== undefined && !(key in out)) out[key] = value;
  }
  return out;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

async function page(url: string, server = app, status = 200, headers: Record<string, string> = {}) {
  // No Accept-Encoding: the page as a script without JavaScript reads it.
  const res = await server.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  const html = res.body;
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  return {
    html,
    title: title && unescapeHtml(title),
    canonical,
    meta: metaOf(html),
    vary: String(res.headers.vary ?? ''),
  };
}

describe('link previews of a listing', () => {
  it('fills the head of /vendor/<id> with the listing, counting no profile view', async () => {
    const longDescription = `${'A garden hall for weddings with a covered chuppah area. '.repeat(6)}The end.`;
    const vendor = await createVendor(h.db, {
      businessName: 'Garden Hall',
      category: 'Venues',
      city: 'Teaneck',
      state: 'NJ',
      description: longDescription,
      imageUrl: `/uploads/${UPLOAD_ID}.webp`,
    });
    const { title, canonical, meta, html } = await page(`/vendor/${vendor.id}`);
    expect(title).toBe('Garden Hall · Venue in Teaneck, NJ | SimchaHub');
    expect(meta['og:title']).toBe('Garden Hall · Venue in Teaneck, NJ | SimchaHub');
    expect(meta.description).toBe(summarize(longDescription));
    expect(meta.description?.length).toBeLessThanOrEqual(160);
    expect(meta.description).toMatch(/…$/);
    expect(meta['og:description']).toBe(meta.description);
    expect(meta['og:type']).toBe('website');
    expect(meta['og:site_name']).toBe('SimchaHub');
    expect(meta['og:url']).toBe(`${ORIGIN}/vendor/${vendor.id}`);
    expect(canonical).toBe(`${ORIGIN}/vendor/${vendor.id}`);
    // The 1280-pixel copy every upload has, as an absolute URL.
    expect(meta['og:image']).toBe(`${ORIGIN}/uploads/${UPLOAD_ID}-1280.webp`);
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['twitter:title']).toBe(meta['og:title']);
    expect(meta['twitter:description']).toBe(meta.description);
    expect(meta['twitter:image']).toBe(meta['og:image']);
    expect(meta.robots).toBeUndefined();
    expect(html).not.toContain("The template's own description.");

    const stats = await h.db
      .selectFrom('vendorDailyStats')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('vendorId', '=', vendor.id)
      .executeTakeFirstOrThrow();
    expect(Number(stats.n)).toBe(0);
  });

  it('escapes whatever the listing says', async () => {
    const name = `Evil "Hall" <script>alert('x')</script> & Sons`;
    const vendor = await createVendor(h.db, {
      businessName: name,
      category: 'Caterers',
      city: '<b>Brooklyn</b>',
      description: `"><script>alert(1)</script><meta http-equiv="refresh" content="0;url=https://evil.example">`,
      imageUrl: `https://img.example/a.jpg?x="><script>alert(2)</script>`,
    });
    const { html, title, meta } = await page(`/vendor/${vendor.id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<meta http-equiv');
    expect(html).not.toContain('<b>Brooklyn');
    // Exactly the template's one script and the tags we write: nothing broke out of an attribute.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(title).toBe(`${name} · Caterer in <b>Brooklyn</b> | SimchaHub`);
    expect(html).toContain(escapeHtml(name));
    expect(unescapeHtml(meta['og:title'] ?? '')).toBe(title);
    expect(unescapeHtml(meta['og:image'] ?? '')).toBe(
      `https://img.example/a.jpg?x="><script>alert(2)</script>`,
    );
  });

  it('tells nothing of a hidden listing or an unknown id', async () => {
    const hidden = await createVendor(h.db, {
      businessName: 'Secret Hidden Caterer',
      category: 'Caterers',
      hidden: true,
      hiddenAt: new Date(),
      hiddenReason: 'spam',
    });
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%C3%A9']) {
      // The app's "not found", answered as one.
      const { html, title, canonical, meta } = await page(`/vendor/${id}`, app, 404);
      expect(html, id).not.toContain('Secret Hidden');
      expect(title, id).toBe('SimchaHub · Plan your simcha');
      expect(canonical, id).toBeUndefined();
      expect(meta.robots, id).toBe('noindex');
      expect(meta['og:image'], id).toBeUndefined();
    }
  });

  it('shows a listing without a photo with its category’s drawing, as a PNG previews can show', async () => {
    const vendor = await createVendor(h.db, { businessName: 'Bare Florist', category: 'Florists' });
    const { meta, title } = await page(`/vendor/${vendor.id}`);
    expect(title).toBe('Bare Florist · Florist | SimchaHub');
    expect(meta['og:image']).toBe(`${ORIGIN}/og/florists.png`);
    expect(meta['og:image:type']).toBe('image/png');
    expect(meta['og:image:width']).toBe('1200');
    expect(meta['og:image:height']).toBe('630');
    expect(meta['og:image:alt']).toBe('SimchaHub’s drawing for florists');
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(meta['twitter:image']).toBe(meta['og:image']);
    expect(meta['twitter:image:alt']).toBe(meta['og:image:alt']);
    await expectPicture(meta['og:image']);
  });

  it('shows the drawing in place of an SVG cover, and the fallback drawing for other categories', async () => {
    const drawn = await createVendor(h.db, {
      businessName: 'Drawn Florist',
      category: 'Florists',
      imageUrl: '/images/categories/florists.svg',
    });
    expect((await page(`/vendor/${drawn.id}`)).meta['og:image']).toBe(`${ORIGIN}/og/florists.png`);
    const other = await createVendor(h.db, { businessName: 'Paper Goods', category: 'Invitations' });
    const { meta } = await page(`/vendor/${other.id}`);
    expect(meta['og:image']).toBe(`${ORIGIN}/og/other.png`);
    await expectPicture(meta['og:image']);
  });
});

/** The picture at `url` (one of this server's): a 1200 × 630 PNG anyone may show, cached. */
async function expectPicture(url: string | undefined) {
  expect(url?.startsWith(`${ORIGIN}/`), url).toBe(true);
  const res = await app.inject({ method: 'GET', url: (url ?? '').slice(ORIGIN.length) });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('image/png');
  expect(res.headers['cache-control'], url).toMatch(/^public, max-age=\d+/);
  expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
  const info = await sharp(res.rawPayload).metadata();
  expect([info.format, info.width, info.height], url).toEqual(['png', 1200, 630]);
  expect(res.rawPayload.length, url).toBeLessThan(300_000);
  return res;
}

describe('link preview pictures', () => {
  it('answers every category’s drawing and the brand’s, revalidated by ETag', async () => {
    const names = [...Object.keys(CATEGORY_ART).map((c) => c.toLowerCase()), 'other', 'simchahub'];
    const tags = new Set<string>();
    for (const name of names) {
      const res = await expectPicture(`${ORIGIN}/og/${name}.png`);
      const etag = String(res.headers.etag);
      tags.add(etag);
      const again = await app.inject({
        method: 'GET',
        url: `/og/${name}.png`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode, name).toBe(304);
    }
    // Each is a picture of its own.
    expect(tags.size).toBe(names.length);
    const head = await app.inject({ method: 'HEAD', url: '/og/venues.png' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a picture it does not draw', async () => {
    for (const url of ['/og/nope.png', '/og/venues.jpg', '/og/Venues.png', '/og/../favicon.svg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toBe('image/png');
    }
  });

  it('draws the brand’s star as the favicon draws it', async () => {
    const favicon = await readFile(path.join(import.meta.dirname, '../../../../public/favicon.svg'), 'utf8');
    for (const d of BRAND_MARK_PATHS) expect(favicon).toContain(`d="${d}"`);
  });
});

describe('link previews of a shared event', () => {
  it('shows the title and date of a public event only', async () => {
    const owner = await createUser(h.db);
    const event = await createEvent(h.db, owner.id, {
      title: 'Sarah & David’s Wedding',
      date: new Date('2027-06-14T04:00:00Z'),
      venue: 'The Secret Venue',
      isPublic: true,
    });
    const { title, meta, html, canonical } = await page(`/share/${event.shareId}`);
    expect(title).toBe('Sarah & David’s Wedding · Monday, June 14, 2027 | SimchaHub');
    expect(meta['og:title']).toBe(escapeHtml(title ?? ''));
    expect(meta['og:url']).toBe(`${ORIGIN}/share/${event.shareId}`);
    expect(html).not.toContain('Secret Venue');
    expect(meta.robots).toBe('noindex');
    expect(meta['og:image']).toBe(`${ORIGIN}/og/simchahub.png`);
    expect(canonical).toBeUndefined();
  });

  it('never tells the title of a private event', async () => {
    const owner = await createUser(h.db);
    const event = await createEvent(h.db, owner.id, { title: 'Private Engagement Party', isPublic: false });
    for (const id of [event.shareId, '00000000-0000-4000-8000-000000000000', 'junk']) {
      const { html, title, meta } = await page(`/share/${id}`);
      expect(html, id).not.toContain('Private Engagement');
      expect(title, id).toBe('SimchaHub · Plan your simcha');
      expect(meta['og:title'], id).toBe('SimchaHub · Plan your simcha');
      expect(meta['og:url'], id).toBe(`${ORIGIN}/`);
    }
  });
});

describe('public pages', () => {
  it('give the landing page, the marketplace and the info pages a canonical link', async () => {
    for (const [url, canonical] of [
      ['/', `${ORIGIN}/`],
      ['/marketplace?category=Venues', `${ORIGIN}/marketplace`],
      ['/about', `${ORIGIN}/about`],
      ['/help', `${ORIGIN}/help`],
      ['/pricing/', `${ORIGIN}/pricing`],
      ['/vendor-help', `${ORIGIN}/vendor-help`],
      ['/terms', `${ORIGIN}/terms`],
      ['/privacy', `${ORIGIN}/privacy`],
      ['/contact', `${ORIGIN}/contact`],
    ] as const) {
      const result = await page(url);
      expect(result.canonical, url).toBe(canonical);
      expect(result.meta['og:url'], url).toBe(canonical);
      // The brand's picture, drawn as a PNG by the server.
      expect(result.meta['og:image'], url).toBe(`${ORIGIN}/og/simchahub.png`);
      expect(result.meta['og:image:width'], url).toBe('1200');
      expect(result.meta['twitter:card'], url).toBe('summary_large_image');
    }
    await expectPicture(`${ORIGIN}/og/simchahub.png`);
    expect((await page('/marketplace')).title).toBe('Browse Vendors | SimchaHub');
  });

  it('give signed-in pages the site tags and no canonical link', async () => {
    for (const url of ['/dashboard', '/messages']) {
      const { canonical, title } = await page(url);
      expect(canonical, url).toBeUndefined();
      expect(title, url).toBe('SimchaHub · Plan your simcha');
    }
    // A path the app has no page for is its 404 page, kept out of search results.
    const { canonical, title, meta } = await page('/no-such-page', app, 404);
    expect(canonical).toBeUndefined();
    expect(title).toBe('Page not found · SimchaHub');
    expect(meta.robots).toBe('noindex');
  });

  it('never take their origin from the Host header a request was sent with', async () => {
    const local = h.deps.config.appUrl;
    expect(local).toBe(`http://localhost:${h.deps.config.port}`);
    for (const server of [app, withDefaultUrl]) {
      const origin = server === app ? ORIGIN : local;
      for (const url of ['/about', '/robots.txt', '/sitemap.xml', '/sitemap-pages.xml']) {
        const res = await server.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('evil.example');
        expect(res.body, url).toContain(origin);
      }
    }
  });
});

describe('heads in the visitor’s language', () => {
  const hebrew = { 'accept-language': 'he-IL,he;q=0.9,en;q=0.8' };

  it('titles and describes the public pages in Hebrew, by link, cookie or browser, and in English as before', async () => {
    const market = await page('/marketplace?lang=he');
    expect(market.html).toContain('<html lang="he" dir="rtl">');
    expect(market.title).toBe('מדריך הספקים | SimchaHub');
    expect(market.meta.description).toBe(
      'אולמות וגנים, קייטרינג כשר, צלמים, מוזיקאים ומעצבי פרחים שמכירים שמחות יהודיות. השוו ביניהם ובררו זמינות לתאריך שלכם.',
    );
    expect(market.meta['og:title']).toBe('מדריך הספקים | SimchaHub');
    expect(market.meta['og:description']).toBe(market.meta.description);
    expect(market.meta['twitter:title']).toBe('מדריך הספקים | SimchaHub');
    expect(market.meta['twitter:description']).toBe(market.meta.description);
    expect(market.meta['og:locale']).toBe('he_IL');
    expect(market.meta['og:image:alt']).toBe('הכוכב של SimchaHub');
    expect(market.canonical).toBe(`${ORIGIN}/marketplace?lang=he`);

    const about = await page('/about', app, 200, hebrew);
    expect(about.title).toBe('אודות SimchaHub');
    expect(about.meta.description).toBe(
      'למה בנינו את SimchaHub, ואיך משפחות מתכננות בעזרתו את השמחות שלהן יחד.',
    );
    expect(about.vary).toMatch(/accept-language/);
    expect(about.vary).toMatch(/cookie/);
    const landing = await page('/', app, 200, { cookie: 'lang=he' });
    expect(landing.title).toBe('SimchaHub · תכננו את השמחה שלכם');
    expect(landing.meta.description).toBe(
      'SimchaHub: תכננו חתונות, בר ובת מצווה ואירוסין, ומצאו ספקים שאפשר לסמוך עליהם לשמחה שלכם.',
    );
    const missing = await page('/no-such-page?lang=he', app, 404);
    expect(missing.title).toBe('הדף לא נמצא · SimchaHub');

    // English, asked for or not, is as it always was.
    const english = await page('/about?lang=en', app, 200, { cookie: 'lang=he', 'accept-language': 'he' });
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.title).toBe('About SimchaHub');
    expect(english.meta.description).toBe(
      'Why we built SimchaHub, and how families plan their simchas together with it.',
    );
    expect(english.meta['og:image:alt']).toBe('The SimchaHub star');
    expect((await page('/')).title).toBe('SimchaHub · Plan your simcha');
    expect((await page('/pricing')).meta['og:description']).toBe(
      'What SimchaHub costs families and vendors.',
    );
  });

  it('names a listing’s category and place in Hebrew, its business name as written', async () => {
    const vendor = await createVendor(h.db, {
      businessName: 'Garden Hall',
      category: 'Venues',
      city: 'Teaneck',
      state: 'NJ',
      description: null,
    });
    const he = await page(`/vendor/${vendor.id}?lang=he`);
    expect(he.title).toBe('Garden Hall · אולם ב-Teaneck, NJ | SimchaHub');
    expect(he.meta['og:title']).toBe(he.title);
    expect(he.meta.description).toBe(
      'Garden Hall: אולם ב-Teaneck, NJ. צפו בתמונות ובפרטים, ובררו זמינות לתאריך שלכם ב-SimchaHub.',
    );
    expect(he.meta['twitter:description']).toBe(he.meta.description);
    expect(he.meta['og:image:alt']).toBe('האיור של SimchaHub לאולמות וגנים');

    const en = await page(`/vendor/${vendor.id}`);
    expect(en.title).toBe('Garden Hall · Venue in Teaneck, NJ | SimchaHub');
    expect(en.meta.description).toBe(
      'Garden Hall: Venue in Teaneck, NJ. See photos and details, and ask about your date on SimchaHub.',
    );
    expect(en.meta['og:image:alt']).toBe('SimchaHub’s drawing for venues');

    // A category without a word of its own: English shows it as stored, Hebrew names what it is.
    const other = await createVendor(h.db, { businessName: 'Paper Goods', category: 'Invitations' });
    expect((await page(`/vendor/${other.id}`)).title).toBe('Paper Goods · Invitations | SimchaHub');
    const otherHe = await page(`/vendor/${other.id}?lang=he`);
    expect(otherHe.title).toBe('Paper Goods · הזמנות לאירועים | SimchaHub');
    expect(otherHe.meta['og:image:alt']).toBe('האיור של SimchaHub לדף עסק');
  });

  it('dates a shared event in Hebrew, its title as its owner wrote it', async () => {
    const owner = await createUser(h.db);
    const event = await createEvent(h.db, owner.id, {
      title: 'Sarah & David’s Wedding',
      date: new Date('2027-06-14T04:00:00Z'),
      isPublic: true,
    });
    const { title, meta } = await page(`/share/${event.shareId}`, app, 200, hebrew);
    expect(title).toBe('Sarah & David’s Wedding · יום שני, 14 ביוני 2027 | SimchaHub');
    expect(unescapeHtml(meta['og:description'] ?? '')).toBe(
      'Sarah & David’s Wedding, יום שני, 14 ביוני 2027. שותף דרך SimchaHub.',
    );
    expect(meta['og:locale']).toBe('he_IL');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows public pages, keeps signed-in ones out and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    // The whole file as crawlers read it: every signed-in path and private link kept out, in order.
    expect(res.body).toBe(`User-agent: *
Allow: /
Disallow: /dashboard
Disallow: /events
Disallow: /calendar
Disallow: /profile
Disallow: /messages
Disallow: /vendor-dashboard
Disallow: /admin-dashboard
Disallow: /share/
Disallow: /invite/
Disallow: /api/
Disallow: /trpc/

Sitemap: ${ORIGIN}/sitemap.xml
`);
    const lines = res.body.split('\n');
    expect(lines).not.toContain('Disallow: /vendor/');
    expect(lines).not.toContain('Disallow: /marketplace');
  });

  it('sitemap.xml lists the public pages and every listing not hidden, with lastmod', async () => {
    const shown = await createVendor(h.db, { businessName: 'Sitemap Shown Hall', category: 'Venues' });
    const hidden = await createVendor(h.db, {
      businessName: 'Sitemap Hidden Hall',
      category: 'Venues',
      hidden: true,
      hiddenAt: new Date(),
    });
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of [
      '/',
      '/marketplace',
      '/about',
      '/help',
      '/pricing',
      '/vendor-help',
      '/terms',
      '/privacy',
      '/contact',
    ]) {
      expect(locs, p).toContain(`${ORIGIN}${p}`);
    }
    expect(locs).toContain(`${ORIGIN}/vendor/${shown.id}`);
    expect(locs).not.toContain(`${ORIGIN}/vendor/${hidden.id}`);
    const entry = new RegExp(`<url><loc>${ORIGIN}/vendor/${shown.id}</loc><lastmod>([^<]+)</lastmod></url>`);
    const lastmod = entry.exec(xml)?.[1];
    expect(lastmod && new Date(lastmod).getTime()).toBe(new Date(shown.updatedAt).getTime());

    const visible = await h.db
      .selectFrom('vendors')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('hidden', '=', false)
      .executeTakeFirstOrThrow();
    expect(locs.filter((l) => l?.includes('/vendor/'))).toHaveLength(Number(visible.n));
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('pages past the first file of listings answer 404 until there are that many', async () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const first = await app.inject({ method: 'GET', url: '/sitemap-vendors-1.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('/vendor/');
    const second = await app.inject({ method: 'GET', url: '/sitemap-vendors-2.xml' });
    expect(second.statusCode).toBe(404);
    const pages = await app.inject({ method: 'GET', url: '/sitemap-pages.xml' });
    expect(pages.body).toContain(`<loc>${ORIGIN}/about</loc>`);
    expect(pages.body).not.toContain('/vendor/');
  });
});

describe('a sitemap past its limit of URLs', () => {
  it('becomes an index of files within the limit, every listing in exactly one of them', async () => {
    // The same routes with a limit of 4 URLs a file instead of 50,000.
    const small = Fastify();
    await small.register(sitemapRoutes, {
      deps: { ...h.deps, config: { ...h.deps.config, appUrl: ORIGIN } },
      maxUrlsPerFile: 4,
    });
    for (let i = 0; i < 6; i++)
      await createVendor(h.db, { businessName: `Bulk Listing ${i}`, category: 'Venues' });
    // As many listings as fill their files exactly: the file after the last is still not there.
    const before = await h.db.selectFrom('vendors').select('id').where('hidden', '=', false).execute();
    for (let i = 0; i < (4 - (before.length % 4)) % 4; i++)
      await createVendor(h.db, { businessName: `Filling Listing ${i}`, category: 'Venues' });
    const visible = await h.db.selectFrom('vendors').select('id').where('hidden', '=', false).execute();
    expect(visible.length % 4).toBe(0);
    const fileCount = Math.ceil(visible.length / 4);

    const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex ');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      ...Array.from({ length: fileCount }, (_, i) => `${ORIGIN}/sitemap-vendors-${i + 1}.xml`),
    ]);

    const seen: string[] = [];
    for (let n = 1; n <= fileCount; n++) {
      const res = await small.inject({ method: 'GET', url: `/sitemap-vendors-${n}.xml` });
      expect(res.statusCode).toBe(200);
      const ids = [...res.body.matchAll(/<loc>[^<]+\/vendor\/([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThanOrEqual(4);
      seen.push(...ids);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(visible.map((v) => v.id)));
    const past = await small.inject({ method: 'GET', url: `/sitemap-vendors-${fileCount + 1}.xml` });
    expect(past.statusCode).toBe(404);
    await small.close();
  });
});
