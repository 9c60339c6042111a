import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDb, type DbHandle } from './create-db';
import { unavailabilityOf } from './db-errors';

/**
 * The embedded database has one connection. Requests waiting for it are bounded like the PostgreSQL
 * pool's: a full queue is refused at once and a long wait is refused after waitMs, both as 'busy'
 * (503), and the connection keeps serving afterwards.
 */
let handle: DbHandle | undefined;
afterEach(async () => {
  await handle?.db.destroy();
  handle = undefined;
});

/** Holds the one connection inside a transaction until the returned function is called. */
async function holdConnection(h: DbHandle): Promise<{ release: () => void; done: Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started!: () => void;
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = h.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    started();
    await held;
  });
  await begun;
  return { release, done };
}

const one = (h: DbHandle) => sql<{ n: number }>`select 1 as n`.execute(h.db).then((r) => r.rows[0]?.n);

describe.each([
  ["in the server's thread", false],
  ['in its own thread', true],
])('the embedded database under a burst, %s', { timeout: 60_000 }, (_where, thread) => {
  it('refuses at once past the queue limit, and serves the queued requests when the connection frees', async () => {
    handle = await createPgliteDb(null, undefined, { queueMax: 3, waitMs: 10_000, thread });
    const h = handle;
    const { release, done } = await holdConnection(h);
    const queued = [one(h), one(h), one(h)];
    const started = Date.now();
    const refused = await one(h).catch((error: unknown) => error);
    expect(unavailabilityOf(refused)).toBe('busy');
    expect(Date.now() - started).toBeLessThan(100);
    release();
    await done;
    expect(await Promise.all(queued)).toEqual([1, 1, 1]);
    expect(await one(h)).toBe(1);
  });

  it('refuses a request that waited longer than waitMs, and the connection goes on to the next', async () => {
    handle = await createPgliteDb(null, undefined, { queueMax: 10, waitMs: 200, thread });
    const h = handle;
    const { release, done } = await holdConnection(h);
    const started = Date.now();
    const gaveUp = await one(h).catch((error: unknown) => error);
    expect(unavailabilityOf(gaveUp)).toBe('busy');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    // Queued after the first gave up: it must get the connection that first one no longer wants.
    const next = one(h);
    release();
    await done;
    expect(await next).toBe(1);
    expect(await one(h)).toBe(1);
  });
});
