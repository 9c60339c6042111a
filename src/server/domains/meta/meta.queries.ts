import { sql } from 'kysely';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

/** Customer accounts not suspended: the families on the landing page. */
export async function countFamilies(db: Db): Promise<number> {
  return countOf(db.selectFrom('users').where('role', '=', 'customer').where('suspendedAt', 'is', null));
}

/**
 * Per category: public listings, their reviews, and the sum of stars those reviews gave (a listing's
 * rating times its review count). One pass over the listings.
 */
export async function publicListingTotals(db: Db) {
  const rows = await db
    .selectFrom('vendors')
    .select([
      'category',
      (eb) => eb.fn.countAll<string>().as('listings'),
      sql<string>`coalesce(sum(review_count) FILTER (WHERE review_count > 0), 0)`.as('reviews'),
      sql<string>`coalesce(sum(rating * review_count) FILTER (WHERE review_count > 0), 0)`.as('stars'),
    ])
    .where('hidden', '=', false)
    .groupBy('category')
    .execute();
  return rows.map((r) => ({
    category: r.category,
    listings: Number(r.listings),
    reviews: Number(r.reviews),
    stars: Number(r.stars),
  }));
}
