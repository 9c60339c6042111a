import createCache, { type EmotionCache } from '@emotion/cache';
import { DRAWN_STYLE_ATTRIBUTE, STYLE_KEY } from '../../shared/constants';

/**
 * The emotion cache Chakra's styles go through (decision 050): one per drawing on the server, one for
 * the page in the browser.
 *
 * A page drawn by the server carries its style elements at the end of its head, each named by
 * DRAWN_STYLE_ATTRIBUTE. The cache counts their styles as written, so that the app writes only the
 * styles the drawing lacks, after them; the elements themselves are left where they are. Emotion's
 * own way with drawn styles (`data-emotion`) inserts each element anew, one after the other, and the
 * browser, seeing every stylesheet of the page removed and added again, styles the whole page anew:
 * 150–370 ms with a phone's CPU, in the task after the app's modules are evaluated.
 */
export function createStyleCache(): EmotionCache {
  const drawn =
    typeof document === 'undefined'
      ? []
      : [...document.head.querySelectorAll<HTMLStyleElement>(`style[${DRAWN_STYLE_ATTRIBUTE}]`)];
  const cache = createCache({ key: STYLE_KEY, insertionPoint: drawn.at(-1) });
  for (const element of drawn) {
    const [key, ...names] = (element.getAttribute(DRAWN_STYLE_ATTRIBUTE) ?? '').split(' ');
    if (key === STYLE_KEY) for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
