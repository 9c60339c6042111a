/**
 * A page drawn by the server names one small script (src/client/boot.ts) instead of the app's: the
 * element with this id lists the app's entry and the modules it needs, for the boot script to add
 * once the drawn page has painted (decision 025). Its own module, so the boot script's build holds
 * this string and nothing else.
 */
export const APP_SCRIPTS_ID = 'app-scripts';

/** What that element holds (JSON). */
export interface AppScripts {
  /** The app's entry module. */
  entry: string;
  /** The modules the entry imports, fetched beside it instead of one after another. */
  preload: string[];
}

/**
 * Dispatched on the document once the app has begun to take a drawn page over (hydrateRoot called,
 * src/client/main.tsx): from then on the boot script waits at most HOLD_MS for PAGE_HYDRATED_EVENT
 * before doing the presses and keys it held.
 */
export const TAKEN_OVER_EVENT = 'simchahub:taken-over';

/**
 * Dispatched on the document once a drawn page's own content has been taken over (the page's
 * boundary committed, src/client/lib/hydration-gate.tsx): the boot script then does again the
 * presses and keys it held meanwhile.
 */
export const PAGE_HYDRATED_EVENT = 'simchahub:page-hydrated';

/** A field a person types into or chooses in. */
export type TypedField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isTypedField(target: unknown): target is TypedField {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** Whether React has taken the element over: it marks each element it owns with its props. */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}

/** What a field held when it was last typed into while still the server's HTML: its value, or whether it is checked. */
export type TypedBeforeTakeover = Map<TypedField, string | boolean>;

const TYPED_KEY = '__simchahubTypedBeforeTakeover';

/**
 * Set on the input events the app fires itself to put back what was typed (typed-before-takeover.ts),
 * so that the boot script does not take them for the person's own typing.
 */
export const RETYPED_MARK = '__simchahubRetyped';

/**
 * What was typed into a drawn page's fields before the app took them over, kept by the boot script
 * (src/client/boot.ts) on the window so that the app's own bundle finds the same map
 * (src/client/lib/typed-before-takeover.ts puts it back where a form's first fill wiped it).
 */
export function typedBeforeTakeover(): TypedBeforeTakeover {
  const holder = window as unknown as Record<string, TypedBeforeTakeover | undefined>;
  let typed = holder[TYPED_KEY];
  if (!typed) {
    typed = new Map();
    holder[TYPED_KEY] = typed;
  }
  return typed;
}
