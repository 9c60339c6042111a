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

/**
 * A signed-in page drawn by the server is taken over in passes: React hydrates the frame first and
 * each Suspense boundary inside it later, at a lower priority. The frame's queries start as soon as
 * the frame is committed, and an answer that reached the cache before the page's own boundary is
 * hydrated would change what that boundary renders (data where the drawing had its skeleton): React
 * would throw the drawn page away and draw it again. So while a drawn page is being taken over,
 * queries are sent (or answered early) as usual but their answers are handed on only once the page
 * itself has been hydrated (<PageHydrated />, hydration-gate.tsx); until then each query is
 * loading, exactly as it was drawn. HOLD_AT_MOST_MS is a backstop for a page that never commits.
 */
const HOLD_AT_MOST_MS = 10_000;
let pageTakenOver: Promise<void> | null = null;
let letAnswersThrough: (() => void) | null = null;

export function holdAnswersUntilPageHydrated(): void {
  pageTakenOver = new Promise<void>((resolve) => {
    const timer = setTimeout(() => letAnswersThrough?.(), HOLD_AT_MOST_MS);
    letAnswersThrough = () => {
      clearTimeout(timer);
      letAnswersThrough = null;
      pageTakenOver = null;
      resolve();
    };
  });
}

/** The drawn page has been taken over whole: held answers go on to their queries. */
export function pageHydrated(): void {
  letAnswersThrough?.();
}

/**
 * Answers a query from its early request when there is one (see above), otherwise passes it on;
 * while a drawn page is being taken over, holds every answer until it has been, the live stream's
 * events too (an unread count arriving by it would change the drawn page just the same).
 */
export const earlyAnswersLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      const held = pageTakenOver;
      if (op.context[EARLY] || (!held && op.type !== 'query')) return next(op).subscribe(observer);
      const key = op.type === 'query' ? keyOf(op.path, op.input) : null;
      const answer = key === null ? undefined : waiting.get(key);
      if (key !== null && answer) waiting.delete(key);
      let stopped = false;
      let forwarded: { unsubscribe: () => void } | null = null;
      // Hands a result on at once, or once the page is taken over.
      const handOn = (deliver: () => void) => {
        if (!held) deliver();
        else
          void held.then(() => {
            if (!stopped) deliver();
          });
      };
      const forward = () => {
        forwarded = next(op).subscribe({
          next: (value) => handOn(() => observer.next(value)),
          error: (error) => handOn(() => observer.error(error)),
          complete: () => handOn(() => observer.complete()),
        });
      };
      if (!answer) forward();
      else
        answer.then(
          (data) =>
            handOn(() => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            }),
          () => {
            if (!stopped) forward();
          },
        );
      return () => {
        stopped = true;
        forwarded?.unsubscribe();
      };
    });
