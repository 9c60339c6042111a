import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../server/doors/trpc/app-router';
import {
  earlyAnswersLink,
  holdAnswersUntilPageHydrated,
  pageHydrated,
  startEarlyAnswers,
} from './early-answers';

/**
 * A client whose last link stands for the server: it records each request that reaches it and
 * answers `answer(path, input)` (or fails when that throws).
 */
function clientWithServer(answer: (path: string, input: unknown) => unknown) {
  const sent: { path: string; input: unknown }[] = [];
  const server: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        sent.push({ path: op.path, input: op.input });
        queueMicrotask(() => {
          try {
            observer.next({ result: { type: 'data', data: answer(op.path, op.input) } });
            observer.complete();
          } catch (error) {
            observer.error(error as never);
          }
        });
        return () => undefined;
      });
  const client = createTRPCClient<AppRouter>({ links: [earlyAnswersLink, server] });
  const untyped = client as unknown as Record<
    string,
    Record<string, { query: (input?: unknown) => Promise<unknown> }>
  >;
  return {
    client,
    sent,
    query: (path: string, input?: unknown) => {
      const [router, procedure] = path.split('.') as [string, string];
      return (untyped[router] as Record<string, { query: (input?: unknown) => Promise<unknown> }>)[
        procedure
      ]?.query(input) as Promise<unknown>;
    },
  };
}

describe('early answers of a drawn page (decision 047)', () => {
  it("answers the page's first read of each named query from the request started at boot, and only that one", async () => {
    let n = 0;
    const { client, sent, query } = clientWithServer((path, input) => ({ path, input, n: ++n }));
    startEarlyAnswers(client, [
      { path: 'events.list', input: undefined },
      { path: 'calendar.times', input: { from: '2026-11-01', to: '2026-12-12' } },
    ]);
    expect(sent.map((s) => s.path)).toEqual(['events.list', 'calendar.times']);
    // The page mounts and asks the same: nothing more is sent, the boot's answers are used.
    expect(await query('events.list')).toEqual({ path: 'events.list', input: undefined, n: 1 });
    expect(await query('calendar.times', { from: '2026-11-01', to: '2026-12-12' })).toMatchObject({ n: 2 });
    expect(sent).toHaveLength(2);
    // A second read, or another input, is the server's.
    expect(await query('events.list')).toMatchObject({ n: 3 });
    expect(await query('calendar.times', { from: '2026-12-01', to: '2027-01-09' })).toMatchObject({ n: 4 });
    expect(sent).toHaveLength(4);
  });

  it('sends the read again when the early request failed, so the page gets its own answer or error', async () => {
    let fail = true;
    const { client, sent, query } = clientWithServer(() => {
      if (fail) throw new Error('connection lost');
      return { ok: true };
    });
    startEarlyAnswers(client, [{ path: 'family.circle', input: undefined }]);
    await new Promise((r) => setTimeout(r, 0));
    fail = false;
    expect(await query('family.circle')).toEqual({ ok: true });
    expect(sent.map((s) => s.path)).toEqual(['family.circle', 'family.circle']);
  });

  it('holds every answer while a drawn page is taken over, and hands them on, in order, once it has been', async () => {
    const { client, sent, query } = clientWithServer((path) => ({ path }));
    holdAnswersUntilPageHydrated();
    const got: string[] = [];
    const first = query('events.list').then(() => got.push('events.list'));
    const second = query('family.circle').then(() => got.push('family.circle'));
    await new Promise((r) => setTimeout(r, 20));
    // Asked of the server at once, but not yet answered to the page.
    expect(sent.map((s) => s.path)).toEqual(['events.list', 'family.circle']);
    expect(got).toEqual([]);
    pageHydrated();
    await Promise.all([first, second]);
    expect(got).toEqual(['events.list', 'family.circle']);
    // Afterwards nothing is held.
    expect(await query('events.list')).toEqual({ path: 'events.list' });
    void client;
  });
});
