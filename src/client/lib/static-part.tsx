import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useLanguage } from '../i18n/language';

/**
 * Whether the browser is taking over a page the server drew (main.tsx sets it before hydrating,
 * PageHydrated clears it once the page is the app's). Module state: one page is taken over at a time.
 */
let takingOver = false;

export function setTakingOverDrawnPage(on: boolean): void {
  takingOver = on;
}

export function takingOverDrawnPage(): boolean {
  return takingOver;
}

/** The part's box is no box: its children lay out as the parent's own (the grid's, the stack's). */
const NO_BOX: CSSProperties = { display: 'contents' };
/** One object, so that React never sees the markup change and never writes it. */
const AS_DRAWN = { __html: '' };

/**
 * A part of a page with nothing to do but be read: text, pictures, links (decision 049). On a page
 * the server drew, the browser keeps the server's markup of it as it is, and React neither renders
 * it nor takes it over: the long tasks a slow phone spends after the first paint are those of the
 * parts a visitor can use (the menu, the search box, the request and contact buttons), not of the
 * whole page. Its links are plain links: a press loads the page they name, which the server draws.
 *
 * Anything that answers a press or a key, or that changes while the page is open, is not a static
 * part: its handlers would never be attached. A static part follows the page's language: switched
 * while the page is open, it is drawn by the app in the new one.
 *
 * Rendered by the app (a page reached inside the app, or drawn by the server and then switched to
 * another language), it is its children, in the same box.
 */
export function StaticPart({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  // Decided once, as the part first renders: kept as drawn only when it is taken over from a drawing.
  const [drawnIn, setDrawnIn] = useState<string | null>(() => (takingOver ? language : null));
  const asDrawn = drawnIn === language;
  const box = useRef<HTMLDivElement>(null);
  // A part the app had to draw afresh while taking a page over (React draws a part again when the
  // drawing did not match) has no server markup to keep: it is drawn as the app would, before paint.
  useLayoutEffect(() => {
    if (asDrawn && box.current && box.current.childNodes.length === 0) setDrawnIn(null);
  }, [asDrawn]);
  return asDrawn ? (
    <div
      key="drawn"
      ref={box}
      style={NO_BOX}
      suppressHydrationWarning
      // Empty, and never written: React leaves the server's markup inside the element as it is.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant empty string, never written
      dangerouslySetInnerHTML={AS_DRAWN}
    />
  ) : (
    <div key="app" style={NO_BOX}>
      {children}
    </div>
  );
}
