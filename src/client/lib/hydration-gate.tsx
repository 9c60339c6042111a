import { useEffect } from 'react';
import { pageHydrated } from './early-answers';

/**
 * Rendered last inside the boundary of the page's own content (app-layout.tsx): its commit says a
 * drawn page has been taken over whole, and the answers held meanwhile go on (early-answers.ts).
 */
export function PageHydrated(): null {
  useEffect(() => {
    pageHydrated();
  }, []);
  return null;
}
