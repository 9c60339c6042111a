import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the component's code; a second call returns the same promise. */
  preload: () => Promise<unknown>;
};

/**
 * A component whose code loads when it is first rendered, or earlier through `preload`: a screen's
 * as soon as the router knows the location needs it (router.tsx), a dialog's as the pointer enters
 * or the focus reaches the button that opens it, so that the code is usually there by the press.
 */
export function lazyWithPreload<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        // A preload that failed (offline for a moment) does not stand in the way of a later one.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload }) as Preloadable<P>;
}

/**
 * The parts a page may draw whose code loads on its own (a dashboard's tab, a card, a panel), by
 * name: the server notes those it drew (prerender.tsx), the page names them (data-parts on its root),
 * and the browser loads their code before it takes the page over (main.tsx), as it does the page's
 * screens. Taken over before its code had arrived, such a part would stay the server's markup a
 * while longer than the rest of the page, and a press held until the page was the app's would be
 * done on a button nothing answers yet (React does not replay a click on a part it has not taken).
 */
const parts = new Map<string, () => Promise<unknown>>();
/** While the server draws a page: the parts drawn. Module state: one page is drawn at a time. */
let drawing: Set<string> | null = null;

/**
 * A lazily loaded component a drawn page may contain, registered under `name` (unique in the app):
 * see `parts` above. The name says itself on the server when the part is drawn.
 */
export function lazyPart<M, P extends object>(
  name: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  if (parts.has(name)) throw new Error(`two lazily loaded parts are named ${name}`);
  // Once its code is there, the part is rendered as it is: React.lazy suspends on its first render
  // even then (it cannot see that the promise has settled), and a part inside a Suspense boundary of
  // its own would then be taken over in a later pass than the page around it, and the page would be
  // the app's that much later (hydration-gate.tsx waits for every boundary).
  let loaded: ComponentType<P> | null = null;
  const Lazy = lazyWithPreload(async () => {
    const module = await load();
    loaded = pick(module);
    return module;
  }, pick);
  parts.set(name, Lazy.preload);
  function Part(props: P) {
    drawing?.add(name);
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Part.displayName = `Part(${name})`;
  return Object.assign(Part, { preload: Lazy.preload }) as unknown as Preloadable<P>;
}

/** The server starts noting the parts a drawing draws; the returned function ends it and names them. */
export function noteDrawnParts(): () => string[] {
  const noted = new Set<string>();
  drawing = noted;
  return () => {
    if (drawing === noted) drawing = null;
    return [...noted].sort();
  };
}

/**
 * Loads the code of the parts a drawn page names. A part inside another registers itself once the
 * outer one's code has run, so the names are looked up again after each round; a name no module
 * registers (a page drawn by another build) is let go. Failures are let go too: the part then loads
 * when React reaches it, as any lazily loaded component does.
 */
export async function loadDrawnParts(names: readonly string[]): Promise<void> {
  let waiting = [...names];
  while (waiting.length > 0) {
    const known = waiting.filter((name) => parts.has(name));
    if (known.length === 0) return;
    await Promise.all(
      known.map((name) =>
        parts
          .get(name)?.()
          .catch(() => undefined),
      ),
    );
    waiting = waiting.filter((name) => !known.includes(name));
  }
}

/** Props that start loading a lazily loaded dialog when its opener is pointed at or focused. */
export function preloadOn(component: { preload?: () => Promise<unknown> }) {
  const start = () => {
    component.preload?.().catch(() => undefined);
  };
  return { onPointerEnter: start, onFocus: start };
}

/**
 * Renders a lazily loaded dialog from its first opening on, and keeps it mounted afterwards so that
 * closing still plays its exit and hands the focus back to the button that opened it. While its code
 * arrives nothing is shown: a dialog sits in a portal, so the page around it does not move.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The parts a drawn page's root names (data-parts), none when it names none. */
export function drawnParts(root: HTMLElement): string[] {
  return (root.dataset.parts ?? '').split(' ').filter(Boolean);
}
