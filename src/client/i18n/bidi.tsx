import { chakra } from '@chakra-ui/react';

/**
 * A text of its own inside a sentence (a name, an e-mail address, a phone number, an amount, a
 * business's English name in a Hebrew sentence) isolated from the text around it, for a string:
 * Unicode's first-strong isolate … pop directional isolate (FSI … PDI), so that "David Cohen (3)"
 * keeps its order inside Hebrew and a Hebrew name inside English. In elements, use <bdi>: the check
 * of pages drawn in Hebrew treats what is inside one as a name, not as an untranslated text.
 */
export function isolate(text: string | number): string {
  return `\u2068${text}\u2069`;
}

/**
 * An icon that points the reading way (back, next, a chevron, send): mirrored when the page is right
 * to left. Icons that do not mean a direction (a calendar, a check) are not wrapped.
 */
export const DirectionalIcon = chakra('span', {
  base: { display: 'inline-flex', flexShrink: 0, _rtl: { transform: 'scaleX(-1)' } },
});
