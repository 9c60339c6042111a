import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDb, type DbHandle } from './create-db';
import { unavailabilityOf } from './db-errors';
import type { PgliteThread } from './pglite-thread';

/**
 * The embedded database in a thread of its own (decision 022) answers as the one in the server's
 * thread does (rows, types, errors, transactions, notifications), leaves the event loop free while a
 * statement runs, and survives the loss of its thread like a lost PostgreSQL connection.
 */
const handles: DbHandle[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.db.destroy()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function open(thread: boolean, dataDir: string | null = null): Promise<DbHandle> {
  const handle = await createPgliteDb(dataDir, undefined, { thread });
  handles.push(handle);
  return handle;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-pglite-thread-'));
  dirs.push(dir);
  return dir;
}

const setup = sql`
  create table items (
    id int primary key,
    name text not null unique,
    price numeric(10, 2),
    at timestamptz,
    data jsonb,
    raw bytea,
    big bigint
  )`;

/**
 * Each test makes fresh databases (initdb in WebAssembly, in a new thread): at a run's start beside the
 * other slow files, or beside a build, that alone has taken over 20 s on two cores.
 */
const FRESH_DATABASES = { timeout: 60_000 };

describe('the embedded database in its own thread', FRESH_DATABASES, () => {
  it('answers rows with the same values and types as in the server thread', async () => {
    const read = async (h: DbHandle) => {
      await setup.execute(h.db);
      await sql`insert into items values (1, 'Kiddush cups', 18.50, '2026-12-25T18:00:00Z',
        '{"tags": ["silver"]}', '\\x0102ff', 9007199254740991)`.execute(h.db);
      return (await sql`select * from items`.execute(h.db)).rows;
    };
    const inThread = await read(await open(true));
    const inLoop = await read(await open(false));
    expect(inThread).toEqual(inLoop);
    const [row] = inThread as Record<string, unknown>[];
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.raw).toBeInstanceOf(Uint8Array);
    expect(row?.data).toEqual({ tags: ['silver'] });
  });

  it('counts affected rows and passes Dates and bytes as parameters', async () => {
    const h = await open(true);
    await setup.execute(h.db);
    const at = new Date('2027-03-14T09:30:00Z');
    await sql`insert into items (id, name, at, raw) values (1, 'a', ${at}, ${Buffer.from([7, 8])}), (2, 'b', ${at}, null)`.execute(
      h.db,
    );
    const updated = await sql`update items set price = 1`.execute(h.db);
    expect(updated.numAffectedRows).toBe(2n);
    const { rows } = await sql<{ at: Date; raw: Uint8Array }>`select at, raw from items where id = 1`.execute(
      h.db,
    );
    expect(rows[0]?.at.toISOString()).toBe(at.toISOString());
    expect([...(rows[0]?.raw ?? [])]).toEqual([7, 8]);
  });

  it("keeps the database's error fields: SQLSTATE, constraint, detail", async () => {
    const h = await open(true);
    await setup.execute(h.db);
    await sql`insert into items (id, name) values (1, 'a')`.execute(h.db);
    const error = (await sql`insert into items (id, name) values (2, 'a')`
      .execute(h.db)
      .catch((e: unknown) => e)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('items_name_key');
    expect(String(error.detail)).toContain('(name)=(a)');
    // The connection serves the next statement.
    expect((await sql<{ n: number }>`select count(*)::int as n from items`.execute(h.db)).rows[0]?.n).toBe(1);
  });

  it('commits and rolls back transactions', async () => {
    const h = await open(true);
    await setup.execute(h.db);
    await h.db.transaction().execute(async (trx) => {
      await sql`insert into items (id, name) values (1, 'kept')`.execute(trx);
    });
    await h.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (id, name) values (2, 'dropped')`.execute(trx);
        throw new Error('changed my mind');
      })
      .catch(() => {});
    const { rows } = await sql<{ name: string }>`select name from items order by id`.execute(h.db);
    expect(rows.map((r) => r.name)).toEqual(['kept']);
  });

  it('delivers notifications to listeners, and stops when they unlisten', async () => {
    const h = await open(true);
    const heard: string[] = [];
    const embedded = h.embedded as PgliteThread;
    const off = await embedded.listen('news', (payload) => heard.push(payload));
    await sql`select pg_notify('news', 'mazal tov')`.execute(h.db);
    await expect.poll(() => heard).toEqual(['mazal tov']);
    await off();
    await sql`select pg_notify('news', 'unheard')`.execute(h.db);
    await sql`select 1`.execute(h.db);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['mazal tov']);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    const ticksDuring = async (h: DbHandle) => {
      let ticks = 0;
      const timer = setInterval(() => {
        ticks += 1;
      }, 5);
      const started = Date.now();
      await sql`select count(*) from generate_series(1, 3000000) g where g % 7 = 3`.execute(h.db);
      clearInterval(timer);
      return { ticks, ms: Date.now() - started };
    };
    const own = await ticksDuring(await open(true));
    const loop = await ticksDuring(await open(false));
    // In the server's thread no timer runs until the statement ends; in its own, they keep running.
    expect(loop.ticks).toBeLessThanOrEqual(1);
    expect(own.ms).toBeGreaterThan(50);
    expect(own.ticks).toBeGreaterThanOrEqual(Math.min(5, Math.floor(own.ms / 20)));
  });
});

describe('when the thread is lost', FRESH_DATABASES, () => {
  it('fails the statement in flight as unreachable, then opens the database on disk again', async () => {
    const h = await open(true, await tempDir());
    const thread = h.embedded as PgliteThread;
    await setup.execute(h.db);
    await sql`insert into items (id, name) values (1, 'before')`.execute(h.db);
    const heard: string[] = [];
    await thread.listen('news', (payload) => heard.push(payload));
    const inFlight = sql`select count(*) from generate_series(1, 20000000)`
      .execute(h.db)
      .catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    await thread.terminate();
    expect(unavailabilityOf(await inFlight)).toBe('unreachable');
    // The next statement starts the thread again, on the same data, listening again.
    const { rows } = await sql<{ name: string }>`select name from items`.execute(h.db);
    expect(rows.map((r) => r.name)).toEqual(['before']);
    await sql`select pg_notify('news', 'back')`.execute(h.db);
    await expect.poll(() => heard).toEqual(['back']);
  });

  it('never runs the rest of an interrupted transaction outside it', async () => {
    const h = await open(true, await tempDir());
    const thread = h.embedded as PgliteThread;
    await setup.execute(h.db);
    const outcome = await h.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (id, name) values (1, 'first half')`.execute(trx);
        await thread.terminate();
        await sql`insert into items (id, name) values (2, 'second half')`.execute(trx);
      })
      .catch((e: unknown) => e);
    expect(unavailabilityOf(outcome)).toBe('unreachable');
    const { rows } = await sql`select * from items`.execute(h.db);
    expect(rows).toEqual([]);
  });

  it('keeps a database in memory unreachable: it went with its thread', async () => {
    const h = await open(true);
    await (h.embedded as PgliteThread).terminate();
    const error = await sql`select 1`.execute(h.db).catch((e: unknown) => e);
    expect(unavailabilityOf(error)).toBe('unreachable');
  });
});
