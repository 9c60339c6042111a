import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './types';

/** How many rows the query matches: `select count(*)` over its from and where clauses. */
export async function countOf<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
