import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';

/**
 * Every statement of reviews (issue 29). Reviews are read from the bookings table directly: this
 * domain needs only a booking's customer, listing, day and status, never the bookings domain's code.
 */

/**
 * THE rule of a completed booking, written once: its status is 'completed', or it is 'confirmed' and
 * its day has passed in the listing's zone. A listing without a zone (no coordinates) counts in the
 * last zone on earth (UTC-12), so its day has passed everywhere before a review can be written.
 * `b` and `v` are the aliases of the booking and its listing; `now` the request's clock.
 */
export function bookingCompleted(b: string, v: string, now: Date): RawBuilder<boolean> {
  const booking = sql.raw(b);
  const listing = sql.raw(v);
  return sql<boolean>`(${booking}.status = 'completed' or (${booking}.status = 'confirmed'
    and ${booking}.day < (${now}::timestamptz at time zone coalesce(${listing}.time_zone, 'Etc/GMT+12'))::date))`;
}

export interface BookingForReview {
  id: string;
  vendorId: string;
  customerId: string;
  status: 'confirmed' | 'completed' | 'cancelled';
  day: string;
  completed: boolean;
  businessName: string;
  ownerId: string | null;
}

export async function findBookingForReview(
  db: Db,
  bookingId: string,
  now: Date,
): Promise<BookingForReview | undefined> {
  return db
    .selectFrom('bookings as b')
    .innerJoin('vendors as v', 'v.id', 'b.vendorId')
    .select([
      'b.id',
      'b.vendorId',
      'b.customerId',
      'b.status',
      sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'),
      bookingCompleted('b', 'v', now).as('completed'),
      'v.businessName',
      'v.ownerId',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

/** Locks a listing's row: every change of its reviews' visibility runs one at a time per listing. */
export async function lockVendor(db: Db, vendorId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'ownerId', 'businessName'])
    .where('id', '=', vendorId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Sets the listing's rating and review count from its visible reviews: one UPDATE from avg() and
 * count(), in the transaction that changed a review, with the listing's row locked (lockVendor).
 * The statement also advances the vendors table's version, so kept marketplace answers are dropped.
 */
export async function recomputeRating(db: Db, vendorId: string): Promise<void> {
  await sql`update vendors v set rating = s.rating, review_count = s.n
    from (select coalesce(round(avg(r.rating), 2), 0) as rating, count(*)::int as n
          from reviews r where r.vendor_id = ${vendorId} and not r.hidden) s
    where v.id = ${vendorId}`.execute(db);
}

export async function insertReview(
  db: Db,
  values: {
    bookingId: string;
    vendorId: string;
    authorId: string;
    rating: number;
    text: string;
    imageUrls: string[];
    createdAt: Date;
  },
) {
  return db.insertInto('reviews').values(values).returning('id').executeTakeFirstOrThrow();
}

/** A review's columns as its readers see them, the writer by first name. */
function reviewQuery(db: Db) {
  return db
    .selectFrom('reviews as r')
    .leftJoin('users as a', 'a.id', 'r.authorId')
    .select([
      'r.id',
      'r.vendorId',
      'r.rating',
      'r.text',
      'r.imageUrls',
      sql<string | null>`nullif(split_part(btrim(a.name), ' ', 1), '')`.as('authorFirstName'),
      'r.createdAt',
      'r.reply',
      'r.repliedAt',
    ]);
}

export async function findReview(db: Db, id: string) {
  return reviewQuery(db)
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(['r.authorId', 'r.hidden', 'v.ownerId', 'v.businessName'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function lockReview(db: Db, id: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'vendorId', 'authorId', 'hidden', 'reply'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function visibleReviewsPage(db: Db, vendorId: string, limit: number, offset: number) {
  return reviewQuery(db)
    .where('r.vendorId', '=', vendorId)
    .where('r.hidden', '=', false)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A listing that is shown, with its stored (computed) rating. */
export async function shownListing(db: Db, vendorId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'rating', 'reviewCount'])
    .where('id', '=', vendorId)
    .where('hidden', '=', false)
    .executeTakeFirst();
}

/** Reviews of every listing the user owns, hidden ones too, newest first; with the total. */
export async function ownerReviewsPage(db: Db, ownerId: string, limit: number, offset: number) {
  const rows = await reviewQuery(db)
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(['v.businessName', 'r.hidden', sql<number>`(count(*) over ())::int`.as('total')])
    .where('v.ownerId', '=', ownerId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows;
}

export async function countOwnerReviews(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('reviews as r')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('v.ownerId', '=', ownerId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function setReply(db: Db, id: string, text: string, by: string, at: Date) {
  return db
    .updateTable('reviews')
    .set({ reply: text, repliedAt: at, repliedBy: by })
    .where('id', '=', id)
    .where('reply', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function insertReport(db: Db, reviewId: string, reporterId: string, reason: string) {
  return db
    .insertInto('reviewReports')
    .values({ reviewId, reporterId, reason })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function setHidden(db: Db, id: string, hidden: { by: string; at: Date; reason: string } | null) {
  await db
    .updateTable('reviews')
    .set(
      hidden
        ? { hidden: true, hiddenAt: hidden.at, hiddenBy: hidden.by, hiddenReason: hidden.reason }
        : { hidden: false, hiddenAt: null, hiddenBy: null, hiddenReason: null },
    )
    .where('id', '=', id)
    .execute();
}

/** Closes every open report of the review as `status`; answers how many. */
export async function closeOpenReports(
  db: Db,
  reviewId: string,
  close: { status: 'resolved' | 'dismissed'; by: string; at: Date },
  reportId?: string,
): Promise<number> {
  let query = db
    .updateTable('reviewReports')
    .set({ status: close.status, resolvedAt: close.at, resolvedBy: close.by })
    .where('reviewId', '=', reviewId)
    .where('status', '=', 'open');
  if (reportId) query = query.where('id', '=', reportId);
  const rows = await query.returning('id').execute();
  return rows.length;
}

export async function lockReport(db: Db, id: string) {
  return db
    .selectFrom('reviewReports')
    .select(['id', 'reviewId', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The writer's contact, to tell them an admin hid their review. */
export async function findAuthor(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Review reports as admins read them, the review shown in each; newest first. */
export async function adminReportRows(
  db: Db,
  filter: { status?: 'open' | 'resolved' | 'dismissed' | undefined; id?: string },
  limit: number,
  offset: number,
) {
  let query = db
    .selectFrom('reviewReports as p')
    .innerJoin('reviews as r', 'r.id', 'p.reviewId')
    .innerJoin('vendors as v', 'v.id', 'r.vendorId')
    .leftJoin('users as rep', 'rep.id', 'p.reporterId')
    .leftJoin('users as a', 'a.id', 'r.authorId')
    .select([
      'p.id',
      'p.reason',
      'p.status',
      'p.createdAt',
      'p.resolvedAt',
      'rep.id as reporterId',
      'rep.name as reporterName',
      'rep.email as reporterEmail',
      'r.id as reviewId',
      'r.vendorId',
      'v.businessName',
      'r.rating',
      'r.text',
      'r.imageUrls',
      'a.name as authorName',
      'a.email as authorEmail',
      'r.createdAt as reviewCreatedAt',
      'r.reply',
      'r.hidden',
      'r.hiddenReason',
      sql<number>`(count(*) over ())::int`.as('total'),
    ]);
  if (filter.status) query = query.where('p.status', '=', filter.status);
  if (filter.id) query = query.where('p.id', '=', filter.id);
  return query.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
}

/**
 * The bookings of these customers that are completed and have no review yet, optionally of one
 * listing, most recent first.
 */
export async function reviewableBookings(db: Db, customerIds: string[], now: Date, vendorId?: string) {
  if (customerIds.length === 0) return [];
  let query = db
    .selectFrom('bookings as b')
    .innerJoin('vendors as v', 'v.id', 'b.vendorId')
    .select([
      'b.id as bookingId',
      'b.vendorId',
      'v.businessName',
      sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'),
    ])
    .where('b.customerId', 'in', customerIds)
    .where(bookingCompleted('b', 'v', now))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('reviews as r').select('r.id').whereRef('r.bookingId', '=', 'b.id'))),
    );
  if (vendorId) query = query.where('b.vendorId', '=', vendorId);
  return query.orderBy('b.day', 'desc').orderBy('b.id').limit(50).execute();
}
