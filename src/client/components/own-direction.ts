/**
 * Props for one line of a person's own words cut with an ellipsis (a name, a subject, a message's
 * preview): the line takes its text's direction (dir="auto"), so that a long English line on a Hebrew
 * page is cut at its end rather than its start, and still sits on the page's side when it is short.
 * (text-align: match-parent would say it, but Chromium computes it as the line's own start.)
 */
export const OWN_DIRECTION = { dir: 'auto', textAlign: 'left', _rtl: { textAlign: 'right' } } as const;
