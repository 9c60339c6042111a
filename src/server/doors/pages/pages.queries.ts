import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

/**
 * What a link preview shows of a listing, by primary key; a hidden listing answers as a missing one.
 * A plain read: unlike vendors.byId it counts no profile view, since crawlers are not visitors.
 */
export async function findListingPreview(db: Db, id: string) {
  return db
    .selectFrom('vendors')
    .select([
      'businessName',
      'category',
      'city',
      'state',
      'description',
      'imageUrl',
      'galleryImages',
      'logoUrl',
    ])
    .where('id', '=', id)
    .where('hidden', '=', false)
    .executeTakeFirst();
}

/** A shared event's title and date, only while its owner keeps it public (share_id is unique). */
export async function findPublicEventPreview(db: Db, shareId: string) {
  return db
    .selectFrom('events')
    .select(['title', 'date'])
    .where('shareId', '=', shareId)
    .where('isPublic', '=', true)
    .executeTakeFirst();
}

export async function countPublicListings(db: Db): Promise<number> {
  return countOf(db.selectFrom('vendors').where('hidden', '=', false));
}

/**
 * One page of public listings for the sitemap, in id order after `afterId` (keyset paging on the
 * primary key, so the 100th page costs what the first does).
 */
export async function publicListingsAfter(db: Db, afterId: string | null, limit: number) {
  let query = db
    .selectFrom('vendors')
    .select(['id', 'updatedAt'])
    .where('hidden', '=', false)
    .orderBy('id')
    .limit(limit);
  if (afterId) query = query.where('id', '>', afterId);
  return query.execute();
}

/** The id a sitemap file of listings starts after: the last id of the files before it. */
export async function publicListingIdAt(db: Db, offset: number): Promise<string | null> {
  if (offset <= 0) return null;
  const row = await db
    .selectFrom('vendors')
    .select('id')
    .where('hidden', '=', false)
    .orderBy('id')
    .offset(offset - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
