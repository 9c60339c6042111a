import { dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router-dom';
import superjson from 'superjson';
import { DRAWN_STYLE_ATTRIBUTE } from '../shared/constants';
import type { FirstQuery } from '../shared/first-queries';
import type { Language } from '../shared/i18n';
import type { UserDto } from '../shared/schemas/auth';
import type { SiteFiguresDto } from '../shared/schemas/site';
import type { VendorPageDto, VendorView } from '../shared/schemas/vendors';
import type { DrawnFor } from '../shared/viewport';
import { FIRST_FILTERS, vendorListQuery } from './features/marketplace/use-marketplace';
import { fixedCatalogues } from './i18n/catalogue';
import en from './i18n/en';
import he from './i18n/he';
import type { FirstPageMeta } from './lib/first-page';
import { noteDrawnParts } from './lib/lazy-with-preload';
import { setPageClock } from './lib/page-clock';
import { setPageOrigin } from './lib/page-origin';
import { createQueryClient } from './lib/query-client';
import { trpc } from './lib/trpc';
import { Providers } from './providers';
import { routes } from './routes';

/** Both catalogues: the server draws pages in either language. */
const CATALOGUES = fixedCatalogues({ en, he });

async function drawOnce(
  origin: string,
  path: string,
  language: Language,
  queryClient: QueryClient,
  drawnFor?: DrawnFor,
): Promise<{ html: string; parts: string[] }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${origin}${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A signed-in page's times are read at the instant it is drawn for (page-clock.ts); the renderer
  // draws one page at a time (page-prerender.ts), so the clock is the page's.
  setPageClock(drawnFor ? { now: drawnFor.now } : null);
  setPageOrigin(origin);
  const drawnParts = noteDrawnParts();
  try {
    const html = await drawWith(router, context, language, queryClient, drawnFor);
    return { html, parts: drawnParts() };
  } finally {
    drawnParts();
    setPageClock(null);
    setPageOrigin(null);
  }
}

async function drawWith(
  router: ReturnType<typeof createStaticRouter>,
  context: StaticHandlerContext,
  language: Language,
  queryClient: QueryClient,
  drawnFor: DrawnFor | undefined,
): Promise<string> {
  const failed: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers
        queryClient={queryClient}
        language={language}
        catalogues={CATALOGUES}
        viewport={drawnFor?.viewport}
        today={drawnFor?.today}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    // Never split out a finished part to be put in place by an inline script (see below).
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that threw is drawn as its fallback, for the browser to draw again (React's error
      // #419 there, and a page that moves): such a drawing is not served.
      onError: (error) => {
        failed.push(error);
      },
    },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (failed.length > 0)
    throw new Error(`a part of the page could not be drawn: ${String(failed[0])}`, { cause: failed[0] });
  return html;
}

/**
 * A page as a visitor (or, given `user`, that signed-in person) first sees it, drawn by the same
 * components as in the browser from the data given, which the browser hydrates from
 * (src/client/main.tsx), so that its first render matches.
 *
 * The markup must be whole: React moves a large finished part of a page (and any part still waiting)
 * out of place, to be put back by an inline script, and the site's Content-Security-Policy allows no
 * inline script. Prerendering waits for every part; chunks of unlimited size keep each in place, and
 * a drawing that still has a script is refused.
 */
async function prerender(
  origin: string,
  path: string,
  language: Language,
  fill: (queryClient: QueryClient) => void,
  {
    user = null,
    drawnFor,
    answer,
  }: { user?: UserDto | null; drawnFor?: DrawnFor; answer?: AnswerQuery } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(getQueryKey(trpc.auth.session, undefined, 'query'), { user });
  fill(queryClient);
  let drawn = await drawOnce(origin, path, language, queryClient, drawnFor);
  // A page drawn with answers asks what it read, and is drawn again with the answers, as long as a
  // pass brings new ones: a part shown only once its data is there may read more (its own queries).
  for (let pass = 1; answer && pass < DRAW_PASSES; pass++) {
    if (!(await answerQueries(queryClient, answer))) break;
    drawn = await drawOnce(origin, path, language, queryClient, drawnFor);
  }
  if (/<script[\s>]/i.test(drawn.html)) throw new Error(`the drawn page ${path} needs an inline script`);
  const { html, styles } = hoistStyles(drawn.html);
  const state = superjson.stringify(dehydrate(queryClient));
  // The lazily loaded parts drawn, for the browser to load before it takes the page over.
  const parts = drawn.parts.length > 0 ? { parts: drawn.parts } : {};
  // A signed-in page names what it is still to read, and what it was drawn for (decision 047).
  return user
    ? { html, styles, state, ...parts, firstQueries: unansweredQueries(queryClient), ...drawnFor }
    : { html, styles, state, ...parts };
}

/** A style element emotion writes into the markup ahead of the elements that use it. */
const EMOTION_STYLE = /<style data-emotion="([^"]*)"([^>]*)>([\s\S]*?)<\/style>/g;

/**
 * The drawn markup without emotion's style elements, and those elements, in their order, for the
 * page's head, named for the app's style cache (DRAWN_STYLE_ATTRIBUTE, decision 050): it counts their
 * styles as written and leaves them where they are (decision 025).
 */
function hoistStyles(drawn: string): { html: string; styles: string } {
  const styles: string[] = [];
  const html = drawn.replace(EMOTION_STYLE, (_, names: string, attributes: string, css: string) => {
    styles.push(`<style ${DRAWN_STYLE_ATTRIBUTE}="${names}"${attributes}>${css}</style>`);
    return '';
  });
  return { html, styles: styles.join('') };
}

/**
 * The queries a drawing asked for and had no answer to, in the form the browser asks for them (a
 * procedure's path and input): the signed-in page names them, for the browser to start at once
 * beside the page's code (src/client/lib/early-answers.ts). Only queries that were to run (not
 * disabled, not skipped), never lists read page by page.
 */
function unansweredQueries(queryClient: QueryClient): FirstQuery[] {
  return unanswered(queryClient)
    .filter((query) => !query.infinite)
    .map(({ path, input }) => ({ path, input }));
}

/** A query a drawing asked for; a list read page by page with the input of its first page. */
type Asked = FirstQuery & { queryKey: QueryKey; infinite?: { pageParam: unknown } };

/**
 * The queries a drawing asked for and had no answer to. A list read page by page (an infinite query)
 * is among them when it says how its first page is asked (`firstPageMeta`): its query function
 * shapes each page's input its own way.
 */
function unanswered(queryClient: QueryClient): Asked[] {
  const queries: Asked[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'pending') continue;
    const options = query.options as { enabled?: unknown; initialPageParam?: unknown };
    if (options.enabled === false) continue;
    const [path, meta] = query.queryKey as [unknown, { input?: unknown; type?: unknown } | undefined];
    if (!Array.isArray(path) || typeof meta?.input === 'symbol') continue;
    if (meta?.type === 'query')
      queries.push({ path: path.join('.'), input: meta.input, queryKey: query.queryKey });
    const firstPage = (query.meta as FirstPageMeta | undefined)?.firstPageInput;
    if (meta?.type === 'infinite' && firstPage !== undefined)
      queries.push({
        path: path.join('.'),
        input: firstPage,
        queryKey: query.queryKey,
        infinite: { pageParam: options.initialPageParam ?? null },
      });
  }
  return queries;
}

/**
 * Reads what a signed-in person's page asks for, as the server would answer the browser (`answer`,
 * the procedure called with their session), for the page to be drawn with its content. Whether any
 * answer came: a query that fails (or is not answered in time) is left to the browser, which asks
 * it again and shows its error or its data in the page's usual way.
 */
export type AnswerQuery = (path: string, input: unknown) => Promise<unknown>;

/** Draws of a signed-in page at most: the first from the session alone, then with each pass's answers. */
const DRAW_PASSES = 4;

async function answerQueries(queryClient: QueryClient, answer: AnswerQuery): Promise<boolean> {
  const asked = unanswered(queryClient);
  const answers = await Promise.all(
    asked.map(({ path, input, queryKey, infinite }) =>
      answer(path, input).then(
        // A list's first page is kept as React Query keeps pages.
        (data) => ({ queryKey, data: infinite ? { pages: [data], pageParams: [infinite.pageParam] } : data }),
        () => null,
      ),
    ),
  );
  let answered = false;
  for (const got of answers) {
    if (!got) continue;
    queryClient.setQueryData(got.queryKey, got.data);
    answered = true;
  }
  return answered;
}

/**
 * A signed-in page as its user first sees it (decision 047): the app's frame (navigation, the
 * user's name, the page's heading) and the page's content, drawn by the same components as in the
 * browser, from the session and what `answer` reads for the queries the page asks (decision 048).
 * The browser hydrates it from the same answers, so that its first render matches and it has
 * nothing to draw again once it has taken the page over. A query without an answer is drawn as the
 * page's own skeleton, named for the browser to start as it boots.
 */
export async function prerenderSignedIn(
  origin: string,
  pathAndSearch: string,
  language: Language,
  user: UserDto,
  drawnFor: DrawnFor,
  answer?: AnswerQuery,
) {
  return prerender(origin, pathAndSearch, language, () => undefined, { user, drawnFor, answer });
}

/** The landing page, with the site's counted figures. */
export function prerenderLanding(origin: string, language: Language, figures: SiteFiguresDto) {
  return prerender(origin, '/', language, (queryClient) => {
    queryClient.setQueryData(getQueryKey(trpc.meta.siteFigures, undefined, 'query'), figures);
  });
}

/** A vendor's profile, from the answer vendors.byId gives a visitor. */
export function prerenderVendor(origin: string, language: Language, vendor: VendorView) {
  return prerender(origin, `/vendor/${vendor.id}`, language, (queryClient) => {
    queryClient.setQueryData(getQueryKey(trpc.vendors.byId, { id: vendor.id }, 'query'), vendor);
  });
}

/** What a visitor's marketplace reads first: the first page of the list and the featured vendors. */
export interface MarketplaceFirstData {
  list: VendorPageDto;
  featured: VendorView[];
}

/** The list's input for the marketplace as a visitor first opens it (no filters, no position yet). */
export const marketplaceFirstListInput = { ...vendorListQuery(FIRST_FILTERS).input, page: 1 };

/** The marketplace as a visitor first sees it: before their location is known, unfiltered. */
export function prerenderMarketplace(origin: string, language: Language, data: MarketplaceFirstData) {
  return prerender(origin, '/marketplace', language, (queryClient) => {
    queryClient.setQueryData(vendorListQuery(FIRST_FILTERS).queryKey, {
      pages: [data.list],
      pageParams: [1],
    });
    queryClient.setQueryData(getQueryKey(trpc.vendors.featured, {}, 'query'), data.featured);
  });
}

/** A path the app has no page for, drawing the route table's 404 page (the same at every such path). */
const NOT_FOUND_DRAWING_PATH = '/page-not-found';

/** The app's 404 page. */
export function prerenderNotFound(origin: string, language: Language) {
  return prerender(origin, NOT_FOUND_DRAWING_PATH, language, () => undefined);
}
