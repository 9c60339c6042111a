import { type Expression, type SqlBool, sql } from 'kysely';
import type { VendorSort } from '../../shared/schemas/vendors';
import type { Db } from '../db/create-db';
import type { NewVendor, VendorUpdate } from '../db/types';

export const vendorColumns = [
  'vendors.id',
  'vendors.businessName',
  'vendors.category',
  'vendors.contactEmail',
  'vendors.contactPhone',
  'vendors.contactWhatsapp',
  'vendors.address',
  'vendors.city',
  'vendors.state',
  'vendors.zipcode',
  'vendors.country',
  'vendors.neighborhood',
  'vendors.description',
  'vendors.descriptionRich',
  'vendors.details',
  'vendors.website',
  'vendors.logoUrl',
  'vendors.imageUrl',
  'vendors.galleryImages',
  'vendors.verified',
  'vendors.ownerId',
  'vendors.claimed',
  'vendors.rating',
  'vendors.reviewCount',
  'vendors.latitude',
  'vendors.longitude',
  'vendors.createdAt',
  'vendors.version',
] as const;

export interface Position {
  lat: number;
  lng: number;
}

/** The words of typed text, lower-cased, at most 8. */
export function wordsOf(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** A prefix matching more listing words than this stays a prefix query instead of a list of words. */
const MAX_COMPLETIONS = 40;

/**
 * Typed text resolved against the listings' vocabulary: for each word, the listing words it stands
 * for. Exact words (not prefixes) give the planner real statistics to choose between walking an
 * order's index and collecting the matches from the text index.
 */
export interface ResolvedSearch {
  /** Each word's alternatives: a listing must contain one alternative of every word. */
  terms: ({ anyOf: string[] } | { prefix: string })[];
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;

/** The text-search query of a resolved search. */
export function toTsquery(search: ResolvedSearch): string {
  return search.terms
    .map((t) => ('prefix' in t ? `${quote(t.prefix)}:*` : `(${t.anyOf.map(quote).join(' | ')})`))
    .join(' & ');
}

/** Typed words this long are matched one edit away through search_word_forms (decision 005). */
const SLIP_MIN_LENGTH = 4;
const SLIP_MAX_LENGTH = 30;
/** Most listing words a typed word one edit away from several can stand for. */
const MAX_SLIP_MATCHES = 5;

/**
 * The forms of typed words as search_word_forms stores a listing word's: each word itself (position
 * 0) and with each letter taken out (its position, from 1), for words of 4 to 30 letters. `owner` is
 * the typed word's place (from 1) in the search.
 */
export function typedWordForms(words: string[]): { form: string[]; pos: number[]; owner: number[] } {
  const out = { form: [] as string[], pos: [] as number[], owner: [] as number[] };
  words.forEach((word, index) => {
    const letters = Array.from(word);
    if (letters.length < SLIP_MIN_LENGTH || letters.length > SLIP_MAX_LENGTH) return;
    const add = (form: string, pos: number) => {
      out.form.push(form);
      out.pos.push(pos);
      out.owner.push(index + 1);
    };
    add(word, 0);
    for (let i = 0; i < letters.length; i++)
      add([...letters.slice(0, i), ...letters.slice(i + 1)].join(''), i + 1);
  });
  return out;
}

/**
 * Turns typed text into listing words (search_words). A word that begins some listing words stands
 * for them ('phot' finds 'photographers'). Any other word stands for the listing words one edit away
 * as Damerau counts them ('sicmha', 'simxha', 'simmcha' and 'smcha' all find 'simcha'), found by
 * shared forms: two words share a form when each loses one letter; they are one edit apart when one
 * of them lost none (a letter missing or added), both lost the same position (a wrong letter), or
 * both lost the same letter at neighbouring positions (two letters swapped). Failing that, a word
 * stands for its nearest listing words by trigram similarity, so 'photgrapher' still finds
 * photographers. Undefined when nothing was typed; null when a word resembles nothing, so nothing
 * can match. One statement.
 */
export async function resolveSearch(db: Db, search: string): Promise<ResolvedSearch | null | undefined> {
  const words = wordsOf(search);
  if (words.length === 0) return undefined;
  const typed = typedWordForms(words);
  const { rows } = await sql<{ word: string; completions: string[]; similar: string[] | null }>`
    with typed_forms as (
      select * from unnest(${typed.form}::text[], ${typed.pos}::int[], ${typed.owner}::int[]) as t(form, pos, owner)
    )
    select w.word, c.completions,
      case when cardinality(c.completions) = 0 then coalesce(
        nullif(array(
          select distinct f.word from typed_forms t
          join search_word_forms f on f.form = t.form
          where t.owner = w.n and (
            t.pos = 0 or f.pos = 0 or t.pos = f.pos
            or (abs(t.pos - f.pos) = 1 and substr(f.word, f.pos, 1) = substr(w.word, t.pos, 1))
          )
          order by f.word limit ${MAX_SLIP_MATCHES}
        ), '{}'),
        array(select s.word from search_words s where s.word % w.word order by s.word <-> w.word, s.word limit 3)
      ) end as similar
    from unnest(${words}::text[]) with ordinality as w(word, n)
    cross join lateral (
      select array(
        select s.word from search_words s
        where s.word >= w.word and s.word < w.word || chr(1114111)
        order by s.word limit ${MAX_COMPLETIONS + 1}
      ) as completions
    ) c
    order by w.n`.execute(db);
  const terms: ResolvedSearch['terms'] = [];
  for (const row of rows) {
    if (row.completions.length > MAX_COMPLETIONS) terms.push({ prefix: row.word });
    else if (row.completions.length > 0) terms.push({ anyOf: row.completions });
    else if (row.similar && row.similar.length > 0) terms.push({ anyOf: row.similar });
    else return null;
  }
  return { terms };
}

const point = (p: Position) => sql`ll_to_earth(${p.lat}, ${p.lng})`;
const vendorPoint = sql`vendors.location`;

/**
 * Within the radius; with the bounding box the location index can answer when asked. The box is
 * left out where an order's index or the text index supplies the rows: the planner has no
 * statistics for it and would read the whole box (66,000 vendors around New York).
 */
function withinRadius(p: Position, radiusKm: number, box: boolean): Expression<SqlBool> {
  const meters = radiusKm * 1000;
  const distance = sql<SqlBool>`earth_distance(${point(p)}, ${vendorPoint}) <= ${meters}`;
  return box ? sql<SqlBool>`(earth_box(${point(p)}, ${meters}) @> ${vendorPoint} and ${distance})` : distance;
}

const textMatches = (tsquery: string) =>
  sql<SqlBool>`vendors.search_vector @@ to_tsquery('simple', ${tsquery})`;
const nameMatches = (tsquery: string) =>
  sql<SqlBool>`vendors.name_vector @@ to_tsquery('simple', ${tsquery})`;

export interface VendorSearch {
  search?: ResolvedSearch | undefined;
  categories?: string[] | undefined;
  position?: Position | undefined;
  radiusKm: number;
  sort: VendorSort;
  limit: number;
  offset: number;
  verifiedOnly?: boolean;
  /**
   * End the order with the id (default) so pages never repeat or skip a vendor. A single page may
   * leave it out, letting the location index hand over the nearest rows without sorting them all.
   */
  pageable?: boolean;
}

/**
 * The vendors the filters allow, before any text search. Only a count without a text search takes
 * the radius's bounding box: pages walk an order's index, and text matches come from the text index.
 * Listings an admin hid are never among them (list, search, counts and featured all start here).
 */
function filtered(db: Db, s: VendorSearch, box = false) {
  let q = db.selectFrom('vendors').where('vendors.hidden', '=', false);
  if (s.categories && s.categories.length > 0) q = q.where('vendors.category', 'in', s.categories);
  if (s.verifiedOnly) q = q.where('vendors.verified', '=', true);
  if (s.position) q = q.where(withinRadius(s.position, s.radiusKm, box));
  return q;
}

type Filtered = ReturnType<typeof filtered>;

/**
 * The filtered vendors with every column, and for nearest-first order the distance key as a column
 * of its own (knn), so a query over a window of them sees the window's order and can finish the
 * id tie-break a few rows at a time instead of sorting the whole window.
 */
function candidates(db: Db, s: VendorSearch) {
  const position = s.sort === 'near' ? s.position : undefined;
  return filtered(db, s)
    .selectAll('vendors')
    .$if(position !== undefined, (q) =>
      q.select(sql<number>`${vendorPoint} <-> ${point(position as Position)}`.as('knn')),
    );
}

/** The vendors a page is read from: all candidates, or a window of them in the page's order. */
const from = (db: Db, source: ReturnType<typeof candidates>) => db.selectFrom(source.as('vendors'));

/** The chosen order's keys over the candidates; ending with the id so pages never repeat or skip. */
function orderKeys(s: VendorSearch, window = false) {
  const keys = [];
  switch (s.sort) {
    case 'near':
      // The location index yields nearest first; only a window's own order reads it directly.
      if (s.position) keys.push(window ? sql`${vendorPoint} <-> ${point(s.position)}` : sql`vendors.knn`);
      break;
    case 'rating':
      keys.push(sql`vendors.rating desc`, sql`vendors.review_count desc`);
      break;
    case 'newest':
      keys.push(sql`vendors.created_at desc`);
      break;
    default:
      keys.push(sql`vendors.review_count desc`, sql`vendors.rating desc`);
  }
  if (s.pageable !== false && !(window && s.sort === 'near')) keys.push(sql`vendors.id`);
  if (keys.length === 0) keys.push(sql`vendors.id`);
  return sql.join(keys);
}

/** Rows offset to offset + limit of the chosen order among the rows the source holds. */
function pageOf(
  source: ReturnType<typeof from>,
  s: VendorSearch,
  match: Expression<SqlBool> | undefined,
  offset: number,
  limit: number,
) {
  let q = source.select(vendorColumns);
  if (s.position) {
    q = q.select(
      sql<
        number | null
      >`round((earth_distance(${point(s.position)}, ${vendorPoint}) / 1000)::numeric, 1)::float8`.as(
        'distanceKm',
      ),
    );
  }
  if (match) q = q.where(match);
  return q.orderBy(orderKeys(s)).limit(limit).offset(offset).execute();
}

/** The first rows of the candidates in the page's order, read lazily from the order's index. */
const windowOf = (db: Db, s: VendorSearch, rows: number) =>
  candidates(db, s).orderBy(orderKeys(s, true)).limit(rows);

/** A walk reads no more than this many rows per vendor the page needs: 1 match in 40 or more. */
const WALK_ROWS_PER_MATCH = 40;
const WALK_ROWS_MAX = 4000;
const NEAR_WALK_ROWS_PER_MATCH = 10;

/**
 * Rows offset to offset + limit of the matches, in the chosen order. Walking the order's index and
 * stopping after a page is fastest when matches are common; collecting every match from the text
 * index and sorting them is fastest when they are rare. The planner cannot tell the two apart when
 * words and categories go together ('kosher' is common, but not among photographers), so the page
 * first walks a bounded window of the order, and only when the window holds too few matches
 * collects them, with the planner told not to walk.
 */
async function pageOfMatches(
  db: Db,
  s: VendorSearch,
  match: Expression<SqlBool>,
  offset: number,
  limit: number,
) {
  // Nearest-first walks cost several times more per row (the location index, rows in no order).
  const rowsPerMatch = s.sort === 'near' ? NEAR_WALK_ROWS_PER_MATCH : WALK_ROWS_PER_MATCH;
  const windowRows = Math.min(WALK_ROWS_MAX, (offset + limit) * rowsPerMatch);
  const walked = await pageOf(from(db, windowOf(db, s, windowRows)), s, match, offset, limit);
  if (walked.length === limit) return walked;
  return withPlannerOff(db, ['enable_indexscan', 'enable_seqscan'], (trx) =>
    pageOf(from(trx, candidates(trx, s)), s, match, offset, limit),
  );
}

/** Runs one statement with some of the planner's plan kinds switched off, for its transaction only. */
function withPlannerOff<T>(
  db: Db,
  settings: ('enable_indexscan' | 'enable_seqscan')[],
  run: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select ${sql.join(settings.map((name) => sql`set_config(${name}, 'off', true)`))}`.execute(trx);
    return run(trx);
  });
}

/**
 * How many rows match, counting no further than the cap. Without a sequential scan: it would stop
 * at the cap when matches are common, but read the whole table when the planner only guessed so.
 */
async function countUpTo(db: Db, matches: (db: Db) => Filtered, cap: number): Promise<number> {
  return withPlannerOff(db, ['enable_seqscan'], async (trx) => {
    const { total } = await trx
      .selectFrom(matches(trx).select(sql`1`.as('one')).limit(cap).as('matches'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow();
    return total;
  });
}

/**
 * One page of vendors, and whether more follow. With a search, the vendors whose name matches come
 * first and every other match after them, each group in the chosen order: the best matches lead,
 * and neither group needs every match ranked.
 */
export async function searchVendors(db: Db, s: VendorSearch) {
  const wanted = s.limit + 1;
  if (!s.search) {
    // Without a search every candidate matches: the window holds the page.
    const rows = await pageOf(from(db, windowOf(db, s, s.offset + wanted)), s, undefined, s.offset, wanted);
    return { items: rows.slice(0, s.limit), hasMore: rows.length > s.limit };
  }
  const tsquery = toTsquery(s.search);
  const byName = nameMatches(tsquery);
  const countNames = (cap: number) => countUpTo(db, (d) => filtered(d, s).where(byName), cap);
  // Nearest first, past the first page: how many names match (counted no further than this page)
  // tells whether the page holds any of them, as a walk of the location index that finds none
  // costs more than counting them (about 15 us a row against 1 us in an order's btree).
  const names = s.offset === 0 || s.sort !== 'near' ? undefined : await countNames(s.offset + wanted);
  let rows: Awaited<ReturnType<typeof pageOf>> = [];
  if (names === undefined || names > s.offset) rows = await pageOfMatches(db, s, byName, s.offset, wanted);
  if (rows.length < wanted) {
    // The page reaches past the names that match: the other matches follow them, from where the
    // names ended.
    const namesBefore =
      rows.length > 0 || s.offset === 0 ? s.offset : (names ?? (await countNames(s.offset)));
    const othersOffset = s.offset - namesBefore;
    const others = sql<SqlBool>`(${textMatches(tsquery)} and not ${byName})`;
    rows = [...rows, ...(await pageOfMatches(db, s, others, othersOffset, wanted - rows.length))];
  }
  return { items: rows.slice(0, s.limit), hasMore: rows.length > s.limit };
}

/** How many vendors match the search and filters, counting no further than the cap. */
export function countVendors(db: Db, s: Omit<VendorSearch, 'sort' | 'limit' | 'offset'>, cap: number) {
  const tsquery = s.search && toTsquery(s.search);
  return countUpTo(
    db,
    (d) => {
      const base = filtered(d, { ...s, sort: 'popular', limit: 0, offset: 0 }, !tsquery);
      return tsquery ? base.where(textMatches(tsquery)) : base;
    },
    cap,
  );
}

/** Any listing, hidden ones too: for its owner's and the admins' edits, never for a public read. */
export async function findVendorById(db: Db, id: string) {
  return db.selectFrom('vendors').select(vendorColumns).where('id', '=', id).executeTakeFirst();
}

/** A listing the public may see: a hidden one answers as if it did not exist. */
export async function findVisibleVendorById(db: Db, id: string) {
  return db
    .selectFrom('vendors')
    .select(vendorColumns)
    .where('id', '=', id)
    .where('hidden', '=', false)
    .executeTakeFirst();
}

/** The user's listing of that id, or their first listing without one. */
export async function findVendorOwnedBy(db: Db, userId: string, vendorId?: string) {
  let query = db.selectFrom('vendors').select(vendorColumns).where('ownerId', '=', userId);
  if (vendorId) query = query.where('id', '=', vendorId);
  return query.orderBy('createdAt').orderBy('id').executeTakeFirst();
}

/** The same choice as findVendorOwnedBy, with only what the analytics need of the listing. */
export async function findOwnedListingRef(db: Db, userId: string, vendorId?: string) {
  let query = db.selectFrom('vendors').select(['id', 'longitude']).where('ownerId', '=', userId);
  if (vendorId) query = query.where('id', '=', vendorId);
  return query.orderBy('createdAt').orderBy('id').limit(1).executeTakeFirst();
}

/** Every listing the user owns, oldest first (the dashboard's picker). */
export async function findListingsOwnedBy(db: Db, userId: string) {
  return db
    .selectFrom('vendors')
    .select(['id', 'businessName', 'category', 'verified', 'claimed', 'hidden', 'hiddenReason'])
    .where('ownerId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Business names matching a resolved search, the most reviewed first; never a hidden listing's. */
export async function suggestVendorNames(db: Db, search: ResolvedSearch, limit: number) {
  const rows = await db
    .selectFrom('vendors')
    .select('businessName')
    .where(nameMatches(toTsquery(search)))
    .where('hidden', '=', false)
    .orderBy('reviewCount', 'desc')
    .orderBy('rating', 'desc')
    .orderBy('id')
    .limit(limit * 4)
    .execute();
  return [...new Set(rows.map((r) => r.businessName))].slice(0, limit);
}

/** The listing's name as people type it: case, inner spacing and surrounding blanks ignored. */
const nameKey = (name: string) =>
  sql<string>`lower(regexp_replace(btrim(${name}), '[[:space:]]+', ' ', 'g'))`;

/**
 * Serializes listing creations and renames per name until the caller's transaction ends, then finds
 * another listing that already carries the name (through vendors_name_key_idx).
 */
export async function lockAndFindListingNamed(db: Db, name: string, exceptId?: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${nameKey(name)}))`.execute(db);
  let q = db
    .selectFrom('vendors')
    .select(['id', 'businessName'])
    .where(
      sql<string>`lower(regexp_replace(btrim(business_name), '[[:space:]]+', ' ', 'g'))`,
      '=',
      nameKey(name),
    );
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.limit(1).executeTakeFirst();
}

/**
 * A customer account that lists a business becomes a vendor account; vendors and admins keep their
 * role. No version bump: the role is not part of the profile form, whose edits must not turn stale.
 */
export async function makeVendorAccount(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'vendor', updatedAt: now })
    .where('id', '=', userId)
    .where('role', '=', 'customer')
    .execute();
}

export async function insertVendor(db: Db, values: NewVendor) {
  return db.insertInto('vendors').values(values).returning(vendorColumns).executeTakeFirstOrThrow();
}

/**
 * Applies the values if the listing is still at `version`, raising it by one, and answers the row
 * as this statement wrote it; undefined when no row matched (gone, or changed since).
 */
export async function updateVendorAt(db: Db, id: string, version: number, values: VendorUpdate) {
  return db
    .updateTable('vendors')
    .set({ ...values, version: sql<number>`version + 1`, updatedAt: new Date() })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(vendorColumns)
    .executeTakeFirst();
}

/** The version of the vendors table: it advances with every statement that changes a listing. */
export async function vendorsVersion(db: Db): Promise<string> {
  const { rows } = await sql<{
    version: string;
  }>`select version::text as version from vendors_version`.execute(db);
  return rows[0]?.version ?? '0';
}
