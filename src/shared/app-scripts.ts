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
 * src/client/main.tsx): the boot script then does again the presses it held meanwhile.
 */
export const TAKEN_OVER_EVENT = 'simchahub:taken-over';
