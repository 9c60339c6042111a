import { type Kysely, sql } from 'kysely';

/**
 * Marketplace search and ordering: trigram and full-text indexes for typo-tolerant search,
 * a GiST index on the vendors' position for nearest-first order, and one index per sort order
 * (with and without a category) so no marketplace query scans the vendors table.
 */
const statements = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE EXTENSION IF NOT EXISTS cube',
  'CREATE EXTENSION IF NOT EXISTS earthdistance',

  // Short words people type: name, category and place. Trigram matching tolerates typos here.
  `ALTER TABLE vendors ADD COLUMN search_terms text GENERATED ALWAYS AS (
    lower(business_name || ' ' || category || ' ' || coalesce(neighborhood, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, ''))
  ) STORED`,
  // Every word of the listing, description included, for whole-word and prefix matches.
  `ALTER TABLE vendors ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', business_name || ' ' || category), 'A') ||
    setweight(to_tsvector('simple', coalesce(neighborhood, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  ) STORED`,
  'CREATE INDEX vendors_search_terms_trgm_idx ON vendors USING gin (search_terms gin_trgm_ops)',
  'CREATE INDEX vendors_search_vector_idx ON vendors USING gin (search_vector)',
  'CREATE INDEX vendors_business_name_trgm_idx ON vendors USING gin (lower(business_name) gin_trgm_ops)',

  'CREATE INDEX vendors_location_idx ON vendors USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL',

  'DROP INDEX vendors_category_idx',
  'DROP INDEX vendors_created_at_idx',
  'DROP INDEX vendors_verified_idx',
  'CREATE INDEX vendors_popular_idx ON vendors (review_count DESC, rating DESC, id)',
  'CREATE INDEX vendors_rating_idx ON vendors (rating DESC, review_count DESC, id)',
  'CREATE INDEX vendors_newest_idx ON vendors (created_at DESC, id)',
  'CREATE INDEX vendors_category_popular_idx ON vendors (category, review_count DESC, rating DESC, id)',
  'CREATE INDEX vendors_category_rating_idx ON vendors (category, rating DESC, review_count DESC, id)',
  'CREATE INDEX vendors_category_newest_idx ON vendors (category, created_at DESC, id)',
  'CREATE INDEX vendors_featured_idx ON vendors (review_count DESC, rating DESC, id) WHERE verified',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP INDEX IF EXISTS vendors_featured_idx',
    'DROP INDEX IF EXISTS vendors_category_newest_idx',
    'DROP INDEX IF EXISTS vendors_category_rating_idx',
    'DROP INDEX IF EXISTS vendors_category_popular_idx',
    'DROP INDEX IF EXISTS vendors_newest_idx',
    'DROP INDEX IF EXISTS vendors_rating_idx',
    'DROP INDEX IF EXISTS vendors_popular_idx',
    'DROP INDEX IF EXISTS vendors_location_idx',
    'DROP INDEX IF EXISTS vendors_business_name_trgm_idx',
    'ALTER TABLE vendors DROP COLUMN IF EXISTS search_vector',
    'ALTER TABLE vendors DROP COLUMN IF EXISTS search_terms',
    'CREATE INDEX IF NOT EXISTS vendors_category_idx ON vendors (category)',
    'CREATE INDEX IF NOT EXISTS vendors_verified_idx ON vendors (verified) WHERE verified',
    'CREATE INDEX IF NOT EXISTS vendors_created_at_idx ON vendors (created_at DESC, id)',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
