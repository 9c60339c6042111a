import { type Kysely, sql } from 'kysely';

/**
 * Hebrew search (decision 045): a listing may give its name in Hebrew too (name_he), and the
 * search columns hold text folded as src/shared/hebrew-search.ts folds typed words: final letters as
 * plain letters, niqqud and cantillation dropped, maqaf and the other Hebrew punctuation of the
 * points block as spaces, geresh, gershayim and direction marks dropped, and quotes right after a
 * Hebrew letter dropped. The folding is search_fold(), one immutable SQL expression (translate and
 * regexp_replace), so the generated columns can call it; a test checks it folds every character as
 * the application does (migrations never import application code, so the lists are written here).
 *
 * The two generated search columns are rebuilt around it with the Hebrew name beside the Latin one
 * (PostgreSQL 15 cannot change a generated column's expression), and the vocabulary gains the
 * folded words and loses the unfolded ones no listing holds any more.
 */
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const SEPARATORS = ['\u05BE', '\u05C0', '\u05C3', '\u05C6'];
const MARKS = range(0x0591, 0x05c7).filter((c) => !SEPARATORS.includes(c));
const DROPPED = [
  '\u05F3',
  '\u05F4',
  '\u061C',
  '\u200E',
  '\u200F',
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
];
/** translate(): each of the first characters becomes the one at its place in TO; the rest are deleted. */
const FROM = ['ך', 'ם', 'ן', 'ף', 'ץ', ...SEPARATORS, ...MARKS, ...DROPPED].join('');
const TO = `כמנפצ${' '.repeat(SEPARATORS.length)}`;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN regexp_replace(translate($1, ${literal(FROM)}, ${literal(TO)}), ${literal(`([\u05D0-\u05EA])['"\u2019\u201D]+`)}, '\\1', 'g')`)
    .execute(db);

  // Stored text: folded, and a Hebrew word with the article or the conjunction before at least three
  // letters also without them ('השמחות' also as 'שמחות').
  await sql
    .raw(`CREATE FUNCTION search_text(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN regexp_replace(search_fold($1), ${literal('(^|[^\u05D0-\u05EA])(\u05D5?\u05D4|\u05D5)([\u05D0-\u05EA]{3,})')}, '\\1\\2\\3 \\3', 'g')`)
    .execute(db);

  await sql`ALTER TABLE vendors ADD COLUMN name_he text CHECK (name_he IS NULL OR length(btrim(name_he)) > 0)`.execute(
    db,
  );

  // Both names: a listing is found by its Hebrew name and by its Latin one.
  const names = `business_name || ' ' || coalesce(name_he, '')`;
  await sql`ALTER TABLE vendors DROP COLUMN name_vector`.execute(db);
  await sql
    .raw(`ALTER TABLE vendors ADD COLUMN name_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', search_text(${names}))) STORED`)
    .execute(db);
  await sql`CREATE INDEX vendors_name_vector_idx ON vendors USING gin (name_vector)`.execute(db);

  await sql`ALTER TABLE vendors DROP COLUMN search_vector`.execute(db);
  await sql
    .raw(`ALTER TABLE vendors ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', search_text(${names} || ' ' || category)), 'A') ||
    setweight(to_tsvector('simple', search_text(coalesce(neighborhood, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, ''))), 'B') ||
    setweight(to_tsvector('simple', search_text(coalesce(description, ''))), 'C')
  ) STORED`)
    .execute(db);
  await sql`CREATE INDEX vendors_search_vector_idx ON vendors USING gin (search_vector)`.execute(db);

  await sql`DELETE FROM search_word_forms WHERE word <> search_fold(word)`.execute(db);
  await sql`DELETE FROM search_words WHERE word <> search_fold(word)`.execute(db);
  await sql`INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM vendors v, unnest(v.search_vector) AS w ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vendors DROP COLUMN search_vector`.execute(db);
  await sql`ALTER TABLE vendors ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', business_name || ' ' || category), 'A') ||
    setweight(to_tsvector('simple', coalesce(neighborhood, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(description, '')), 'C')
  ) STORED`.execute(db);
  await sql`CREATE INDEX vendors_search_vector_idx ON vendors USING gin (search_vector)`.execute(db);
  await sql`ALTER TABLE vendors DROP COLUMN name_vector`.execute(db);
  await sql`ALTER TABLE vendors ADD COLUMN name_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', business_name)) STORED`.execute(db);
  await sql`CREATE INDEX vendors_name_vector_idx ON vendors USING gin (name_vector)`.execute(db);
  await sql`ALTER TABLE vendors DROP COLUMN name_he`.execute(db);
  await sql`DROP FUNCTION search_text(text)`.execute(db);
  await sql`DROP FUNCTION search_fold(text)`.execute(db);
}
