import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

/**
 * The day a drawn page was drawn for (YYYY-MM-DD, in the browser's zone as its cookie told the
 * server; decision 047): what a drawn page is hydrated with. Without a drawing it is never read.
 */
const DrawnTodayContext = createContext<string | null>(null);

export function DrawnTodayProvider({ today, children }: { today: string | null; children: ReactNode }) {
  return <DrawnTodayContext.Provider value={today}>{children}</DrawnTodayContext.Provider>;
}

/** YYYY-MM-DD of the browser's own day (as toCivilDate gives it, without the calendar's module). */
const localToday = () => {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
};

/** Calls `listener` at each local midnight. */
function subscribeToMidnight(listener: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    timer = setTimeout(() => {
      listener();
      arm();
    }, midnight.getTime() - now.getTime());
  };
  arm();
  return () => clearTimeout(timer);
}

/**
 * Today's date where the browser is. The server draws, and the browser hydrates, with the day the
 * page was drawn for; after that (and in pages the browser draws itself) it is the browser's own,
 * and it moves on at midnight.
 */
export function useToday(): string {
  const drawn = useContext(DrawnTodayContext);
  return useSyncExternalStore(subscribeToMidnight, localToday, () => drawn ?? localToday());
}

/** The day a drawn page was drawn for (on its root element), or null for a page not drawn. */
export function drawnToday(root: HTMLElement): string | null {
  const value = root.dataset.today;
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}
