/**
 * What a list read page by page (an infinite query) tells the server that draws a signed-in page
 * with its data (decision 048): the input its query function sends for the first page. The server
 * answers that, and keeps the answer as the list's first page; a list without it is left to the
 * browser.
 */
export interface FirstPageMeta extends Record<string, unknown> {
  firstPageInput: unknown;
}

export function firstPageMeta(firstPageInput: unknown): FirstPageMeta {
  return { firstPageInput };
}
