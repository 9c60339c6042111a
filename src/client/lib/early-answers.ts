import { getUntypedClient, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';
import type { AppRouter } from '../../server/doors/trpc/app-router';
import { FIRST_QUERIES_ID, type FirstQuery } from '../../shared/first-queries';

/**
 * A signed-in page drawn by the server names the queries its first render asked for (decision 047).
 * The browser starts them as it boots, beside the page's code, and keeps each answer here until the
 * page asks the same (path and input) as it mounts: that request is answered from here instead of
 * going out again. Only the first such request takes an answer, and an answer nobody asked for in
 * ANSWER_LIFE_MS is dropped (the person went elsewhere), so no later read gets an old answer.
 *
 * The answers are never put in the query cache ahead: the page must hydrate from exactly what the
 * server drew with (its skeleton), and fills in once its own queries resolve, a moment later.
 */
const ANSWER_LIFE_MS = 10_000;

const waiting = new Map<string, Promise<unknown>>();

const keyOf = (path: string, input: unknown) => `${path}\n${superjson.stringify(input ?? null)}`;

/** Marks the early requests themselves, which must not wait for their own answers. */
const EARLY = 'simchahubEarlyAnswer';

/** The queries a drawn page names, or none. */
export function firstQueriesOnPage(): FirstQuery[] {
  const text = document.getElementById(FIRST_QUERIES_ID)?.textContent;
  if (!text) return [];
  try {
    const list = superjson.parse<FirstQuery[]>(text);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Starts every query the page names (in one batch), keeping the answers for the page. */
export function startEarlyAnswers(client: TRPCClient<AppRouter>, queries: FirstQuery[]): void {
  const untyped = getUntypedClient(client);
  for (const { path, input } of queries) {
    const key = keyOf(path, input);
    if (waiting.has(key)) continue;
    const answer = untyped.query(path, input, { context: { [EARLY]: true } });
    // A failed early request is asked again by the page, the usual way (and its error shown there).
    answer.catch(() => undefined);
    waiting.set(key, answer);
    setTimeout(() => {
      if (waiting.get(key) === answer) waiting.delete(key);
    }, ANSWER_LIFE_MS);
  }
}

/** Answers a query from its early request when there is one (see above); otherwise passes it on. */
export const earlyAnswersLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      const key = op.type === 'query' && !op.context[EARLY] ? keyOf(op.path, op.input) : null;
      const answer = key === null ? undefined : waiting.get(key);
      if (key === null || answer === undefined) return next(op).subscribe(observer);
      waiting.delete(key);
      let forwarded: { unsubscribe: () => void } | null = null;
      let stopped = false;
      answer.then(
        (data) => {
          if (stopped) return;
          observer.next({ result: { type: 'data', data } });
          observer.complete();
        },
        () => {
          if (!stopped) forwarded = next(op).subscribe(observer);
        },
      );
      return () => {
        stopped = true;
        forwarded?.unsubscribe();
      };
    });
