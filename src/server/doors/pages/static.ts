import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { TRPCError } from '@trpc/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientPath, isSignedInPath } from '../../../shared/client-paths';
import { LANGUAGE_PARAM, type Language } from '../../../shared/i18n';
import {
  civilDateIn,
  isViewport,
  TIME_ZONE_COOKIE,
  VIEWPORT_COOKIE,
  viewportFromUserAgent,
} from '../../../shared/viewport';
import { SESSION_COOKIE } from '../../domains/auth/sessions';
import { unavailabilityOf } from '../../platform/db/db-errors';
import { varyOnAcceptEncoding } from '../../platform/http/compression';
import { errorBody } from '../../platform/http/errors';
import { digestOf, noneMatchHolds, strongTag, VersionsRead } from '../../platform/http/etag';
import type { AppDeps } from '../../platform/trpc/context';
import { contextFromRequest } from '../request-context';
import { pageLanguage } from '../request-language';
import { createCaller } from '../trpc/app-router';
import { HtmlTemplate } from './html-head';
import { answerWith } from './page-answers';
import { pageHeadFor, segment, siteHead } from './page-heads';
import type { DrawnPage, PagePrerender } from './page-prerender';

const API_PREFIXES = ['/api/', '/api', '/trpc/', '/uploads/'];

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(p));
}

/** Whether a URL has no query but its language (`?lang=he`): the page as opened from a link. */
function onlyLanguageInQuery(url: string): boolean {
  const query = url.split('?')[1];
  if (query === undefined) return true;
  const keys = [...new URLSearchParams(query).keys()];
  return keys.every((key) => key === LANGUAGE_PARAM);
}

/** A missing file under /assets/ (or any source map) is a 404, not the app's page. */
function isAssetPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname.startsWith('/assets/') || pathname.endsWith('.map');
}

/** The server's own time zone, for a signed-in page drawn before the browser has said its own. */
const SERVER_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

function notFound(req: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`));
}

/**
 * The drawn pages' boot script (src/client/boot.ts, decision 025) as the build's manifest names it;
 * the manifest lies beside the client folder (vite.config.ts). Without it, drawn pages name the
 * app's scripts as every other page does.
 */
function bootScriptOf(clientDir: string, log: FastifyBaseLogger): string | undefined {
  const manifestFile = path.join(clientDir, '..', 'client-manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file?: unknown }>;
    const file = manifest['src/client/boot.ts']?.file;
    return typeof file === 'string' ? `/${file}` : undefined;
  } catch (error) {
    log.warn(`${manifestFile} unreadable, drawn pages name the app's scripts: ${(error as Error).message}`);
    return undefined;
  }
}

/** The longest start-up waits for the first pages to be drawn before it listens anyway. */
const WARM_UP_WAIT_MS = 60_000;

/**
 * Before the server listens: loads the page renderer and draws the landing page and the marketplace
 * once, as a visitor asks for them, so that no visitor waits for (and no one else is held up by) the
 * renderer's first, slow drawing. Null when there is no built web app to draw pages for, or when the
 * drawing took longer than WARM_UP_WAIT_MS (logged). A vendor's profile is left out: asking for one
 * counts a visit; it shares most of its code with these two.
 */
export async function warmUpPages(app: FastifyInstance, prerender: PagePrerender, clientDir: string) {
  if (!existsSync(path.join(clientDir, 'index.html'))) return null;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WARM_UP_WAIT_MS);
  });
  const warmed = prerender.warmUp(async () => {
    for (const url of ['/', '/marketplace']) await app.inject({ method: 'GET', url });
  }, app.log);
  const outcome = await Promise.race([warmed, gaveUp]).finally(() => clearTimeout(timer));
  if (!outcome) app.log.warn(`Pages not drawn ahead within ${WARM_UP_WAIT_MS} ms: listening anyway`);
  return outcome;
}

/**
 * Serves the built SPA (when present) and answers every unknown path: JSON 404 under /api and /trpc,
 * index.html for other GETs so the client router can render the page or its own 404; a path the app
 * has no page for (shared/client-paths.ts), or a listing that is not there, is answered 404 with it.
 *
 * The built files are served as written at build time, with the .br or .gz copy vite.config.ts
 * writes beside each when the browser takes it (preCompressed). index.html is answered by a route of
 * its own rather than the not-found handler, so that its head can carry the page's title, canonical
 * link and link-preview tags (pages/page-heads.ts), and so that it is compressed like any other
 * answer.
 */
export async function staticAndFallback(
  app: FastifyInstance,
  opts: { clientDir: string; deps: AppDeps; prerender?: PagePrerender },
): Promise<void> {
  const indexHtml = path.join(opts.clientDir, 'index.html');
  const hasClient = existsSync(indexHtml);
  if (hasClient) {
    // The built files are read from disk as they are (their compressed copies too): next to no work
    // for the event loop, and a page needs every one of them, so load shedding lets them through.
    let fileRoutes = true;
    app.addHook('onRoute', (route) => {
      if (fileRoutes) route.config = { ...route.config, shed: false };
    });
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps stay on the build machine for error reports; visitors never get them.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/; other files must always be revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });

    fileRoutes = false;

    // Read once: every page answer is this template with its own head.
    const templateHtml = readFileSync(indexHtml, 'utf8');
    const bootScript = bootScriptOf(opts.clientDir, app.log);
    const template = new HtmlTemplate(templateHtml, { bootScript });
    /** The build and the origin the pages are written for, as drawn pages' tags name them. */
    const build = JSON.stringify([templateHtml, bootScript ?? null, opts.deps.config.appUrl]);
    const { db, config } = opts.deps;
    const { prerender } = opts;
    // The production server has drawn its first pages before listening (warmUpPages); anywhere else
    // the renderer loads once the server listens, so the first visitor already gets the drawn page.
    if (prerender) app.addHook('onListen', async () => void prerender.warm(app.log));

    /**
     * The page drawn for a visitor (the landing page, the marketplace, a vendor's profile), or null.
     * The marketplace's procedures announce the vendors table's version they read at to `versionsRead`.
     */
    const drawn = async (
      req: FastifyRequest,
      reply: FastifyReply,
      origin: string,
      pathname: string,
      language: Language,
      versionsRead: VersionsRead,
    ) => {
      if (!prerender || req.cookies[SESSION_COOKIE]) return null;
      if (pathname === '/') return prerender.landing(origin, language, req.log);
      // A path the app has no page for: its 404 page, at once rather than after the app's code.
      if (!isClientPath(pathname)) return prerender.notFound(origin, language, req.log);
      // What the browser would ask for: the same procedures, their checks and their answers for a
      // visitor (a profile's visit is counted there, as it would be by the browser's request).
      const caller = async () =>
        createCaller({ ...(await contextFromRequest(opts.deps, req, reply)), versionNotice: versionsRead });
      // The marketplace as opened from a link, unfiltered: a search or a category is the browser's.
      if (/^\/marketplace\/?$/.test(pathname) && onlyLanguageInQuery(req.url)) {
        return prerender.marketplace(
          origin,
          language,
          async (listInput) => {
            const procedures = (await caller()).vendors;
            const [list, featured] = await Promise.all([procedures.list(listInput), procedures.featured({})]);
            return { list, featured };
          },
          req.log,
        );
      }
      const vendorId = /^\/vendor\/([^/]+)\/?$/.exec(pathname)?.[1];
      if (!vendorId) return null;
      // Reading the listing counts the visit: not unless it can be drawn now, or the browser, given
      // the plain page, would read it and count it again.
      if (!prerender.mayDrawVendor(language, segment(vendorId))) {
        void prerender.warm(req.log);
        return null;
      }
      // A listing that is not there (or not an id) is the plain page's "Vendor Not Found"; any other
      // failure is reported by the caller below.
      const vendor = await (await caller()).vendors
        .byId({ id: segment(vendorId) })
        .catch((error: unknown) => {
          if (error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST'))
            return null;
          throw error;
        });
      return vendor ? prerender.vendor(origin, language, vendor, req.log) : null;
    };

    /**
     * A signed-in page as its user first sees it, drawn (decision 047), with the account's language;
     * null when there is no session cookie, no valid session behind it, or no drawing to be had at
     * once (the app then fills the page, as before).
     */
    const signedInDrawing = async (
      req: FastifyRequest,
      reply: FastifyReply,
      origin: string,
      pathname: string,
    ): Promise<{ page: DrawnPage; language: Language } | null> => {
      if (
        !prerender ||
        !config.drawSignedInPages ||
        !req.cookies[SESSION_COOKIE] ||
        !isSignedInPath(pathname)
      )
        return null;
      // The session as auth.session would read it (and renew it).
      const ctx = await contextFromRequest(opts.deps, req, reply);
      const { user } = ctx;
      if (!user) return null;
      const fromCookie = req.cookies[VIEWPORT_COOKIE];
      const viewport = isViewport(fromCookie) ? fromCookie : viewportFromUserAgent(req.headers['user-agent']);
      // Today where the browser is, as its cookie says (the server's own day until it has said).
      const now = new Date();
      const asked = req.cookies[TIME_ZONE_COOKIE];
      const askedToday = asked ? civilDateIn(asked, now) : null;
      const today = askedToday ?? civilDateIn(SERVER_ZONE, now) ?? now.toISOString().slice(0, 10);
      // With its data, the page's queries answered with the person's session (decision 048), for a
      // browser in the server's zone (or one that has not said): the page's times are drawn in the
      // server's zone, and the browser takes them over only where they read the same. Elsewhere,
      // the frame and the skeleton, as before.
      const withData = !askedToday || asked === SERVER_ZONE;
      const page = await prerender.signedIn(
        origin,
        req.url,
        user.language,
        user,
        { viewport, today, now: now.getTime(), ...(withData ? { zone: SERVER_ZONE } : {}) },
        withData ? answerWith(ctx) : undefined,
        req.log,
      );
      return page ? { page, language: user.language } : null;
    };

    // A missing asset or source map is a 404 at no cost: not shed either.
    app.get('/*', { config: { shed: (req) => !isAssetPath(req.url) } }, async (req, reply) => {
      if (isApiPath(req.url) || isAssetPath(req.url)) return notFound(req, reply);
      const origin = config.appUrl;
      const pathname = req.url.split('?')[0] ?? '/';
      // A visitor's landing page, marketplace and vendor profiles come drawn; anyone with a session cookie gets
      // the page the app fills. Drawn before the head is read, so that the head is never older than
      // the version the drawing's data was read at (the page's tag names that version).
      const versionsRead = new VersionsRead();
      let language = pageLanguage(req, reply);
      // A signed-in page, opened with a session: its frame and skeleton come drawn, in the account's
      // language (which the app adopts at once), for that person only (decision 047).
      const member = await signedInDrawing(req, reply, origin, pathname).catch((error: unknown) => {
        req.log.warn(`${pathname} not drawn for its user: ${(error as Error).message}`);
        return null;
      });
      if (member) language = member.language;
      const prerendered: DrawnPage | null = member
        ? member.page
        : await drawn(req, reply, origin, pathname, language, versionsRead).catch((error: unknown) => {
            req.log.warn(`${pathname} not drawn: ${(error as Error).message}`);
            return null;
          });
      // The head in the page's language: its title, description and preview texts, <html lang dir>.
      // The digest of a drawn page's tag covers the language, through the head.
      let head = siteHead(origin, pathname, language);
      try {
        head = await pageHeadFor(db, origin, pathname, language);
      } catch (error) {
        // The page still works without its own head: the app shows what it can read itself.
        if (unavailabilityOf(error)) req.log.warn(`page head of ${pathname}: ${(error as Error).message}`);
        else req.log.error({ err: error }, 'page head failed');
      }
      const html = template.render(head, prerendered ?? undefined);
      // A path the app has no page for, or a listing that is not there (or hidden): the app's "not
      // found", answered as one, so that links checkers and search engines see it for what it is.
      if (head.missing) reply.code(404);
      // The language comes from the cookie, else from Accept-Language (and a link's from its URL).
      // A page drawn for a signed-in person is theirs alone: no shared cache may keep it.
      reply
        .header('cache-control', member ? 'private, no-cache' : 'no-cache')
        .header('vary', 'cookie, accept-language');
      varyOnAcceptEncoding(reply);
      // A drawn marketplace or profile is a visitor's only (the cookie decides, and no session cookie
      // was sent): its tag names the listings' version, and a digest of what the page is made of (the
      // build, the head, the data drawn) covers what the version does not (a listing's
      // responsiveness). Weak: a page drawn again from the same data, here or by another process,
      // differs only in the drawing time its state records. The page the app fills, and every
      // signed-in user's, has no tag, so it is never answered 304 (decision 029).
      const tableVersion = versionsRead.oldest;
      if (prerendered && tableVersion !== undefined && !head.missing) {
        const made = digestOf(JSON.stringify([build, head, prerendered.drawnFrom]));
        const tag = `W/${strongTag(`m${tableVersion}-visitor-${made}`)}`;
        reply.header('etag', tag);
        if (noneMatchHolds(req.headers['if-none-match'], tag)) return reply.code(304).send();
      }
      return reply.header('content-type', 'text/html; charset=utf-8').send(html);
    });
  }

  app.setNotFoundHandler((req, reply) => notFound(req, reply));
}
