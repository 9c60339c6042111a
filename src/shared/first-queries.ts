/**
 * A query a signed-in page drawn by the server asked for and had no answer to (decision 047): the
 * page lists them in a JSON element with this id, and the browser starts them as it boots, beside
 * the page's code, instead of after it (src/client/lib/early-answers.ts).
 */
export const FIRST_QUERIES_ID = 'first-queries';

export interface FirstQuery {
  /** The procedure, dotted (`events.list`). */
  path: string;
  /** Its input, as the page asked (JSON). */
  input: unknown;
}
