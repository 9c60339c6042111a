import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import superjson from 'superjson';
import { TAKEN_OVER_EVENT } from '../shared/app-scripts';
import { PRERENDERED_STATE_ID } from '../shared/constants';
import { browserCatalogues } from './i18n/catalogue';
import { documentLanguage } from './i18n/language';
import { CORE_NAMESPACES } from './i18n/namespaces';
import { firstQueriesOnPage, holdAnswersUntilPageHydrated, startEarlyAnswers } from './lib/early-answers';
import { drawnParts, loadDrawnParts } from './lib/lazy-with-preload';
import { setPageClock } from './lib/page-clock';
import { createQueryClient } from './lib/query-client';
import { setTakingOverDrawnPage } from './lib/static-part';
import { drawnToday } from './lib/today';
import { createTrpcClient } from './lib/trpc';
import { drawnViewport } from './lib/viewport';
import { Providers } from './providers';
import { firstScreensLoaded, router } from './router';
import { appSystem } from './theme';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server drew ahead (the landing page for visitors) comes with the data it was drawn from:
// the client starts from the same, so that its first render matches the markup it takes over.
const queryClient = createQueryClient();
const prerenderedState = document.getElementById(PRERENDERED_STATE_ID)?.textContent;
if (prerenderedState) hydrate(queryClient, superjson.parse(prerenderedState));

// A signed-in page drawn by the server names the queries its first render asks for: they start now,
// beside the screens' code, and the page takes their answers as it mounts (decision 047).
const trpcClient = createTrpcClient();
const firstQueries = firstQueriesOnPage();
startEarlyAnswers(trpcClient, firstQueries);
// The width the server drew the page for, which it hydrates in; the window's own, for the next page.
const viewport = drawnViewport(root) ?? undefined;
const today = drawnToday(root);

// The page's language is the one the server wrote on <html>; the words of the first chunk's screens
// come before the first render, and each lazily loaded screen's with its code (routes.tsx), so that
// a drawn page is taken over in the words it was drawn in.
const language = documentLanguage();
// A signed-in page drawn with its data has its times read in the server's zone, which it names, at
// the instant of the drawing (decision 048). In that zone, the page is taken over reading the same
// clock; in another (the browser's cookie missing or old), its times would read otherwise here, so
// the app draws the page itself instead.
const drawnZone = root.dataset.zone;
const drawnNow = Number(root.dataset.now);
const drawnElsewhere =
  drawnZone !== undefined && drawnZone !== new Intl.DateTimeFormat().resolvedOptions().timeZone;
// The theme is made in a task of its own, while the page's code and words load (theme.ts).
setTimeout(appSystem, 0);
const drawn = Boolean(prerenderedState && root.firstElementChild) && !drawnElsewhere;
void Promise.all([
  browserCatalogues.load(language, CORE_NAMESPACES),
  // A drawn page waits for its screens too (router.tsx), and for the lazily loaded parts it names
  // (lazy-with-preload.tsx), so that hydration never stops midway.
  drawn ? firstScreensLoaded().then(() => loadDrawnParts(drawnParts(root))) : null,
]).then(() => {
  const app = (
    <StrictMode>
      <Providers
        queryClient={queryClient}
        trpcClient={trpcClient}
        language={language}
        catalogues={browserCatalogues}
        viewport={viewport}
        today={today}
      >
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // Taking over a drawn page is a transition: React hydrates it in slices and lets the browser answer
  // input (and paint) between them, instead of one long task; the drawn page is already on screen.
  if (drawn) {
    // A signed-in page (drawn for its user, at the width it names) holds its queries' answers until
    // it is taken over whole (early-answers.ts): drawn with its data, it is taken over from the same,
    // and a fresh answer meanwhile (the live stream's, a query still to answer) would change it.
    if (viewport) holdAnswersUntilPageHydrated();
    if (Number.isFinite(drawnNow)) setPageClock({ now: drawnNow });
    // The page's static parts keep the server's markup (static-part.tsx, decision 049).
    setTakingOverDrawnPage(true);
    startTransition(
      () =>
        void hydrateRoot(root, app, {
          // A drawing the browser could not take over as it was (its first render differed): React
          // draws that part again; said aloud, so that the journeys' console checks catch it.
          onRecoverableError: (error, info) =>
            console.error('The drawn page was drawn again:', error, info.componentStack ?? ''),
        }),
    );
    // Presses held by the boot script are done again once the page is the app's, or a while after now.
    document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
  } else createRoot(root).render(app);
});
