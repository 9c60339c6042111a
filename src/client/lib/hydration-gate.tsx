import { type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { PAGE_HYDRATED_EVENT } from '../../shared/app-scripts';
import { pageHydrated } from './early-answers';
import { setPageClock } from './page-clock';
import { setTakingOverDrawnPage, takingOverDrawnPage } from './static-part';
import { restoreTypedBeforeTakeover } from './typed-before-takeover';

/**
 * A drawn page is taken over in passes: React hydrates the shell, then the page's own boundary
 * (<PageHydrated /> sits last in it), and each Suspense boundary inside that in a later pass of its
 * own, at a lower priority. The page is the app's once every one of them has been: until then a
 * boundary not yet taken over is the server's markup, and an answer reaching the query cache before
 * React takes it (a message arriving by the live stream) would make it render other than it was
 * drawn, and React would throw it away and draw it again. So each boundary inside a page that is
 * being taken over is counted (<TakenOverSuspense />) until its content has been committed.
 * Module state: one page is taken over at a time.
 */
const boundariesLeft = new Set<symbol>();
/** How long after the page's content the boundaries inside it are waited for at most. */
const BOUNDARIES_AT_MOST_MS = 10_000;
let contentCommitted = false;
let takenOver = false;

/** Once the page's content and every boundary counted in it are committed: the page is the app's. */
function takeOverWhenDone(): void {
  if (takenOver || !contentCommitted || boundariesLeft.size > 0) return;
  takenOver = true;
  // The page was taken over at the instant it was drawn at (page-clock.ts); from now on, the browser's.
  setPageClock(null);
  // Static parts rendered from now on are the app's (a page reached inside the app).
  setTakingOverDrawnPage(false);
  // Answers held meanwhile go on to their queries (early-answers.ts).
  pageHydrated();
  // Fields kept in a component's state hear what was typed into them before (typed-before-takeover.ts).
  restoreTypedBeforeTakeover();
  // Presses held by the boot script are done again (boot.ts).
  document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
}

/**
 * Text typed into a field before React took it over is handed to the field's owner in the very commit
 * that takes the field over (a layout effect of the boundary's last child), in the same task: the
 * owner's state (a reply box's text, still what the server drew) then says what the field shows
 * before anything can render the field again. Left until the whole page is the app's, a render in
 * between (an answer, a boundary after it) wrote the drawn state back into the field, and what was
 * typed next went after an empty box: the letters before were lost.
 */
function restoreWhileTakingOver(): void {
  if (!takenOver) restoreTypedBeforeTakeover();
}

/**
 * Rendered last inside the boundary of the page's own content (app-layout.tsx, public-layout.tsx):
 * its commit says the page's content has been taken over, and the page is the app's once the
 * boundaries inside it have been too (see above).
 */
export function PageHydrated(): null {
  useLayoutEffect(restoreWhileTakingOver, []);
  useEffect(() => {
    contentCommitted = true;
    takeOverWhenDone();
    // A boundary whose code never arrives (the network gone) does not keep the page the server's.
    const id = window.setTimeout(() => {
      boundariesLeft.clear();
      takeOverWhenDone();
    }, BOUNDARIES_AT_MOST_MS);
    return () => window.clearTimeout(id);
  }, []);
  return null;
}

/**
 * A Suspense boundary inside a page: every one in the app's pages is this one, so that a drawn page
 * is said to be the app's only once the boundary has been taken over too (see above). Outside a
 * takeover it is Suspense as it is.
 */
export function TakenOverSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  // Decided once, as the boundary first renders: counted only when it is part of a takeover.
  const [counted] = useState(() => (takingOverDrawnPage() ? Symbol('boundary') : null));
  // Counted as its parent commits (layout effects all run before any passive effect of the same
  // commit, so before the page's content can say it has committed), and let go if it goes first.
  useLayoutEffect(() => {
    if (!counted) return;
    boundariesLeft.add(counted);
    return () => {
      boundariesLeft.delete(counted);
      // After the commit: in development StrictMode counts it again at once.
      queueMicrotask(takeOverWhenDone);
    };
  }, [counted]);
  return (
    <Suspense fallback={fallback}>
      {children}
      {counted ? <BoundaryCommitted counted={counted} /> : null}
    </Suspense>
  );
}

function BoundaryCommitted({ counted }: { counted: symbol }): null {
  useLayoutEffect(restoreWhileTakingOver, []);
  useEffect(() => {
    boundariesLeft.delete(counted);
    takeOverWhenDone();
  }, [counted]);
  return null;
}
