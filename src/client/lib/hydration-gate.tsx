import { useEffect } from 'react';
import { PAGE_HYDRATED_EVENT } from '../../shared/app-scripts';
import { pageHydrated } from './early-answers';
import { setPageClock } from './page-clock';
import { setTakingOverDrawnPage } from './static-part';
import { restoreTypedBeforeTakeover } from './typed-before-takeover';

/**
 * Rendered last inside the boundary of the page's own content (app-layout.tsx, public-layout.tsx): its commit says a
 * drawn page has been taken over whole, and the answers held meanwhile go on (early-answers.ts).
 */
export function PageHydrated(): null {
  useEffect(() => {
    // The page was taken over at the instant it was drawn at (page-clock.ts); from now on, the browser's.
    setPageClock(null);
    // Static parts rendered from now on are the app's (a page reached inside the app).
    setTakingOverDrawnPage(false);
    pageHydrated();
    // Fields kept in a component's state hear what was typed into them before (typed-before-takeover.ts).
    restoreTypedBeforeTakeover();
    document.dispatchEvent(new Event(PAGE_HYDRATED_EVENT));
  }, []);
  return null;
}
