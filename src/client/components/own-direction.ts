import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * The side the page's own text starts from, whatever the element's direction: 'start' as its parent
 * reads it (match-parent; Chromium and Safari know it only by its older name, and Chromium computes
 * the standard name as the element's own start).
 */
const PAGE_SIDE = {
  textAlign: 'match-parent',
  '@supports (text-align: -webkit-match-parent)': { textAlign: '-webkit-match-parent' },
} as SystemStyleObject;

/**
 * Props for one line of someone's own words cut with an ellipsis (a name, an address, a subject, a
 * message's preview): the line takes its text's direction (dir="auto"), so that a long English line
 * on a Hebrew page is cut at its end rather than its start, and still sits on the page's side of its
 * box when it is short.
 */
export const OWN_DIRECTION = { dir: 'auto', css: PAGE_SIDE } as const;
