import { type ReferenceExpression, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './types';

/** How many rows the query matches: `select count(*)` over its from and where clauses. */
export async function countOf<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, object>,
): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sum of `column` over the rows the query matches; 0 when none does. */
export async function sumOf<TB extends keyof Database>(
  query: SelectQueryBuilder<Database, TB, object>,
  column: ReferenceExpression<Database, TB>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(column), sql<number>`0`).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
