import { type Kysely, sql } from 'kysely';

/**
 * Typos one edit away, as Damerau counts them (a missing, extra or wrong letter, or two neighbouring
 * letters swapped), found through an index instead of by similarity. Every vocabulary word is
 * stored under itself and under each form with one letter taken out, with the position taken
 * (0 for the word itself). A typed word's own forms are looked up there: two words one edit apart
 * always share a form, and the positions tell which pairs are really one edit apart (decision 005).
 * Trigram similarity alone misses swapped letters in short words: 'sicmha' and 'simcha' share
 * too few trigrams.
 */
const MIN_LENGTH = 3;
const MAX_LENGTH = 30;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_word_forms (
    form text COLLATE "C" NOT NULL,
    word text COLLATE "C" NOT NULL,
    pos smallint NOT NULL,
    PRIMARY KEY (form, word, pos)
  )`.execute(db);
  // Words of 3 letters are stored only as themselves: a typed word has at least 4 letters, so only
  // its extra-letter slip can meet them.
  await sql
    .raw(`CREATE FUNCTION collect_word_forms() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_word_forms (form, word, pos)
      SELECT w.word, w.word, 0 FROM new_words w
      WHERE char_length(w.word) BETWEEN ${MIN_LENGTH} AND ${MAX_LENGTH}
      UNION
      SELECT overlay(w.word placing '' from i for 1), w.word, i FROM new_words w,
        generate_series(1, char_length(w.word)) AS i
      WHERE char_length(w.word) BETWEEN ${MIN_LENGTH + 1} AND ${MAX_LENGTH}
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $$`)
    .execute(db);
  await sql`CREATE TRIGGER search_words_forms_on_insert AFTER INSERT ON search_words
    REFERENCING NEW TABLE AS new_words FOR EACH STATEMENT EXECUTE FUNCTION collect_word_forms()`.execute(db);
  await sql
    .raw(`INSERT INTO search_word_forms (form, word, pos)
      SELECT w.word, w.word, 0 FROM search_words w
      WHERE char_length(w.word) BETWEEN ${MIN_LENGTH} AND ${MAX_LENGTH}
      UNION
      SELECT overlay(w.word placing '' from i for 1), w.word, i FROM search_words w,
        generate_series(1, char_length(w.word)) AS i
      WHERE char_length(w.word) BETWEEN ${MIN_LENGTH + 1} AND ${MAX_LENGTH}
      ON CONFLICT DO NOTHING`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS search_words_forms_on_insert ON search_words`.execute(db);
  await sql`DROP FUNCTION IF EXISTS collect_word_forms()`.execute(db);
  await sql`DROP TABLE IF EXISTS search_word_forms`.execute(db);
}
