import { type Kysely, sql } from 'kysely';

/**
 * "Top Rated" sorts by a Bayesian average of a listing's visible reviews (decision 037): as if every
 * listing also had C = 5 reviews of m = 3 stars (the middle of the scale), so one review of 5 stars
 * (3.33) does not outrank 80 reviews of 4.8 (4.69). The prior is stated, not the site's mean, so the
 * rank is a stored column of the row (kept with rating and review_count, which the reviews domain
 * recomputes) and the rating order keeps an index to walk.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors ADD COLUMN rating_rank numeric(6, 4)
    GENERATED ALWAYS AS (round((5 * 3.0 + rating * review_count) / (5 + review_count), 4)) STORED`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS vendors_rating_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vendors_category_rating_idx`.execute(db);
  await sql`CREATE INDEX vendors_rating_idx ON vendors (rating_rank DESC, review_count DESC, id)`.execute(db);
  await sql`CREATE INDEX vendors_category_rating_idx ON vendors (category, rating_rank DESC, review_count DESC, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS vendors_rating_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS vendors_category_rating_idx`.execute(db);
  await sql`ALTER TABLE vendors DROP COLUMN IF EXISTS rating_rank`.execute(db);
  await sql`CREATE INDEX vendors_rating_idx ON vendors (rating DESC, review_count DESC, id)`.execute(db);
  await sql`CREATE INDEX vendors_category_rating_idx ON vendors (category, rating DESC, review_count DESC, id)`.execute(
    db,
  );
}
