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
