import { type Kysely, sql } from 'kysely';

/**
 * Marketplace search and ordering: full-text search with a trigram-indexed vocabulary for typos,
 * a GiST index on the vendors' position for nearest-first order, and one index per sort order
 * (with and without a category) so no marketplace query scans the vendors table.
 */
const statements = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE EXTENSION IF NOT EXISTS cube',
  'CREATE EXTENSION IF NOT EXISTS earthdistance',

  // Every word of the listing; the name and category weigh most, then the place, then the description.
  `ALTER TABLE vendors ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', business_name || ' ' || category), 'A') ||
    setweight(to_tsvector('simple', coalesce(neighborhood, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  ) STORED`,
  'CREATE INDEX vendors_search_vector_idx ON vendors USING gin (search_vector)',
  // The vocabulary of all listings: a misspelt word is replaced by its nearest real words before
  // the full-text search, so typos cost a lookup in a few thousand words, not a scan of the vendors.
  'CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY)',
  'CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)',
  `CREATE FUNCTION collect_vendor_words() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_words (word)
      SELECT DISTINCT w.lexeme FROM changed_vendors v, unnest(v.search_vector) AS w
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER vendors_words_on_insert AFTER INSERT ON vendors
    REFERENCING NEW TABLE AS changed_vendors FOR EACH STATEMENT EXECUTE FUNCTION collect_vendor_words()`,
  `CREATE TRIGGER vendors_words_on_update AFTER UPDATE ON vendors
    REFERENCING NEW TABLE AS changed_vendors FOR EACH STATEMENT EXECUTE FUNCTION collect_vendor_words()`,
  'INSERT INTO search_words (word) SELECT DISTINCT w.lexeme FROM vendors v, unnest(v.search_vector) AS w ON CONFLICT DO NOTHING',

  // The position as a point on the earth, stored so distances need no trigonometry per row at query time.
  'ALTER TABLE vendors ADD COLUMN location earth GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)) STORED',
  'CREATE INDEX vendors_location_idx ON vendors USING gist (location)',

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
    'ALTER TABLE vendors DROP COLUMN IF EXISTS location',
    'DROP TRIGGER IF EXISTS vendors_words_on_update ON vendors',
    'DROP TRIGGER IF EXISTS vendors_words_on_insert ON vendors',
    'DROP FUNCTION IF EXISTS collect_vendor_words()',
    'DROP TABLE IF EXISTS search_words',
    'ALTER TABLE vendors DROP COLUMN IF EXISTS search_vector',
    'CREATE INDEX IF NOT EXISTS vendors_category_idx ON vendors (category)',
    'CREATE INDEX IF NOT EXISTS vendors_verified_idx ON vendors (verified) WHERE verified',
    'CREATE INDEX IF NOT EXISTS vendors_created_at_idx ON vendors (created_at DESC, id)',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
