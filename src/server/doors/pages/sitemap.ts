import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/create-db';
import { errorBody } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/trpc/context';
import { escapeHtml } from './html-head';
import { PUBLIC_PAGES } from './page-heads';
import { countPublicListings, publicListingIdAt, publicListingsAfter } from './pages.queries';

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
/** Listings read per query while a sitemap streams. */
const BATCH = 2000;

/** Paths only a signed-in person (or one holding a private link) has any use for. */
export const DISALLOWED_PATHS = [
  '/dashboard',
  '/events',
  '/calendar',
  '/profile',
  '/messages',
  '/vendor-dashboard',
  '/admin-dashboard',
  '/share/',
  '/invite/',
  '/api/',
  '/trpc/',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

function urlEntry(loc: string, lastmod?: Date): string {
  const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeHtml(loc)}</loc>${mod}</url>\n`;
}

function pageEntries(origin: string): string {
  return PUBLIC_PAGES.map((p) => urlEntry(`${origin}${p.path}`)).join('');
}

/**
 * Up to `count` public listings after the one at `offset`, read in batches as the answer is written,
 * so memory stays flat whatever the number of listings.
 */
async function* listingEntries(
  db: Db,
  origin: string,
  offset: number,
  count: number,
): AsyncGenerator<string> {
  let after = await publicListingIdAt(db, offset);
  let left = count;
  while (left > 0) {
    const rows = await publicListingsAfter(db, after, Math.min(BATCH, left));
    if (rows.length === 0) return;
    yield rows.map((r) => urlEntry(`${origin}/vendor/${r.id}`, new Date(r.updatedAt))).join('');
    left -= rows.length;
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < BATCH) return;
  }
}

async function* urlset(parts: Array<string | AsyncGenerator<string>>): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for (const part of parts) {
    if (typeof part === 'string') yield part;
    else yield* part;
  }
  yield '</urlset>\n';
}

function sitemapIndex(origin: string, listingFiles: number): string {
  const files = [
    `${origin}/sitemap-pages.xml`,
    ...Array.from({ length: listingFiles }, (_, i) => `${origin}/sitemap-vendors-${i + 1}.xml`),
  ];
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `<sitemap><loc>${escapeHtml(f)}</loc></sitemap>\n`)
    .join('')}</sitemapindex>\n`;
}

const XML_TYPE = 'application/xml; charset=utf-8';
/** Crawlers come back daily at most; an hour keeps a new listing from waiting long. */
const CACHE = 'public, max-age=3600';

/**
 * GET /robots.txt and GET /sitemap.xml. The sitemap lists the public pages and every listing not
 * hidden, with when it last changed. Past 50,000 URLs it becomes a sitemap index naming
 * /sitemap-pages.xml and /sitemap-vendors-N.xml files of at most 50,000 listings each.
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  opts: { deps: AppDeps; maxUrlsPerFile?: number },
): Promise<void> {
  const { db, config } = opts.deps;
  const perFile = opts.maxUrlsPerFile ?? SITEMAP_MAX_URLS;

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(robotsTxt(config.appUrl)),
  );

  app.get('/sitemap.xml', async (_req, reply) => {
    const origin = config.appUrl;
    const listings = await countPublicListings(db);
    reply.header('content-type', XML_TYPE).header('cache-control', CACHE);
    if (PUBLIC_PAGES.length + listings > perFile) {
      return reply.send(sitemapIndex(origin, Math.ceil(listings / perFile)));
    }
    return reply.send(Readable.from(urlset([pageEntries(origin), listingEntries(db, origin, 0, perFile)])));
  });

  app.get('/sitemap-pages.xml', async (_req, reply) =>
    reply
      .header('content-type', XML_TYPE)
      .header('cache-control', CACHE)
      .send(`${URLSET_OPEN}${pageEntries(config.appUrl)}</urlset>\n`),
  );

  app.get<{ Params: { n: string } }>('/sitemap-vendors-:n.xml', async (req, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const offset = (n - 1) * perFile;
    // A file past the first exists while it has a first listing, the (offset + 1)-th: that the files
    // before it have a last one says nothing when they are exactly full.
    if (n === 0 || (offset > 0 && (await publicListingIdAt(db, offset + 1)) === null)) {
      return reply.code(404).send(errorBody('NOT_FOUND', 'No such sitemap'));
    }
    return reply
      .header('content-type', XML_TYPE)
      .header('cache-control', CACHE)
      .send(Readable.from(urlset([listingEntries(db, config.appUrl, offset, perFile)])));
  });
}
