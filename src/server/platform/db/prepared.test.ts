import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../demo/factories';
import { createHarness, type TestHarness } from '../../test/harness';
import { prepared } from './prepared';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** The statements a database is sent while `work` runs, as Kysely logs them. */
async function statementsOf(work: (db: TestHarness['db']) => Promise<unknown>): Promise<CompiledQuery[]> {
  const seen: CompiledQuery[] = [];
  const logged = h.db.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => args.result,
  });
  // withPlugin shares the executor; Kysely's own log hook is per instance, so the driver is watched instead.
  const original = logged.getExecutor().executeQuery.bind(logged.getExecutor());
  Object.assign(logged.getExecutor(), {
    executeQuery: (query: CompiledQuery, ...rest: unknown[]) => {
      seen.push(query);
      return (original as (...a: unknown[]) => unknown)(query, ...rest);
    },
  });
  await work(logged);
  return seen;
}

describe('prepared statements', () => {
  it('send the SQL and parameters the builder makes, and answer the same rows', async () => {
    const user = await createUser(h.db);
    await createEvent(h.db, user.id, { title: 'First' });
    await createEvent(h.db, user.id, { title: 'Second' });
    const build = (db: TestHarness['db'], userId: string, title: string) =>
      db
        .selectFrom('events')
        .select(['id', 'title', 'isPublic', 'createdAt'])
        .where('userId', '=', userId)
        .where('title', '<>', title)
        .orderBy('title');
    const query = prepared(2, build);
    for (const title of ['First', 'Second', 'Neither']) {
      const built = build(h.db, user.id, title).compile();
      const [sent] = await statementsOf((db) => query(db, user.id, title));
      expect(sent?.sql).toBe(built.sql);
      expect(sent?.parameters).toEqual(built.parameters);
      expect(await query(h.db, user.id, title)).toEqual(await build(h.db, user.id, title).execute());
    }
    expect((await query(h.db, user.id, 'First')).map((e) => e.title)).toEqual(['Second']);
  });

  it('refuses a statement that does not use each argument once', async () => {
    const unused = prepared(2, (db: TestHarness['db'], userId: string, _title: string) =>
      db.selectFrom('events').select('id').where('userId', '=', userId),
    );
    await expect(unused(h.db, 'a', 'b')).rejects.toThrow(/each of its 2 arguments once/);
  });

  it('refuses a list, whose statement would change with its length', async () => {
    const byId = prepared(1, (db: TestHarness['db'], id: string) =>
      db.selectFrom('events').select('id').where('id', '=', id),
    );
    await expect(byId(h.db, ['a', 'b'] as unknown as string)).rejects.toThrow(/single values/);
  });
});
