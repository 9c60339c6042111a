import { sql } from 'kysely';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

/** Customer accounts not suspended: the families on the landing page. */
export async function countFamilies(db: Db): Promise<number> {
  return countOf(db.selectFrom('users').where('role', '=', 'customer').where('suspendedAt', 'is', null));
}

/**
 * Per category: public listings, their visible reviews, and the sum of stars those reviews gave,
 * counted from the reviews themselves (never from a listing's stored, rounded rating). One pass over
 * the listings and one over the visible reviews.
 */
export async function publicListingTotals(db: Db) {
  const rows = await db
    .selectFrom('vendors as v')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('reviews')
          .select(['vendorId', sql<string>`count(*)`.as('n'), sql<string>`sum(rating)`.as('stars')])
          .where('hidden', '=', false)
          .groupBy('vendorId')
          .as('r'),
      (join) => join.onRef('r.vendorId', '=', 'v.id'),
    )
    .select([
      'v.category',
      (eb) => eb.fn.countAll<string>().as('listings'),
      sql<string>`coalesce(sum(r.n), 0)`.as('reviews'),
      sql<string>`coalesce(sum(r.stars), 0)`.as('stars'),
    ])
    .where('v.hidden', '=', false)
    .groupBy('v.category')
    .execute();
  return rows.map((r) => ({
    category: r.category,
    listings: Number(r.listings),
    reviews: Number(r.reviews),
    stars: Number(r.stars),
  }));
}

/**
 * The newest visible reviews of 4 or 5 stars of public listings whose writer still has a name: the
 * landing page's testimonials, quoted with the writer's first name and the business.
 */
export async function newestGoodReviews(db: Db, limit: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .innerJoin('users as a', 'a.id', 'r.authorId')
    .select([
      'r.id',
      'r.rating',
      'r.text',
      sql<string>`split_part(btrim(a.name), ' ', 1)`.as('authorFirstName'),
      'r.vendorId',
      'v.businessName',
    ])
    .where('r.hidden', '=', false)
    .where('v.hidden', '=', false)
    .where('r.rating', '>=', 4)
    .where(sql<boolean>`btrim(a.name) <> ''`)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}
