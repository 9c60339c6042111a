import { sql } from 'kysely';
import { foldHebrew, hasHebrew, hebrewStems, MIN_STEM } from '../../../shared/hebrew-search';
import { KASHRUT_CATEGORIES, type KashrutFilter } from '../../../shared/kashrut';
import { zoneAt } from '../../../shared/place-zone';
import type { KashrutBadgeDto } from '../../../shared/schemas/kashrut-public';
import type { VendorSort } from '../../../shared/schemas/vendors';
import type { Db } from '../../platform/db/create-db';
import type { NewVendor, VendorRow, VendorUpdate } from '../../platform/db/types';
import { type FreeOn, freeOnConditions } from '../availability/free-on';
import { nameSkeleton } from './name-skeleton';

export const vendorColumns = [
  'vendors.id',
  'vendors.businessName',
  'vendors.nameHe',
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
  'vendors.timeZone',
  'vendors.createdAt',
  'vendors.version',
] as const;

export interface Position {
  lat: number;
  lng: number;
}

/** The words of typed text, folded as stored text is (foldHebrew) and lower-cased, at most 8. */
export function wordsOf(search: string): string[] {
  return (
    foldHebrew(search)
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 8);
}

/** A prefix matching more listing words than this stays a prefix query instead of a list of words. */
const MAX_COMPLETIONS = 40;

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

/** A lexeme quoted for to_tsquery, in SQL: 'it''s' for it's. */
const tsLexeme = (column: string) => `'''' || replace(${column}, '''', '''''') || ''''`;

/**
 * What each typed word is looked up as: itself, and a Hebrew word also as its stems with a prefix
 * taken off ('והצלמ' as 'הצלמ' and 'צלמ'). `n`: the typed word's place (from 1). A stem of two
 * letters matches only a whole listing word: as the beginning of words it would stand for too many.
 */
export function lookups(words: string[]): {
  word: string[];
  n: number[];
  typed: boolean[];
  whole: boolean[];
} {
  const out = { word: [] as string[], n: [] as number[], typed: [] as boolean[], whole: [] as boolean[] };
  words.forEach((word, index) => {
    const add = (form: string, typed: boolean) => {
      out.word.push(form);
      out.n.push(index + 1);
      out.typed.push(typed);
      out.whole.push(!typed && Array.from(form).length <= MIN_STEM);
    };
    add(word, true);
    for (const stem of hebrewStems(word)) add(stem, false);
  });
  return out;
}

/**
 * The typed words resolved against the listings' vocabulary (search_words), as the common table
 * expressions `lookups`, `words` and `q` (q.tsq: the text-search query, null when a word resembles
 * nothing, so nothing can match). A word, or a stem of it (lookups()), that begins some listing words
 * stands for them ('phot' finds 'photographers'; beyond 40 of them it stays a prefix query), and a
 * Hebrew word stands for all its stems' words at once. Any other word stands for the listing words
 * one edit away as Damerau counts them ('sicmha', 'simxha', 'simmcha' and 'smcha' all find
 * 'simcha'), found by shared forms: two words share a form when each loses one letter; they are one
 * edit apart when one of them lost none (a letter missing or added), both lost the same position (a
 * wrong letter), or both lost the same letter at neighbouring positions (two letters swapped).
 * Failing that, a word stands for its nearest listing words by trigram similarity, so 'photgrapher'
 * still finds photographers. The words are resolved inside the statement that uses them: the page,
 * the total and the suggestions need no statement of their own for it (decision 020).
 */
function resolvedWords(words: string[]) {
  const typed = typedWordForms(words);
  const look = lookups(words);
  return sql`typed_forms as (
    select * from unnest(${typed.form}::text[], ${typed.pos}::int[], ${typed.owner}::int[]) as t(form, pos, owner)
  ),
  lookups as materialized (
    select l.word, l.n, l.typed, c.completions
    from unnest(${look.word}::text[], ${look.n}::int[], ${look.typed}::boolean[], ${look.whole}::boolean[])
      as l(word, n, typed, whole)
    cross join lateral (
      select array(
        select s.word from search_words s
        where s.word >= l.word and s.word < l.word || case when l.whole then chr(1) else chr(1114111) end
        order by s.word limit ${sql.lit(MAX_COMPLETIONS + 1)}
      ) as completions offset 0
    ) c
  ),
  words as materialized (
    select w.word, w.n,
      case when not exists (select 1 from lookups l where l.n = w.n and cardinality(l.completions) > 0)
      then coalesce(
        nullif(array(
          select distinct f.word from typed_forms t
          join search_word_forms f on f.form = t.form
          where t.owner = w.n and (
            t.pos = 0 or f.pos = 0 or t.pos = f.pos
            or (abs(t.pos - f.pos) = 1 and substr(f.word, f.pos, 1) = substr(w.word, t.pos, 1))
          )
          order by f.word limit ${sql.lit(MAX_SLIP_MATCHES)}
        ), '{}'),
        array(select s.word from search_words s where s.word % w.word order by s.word <-> w.word, s.word limit 3)
      ) end as slips
    from lookups w where w.typed
  ),
  terms as (
    select l.n, case when cardinality(l.completions) > ${sql.lit(MAX_COMPLETIONS)} then ${sql.raw(tsLexeme('l.word'))} || ':*'
      else array_to_string(array(select ${sql.raw(tsLexeme('a'))} from unnest(l.completions) as a), ' | ') end as term
    from lookups l where cardinality(l.completions) > 0
    union all
    select w.n, array_to_string(array(select ${sql.raw(tsLexeme('a'))} from unnest(w.slips) as a), ' | ')
    from words w where cardinality(w.slips) > 0
  ),
  q as (
    select case when count(*) = ${sql.lit(words.length)} then
      to_tsquery('simple', string_agg(alternatives, ' & ' order by n))
    end as tsq
    from (select n, '(' || string_agg(term, ' | ') || ')' as alternatives from terms group by n) t
  )`;
}

const point = (p: Position) => sql`ll_to_earth(${p.lat}, ${p.lng})`;

/**
 * Within the radius; with the bounding box the location index can answer when asked. The box is
 * left out where an order's index or the text index supplies the rows: the planner has no
 * statistics for it and would read the whole box (66,000 vendors around New York).
 */
function withinRadius(p: Position, radiusKm: number, box: boolean) {
  const meters = radiusKm * 1000;
  const distance = sql`earth_distance(${point(p)}, v.location) <= ${meters}`;
  return box ? sql`(earth_box(${point(p)}, ${meters}) @> v.location and ${distance})` : distance;
}

/** The stored categories that may state kashrut, as SQL text literals. */
const kashrutCategories = sql.join(KASHRUT_CATEGORIES.map((c) => sql.lit(c)));

/**
 * The listing's local day at `now` (alias v): kashrut expiry is judged in the listing's zone, UTC
 * when it has none (decision 038).
 */
const localDay = (alias: string, now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone coalesce(${sql.raw(alias)}.time_zone, 'UTC'))::date`;

/**
 * Verified kashrut that holds on the listing's local day (alias k of vendor_kashrut, v of vendors):
 * the badge is lost on the expiry day itself.
 */
export const kashrutHolds = (now: Date) =>
  sql`k.verified_at is not null and k.expires_on > ${localDay('v', now)} and v.category in (${kashrutCategories})`;

/** The marketplace's kashrut filter: agencies any of, levels any of, flags all of; verified and unexpired only. */
function kashrutCondition(filter: KashrutFilter, now: Date) {
  const parts = [kashrutHolds(now)];
  if (filter.agencies.length > 0) parts.push(sql`k.agency = any(${filter.agencies}::text[])`);
  if (filter.levels.length > 0) parts.push(sql`k.level = any(${filter.levels}::text[])`);
  for (const field of filter.flags) {
    parts.push(sql`k.${sql.raw(field.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`))}`);
  }
  return sql`exists (select 1 from vendor_kashrut k where k.vendor_id = v.id and ${sql.join(parts, sql` and `)})`;
}

export interface VendorSearch {
  /** The typed words (wordsOf); none or absent: no text search. */
  words?: string[] | undefined;
  categories?: string[] | undefined;
  position?: Position | undefined;
  radiusKm: number;
  sort: VendorSort;
  limit: number;
  offset: number;
  verifiedOnly?: boolean;
  /** Verified kashrut of these agencies, levels and flags (decision 038), judged at `now`. */
  kashrut?: KashrutFilter | undefined;
  now?: Date;
  /** Only listings free on a day (and time): see availability/free-on.ts. */
  freeOn?: FreeOn | undefined;
  /**
   * End the order with the id (default) so pages never repeat or skip a vendor. A single page may
   * leave it out, letting the location index hand over the nearest rows without sorting them all.
   */
  pageable?: boolean;
  /** Count the total (up to `totalCap`) when the page does not tell it; false when it is known. */
  countTotal?: boolean;
  totalCap?: number;
}

/**
 * The vendors the filters allow (alias v), before any text search. Only a count without a text
 * search takes the radius's bounding box: pages walk an order's index, and text matches come from
 * the text index. Listings an admin hid are never among them (list, search, counts and featured all
 * start here).
 */
function filters(s: VendorSearch, box = false) {
  const conditions = [sql`v.hidden = false`];
  // One category as an equality, so the planner sees that a category's index yields its order.
  if (s.categories?.length === 1) conditions.push(sql`v.category = ${s.categories[0]}`);
  else if (s.categories && s.categories.length > 1)
    conditions.push(sql`v.category = any(${s.categories}::text[])`);
  if (s.verifiedOnly) conditions.push(sql`v.verified`);
  if (s.kashrut) conditions.push(kashrutCondition(s.kashrut, s.now ?? new Date()));
  if (s.position) conditions.push(withinRadius(s.position, s.radiusKm, box));
  if (s.freeOn) conditions.push(...freeOnConditions(s.freeOn));
  return sql.join(conditions, sql` and `);
}

const nearest = (s: VendorSearch) => (s.sort === 'near' ? s.position : undefined);

/** The columns the chosen order reads, carried by a walk or a collection of matches. */
function keyColumns(s: VendorSearch) {
  const position = nearest(s);
  return position
    ? sql`v.id, ${sql`v.location <-> ${point(position)}`} as knn`
    : sql`v.id, v.review_count, v.rating, v.rating_rank, v.created_at`;
}

/**
 * The chosen order's keys, ending with the id so pages never repeat or skip. `window`: the order an
 * index walk reads directly (nearest first straight from the location index, without the id).
 */
function orderKeys(s: VendorSearch, alias: string, window = false) {
  const a = sql.raw(alias);
  const keys = [];
  const position = nearest(s);
  if (position) keys.push(window ? sql`${a}.location <-> ${point(position)}` : sql`${a}.knn`);
  // Top Rated: the Bayesian average of the visible reviews (rating_rank, decision 037), so a single
  // review of 5 stars does not outrank many reviews of nearly as much.
  else if (s.sort === 'rating') keys.push(sql`${a}.rating_rank desc`, sql`${a}.review_count desc`);
  else if (s.sort === 'newest') keys.push(sql`${a}.created_at desc`);
  else if (s.sort !== 'near') keys.push(sql`${a}.review_count desc`, sql`${a}.rating desc`);
  if (s.pageable !== false && !(window && position)) keys.push(sql`${a}.id`);
  if (keys.length === 0) keys.push(sql`${a}.id`);
  return sql.join(keys);
}

/** The search's text-search query (the CTE q of resolvedWords). */
const tsq = sql`(select tsq from q)`;

/** A walk reads no more than this many rows per vendor the page needs: 1 match in 40 or more. */
const WALK_ROWS_PER_MATCH = 40;
const WALK_ROWS_MAX = 4000;
const NEAR_WALK_ROWS_PER_MATCH = 10;

/** The first rows of the filtered vendors in the page's order, read lazily from the order's index. */
function window(s: VendorSearch, rows: number, extra = sql``) {
  return sql`select ${keyColumns(s)}${extra} from vendors v where ${filters(s)}
    order by ${orderKeys(s, 'v', true)} limit ${rows}`;
}

/**
 * One group of matches (`name`), all of them in the chosen order, without reading them all when the
 * page needs only the first. Walking the order's index and stopping after a page is fastest when
 * matches are common; collecting every match from the text index and sorting them is fastest when
 * they are rare. The planner cannot tell the two apart when words and categories go together
 * ('kosher' is common, but not among photographers), so the group first walks a bounded window of
 * the order (`name_walk`), and only when the page needs more rows than the window held are the
 * others collected (`name_all`, past the ones the walk found: in the same order, the walk's matches
 * are the first of them). Both are materialized, so the collection is planned to read every match
 * (the text index and a sort, never an index walk over the whole order) and runs only when read.
 * `walkIf`: a condition for walking at all.
 */
function matchGroup(
  name: string,
  s: VendorSearch,
  match: (alias: string) => ReturnType<typeof sql>,
  need: number,
  walkIf?: ReturnType<typeof sql>,
) {
  const rowsPerMatch = s.sort === 'near' ? NEAR_WALK_ROWS_PER_MATCH : WALK_ROWS_PER_MATCH;
  const walkRows = Math.min(WALK_ROWS_MAX, need * rowsPerMatch);
  const walk = sql.raw(`${name}_walk`);
  const all = sql.raw(`${name}_all`);
  const cte = sql`${walk} as materialized (
    select x.* from (${window(s, walkRows, sql`, v.name_vector, v.search_vector`)}) x
    where ${match('x')} and ${tsq} is not null${walkIf ? sql` and ${walkIf}` : sql``}
    order by ${orderKeys(s, 'x')} limit ${need}
  ),
  ${all} as materialized (
    select ${keyColumns(s)} from vendors v where ${filters(s)} and ${match('v')}
  )`;
  const rows = sql`select id from ${walk}
    union all
    (select id from ${all} x order by ${orderKeys(s, 'x')} offset (select count(*) from ${walk}))`;
  return { cte, rows };
}

const nameMatch = (alias: string) => sql`${sql.raw(alias)}.name_vector @@ ${tsq}`;
const textMatch = (alias: string) =>
  sql`(${sql.raw(alias)}.search_vector @@ ${tsq} and not ${sql.raw(alias)}.name_vector @@ ${tsq})`;

/** The vendor columns of an answer, named as the rest of the server names them. */
const answerColumns = sql.raw(
  vendorColumns
    .map((c) => c.slice('vendors.'.length))
    .map((name) => `v.${name.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)} as "${name}"`)
    .join(', '),
);

type AnswerColumn = (typeof vendorColumns)[number] extends `vendors.${infer C}` ? C : never;
type AnswerRow = Pick<VendorRow, AnswerColumn> & { kashrutBadge: KashrutBadgeDto | null };

/**
 * A page row's kashrut badge (alias v), read by the vendor_kashrut primary key inside the page's own
 * statement: verified kashrut that holds at `now`, with the instant it stops holding (midnight
 * starting the expiry day in the listing's zone), so that an answer kept past it can drop it.
 */
const kashrutBadgeOf = (now: Date) => sql<KashrutBadgeDto | null>`(select json_build_object(
    'agency', k.agency, 'agencyOther', k.agency_other,
    'until', to_char((k.expires_on::timestamp at time zone coalesce(v.time_zone, 'UTC')) at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
  from vendor_kashrut k where k.vendor_id = v.id and ${kashrutHolds(now)})`;

/**
 * One page of vendors, whether more follow, and the total when asked for and the page does not tell
 * it: one statement, the typed words resolved inside it. With a search, the vendors whose name
 * matches come first and every other match after them, each group in the chosen order: the best
 * matches lead, and neither group needs every match ranked. The groups are read one after the
 * other and only as far as the page needs (a union whose later parts run only when the earlier
 * ones ran out). The total counts matches up to the cap, only when the page is full (more follow)
 * or empty past the first page.
 */
export async function searchVendors(db: Db, s: VendorSearch) {
  const wanted = s.limit + 1;
  const need = s.offset + wanted;
  const words = s.words ?? [];
  const ctes = [];
  let matches: ReturnType<typeof sql>;
  let counted: ReturnType<typeof sql>;
  if (words.length === 0) {
    // Without a search every candidate matches: the window holds the page.
    ctes.push(sql`matches as (select x.id from (${window(s, need)}) x order by ${orderKeys(s, 'x')})`);
    matches = sql`select id from matches`;
    // Counted in an order's index unless within a radius (the location index): asked for up to
    // 1,000 rows, the planner would otherwise read the table until it has them (a category's
    // vendors are one in seven).
    counted = s.position
      ? sql`select 1 from vendors v where ${filters(s, true)}`
      : sql`select 1 from vendors v where ${filters(s)} order by v.review_count desc, v.rating desc, v.id`;
  } else {
    ctes.push(resolvedWords(words));
    // Nearest first, past the first page: how many names match (counted no further than this page)
    // tells whether the page holds any of them, as a walk of the location index that finds none
    // costs more than counting them (about 15 us a row against 1 us in an order's btree).
    let walkNames: ReturnType<typeof sql> | undefined;
    if (s.sort === 'near' && s.offset > 0) {
      ctes.push(sql`name_count as (
        select count(*) as n from (select 1 from vendors v where ${filters(s)} and ${nameMatch('v')} limit ${need}) c
      )`);
      walkNames = sql`(select n from name_count) > ${s.offset}`;
    }
    const names = matchGroup('names', s, nameMatch, need, walkNames);
    const others = matchGroup('others', s, textMatch, need);
    ctes.push(names.cte, others.cte);
    matches = sql`${names.rows} union all ${others.rows}`;
    counted = sql`select 1 from vendors v where ${filters(s)} and v.search_vector @@ ${tsq}`;
  }
  const countTotal = s.countTotal !== false;
  const { rows } = await sql<AnswerRow & { distanceKm?: number | null; total: number | null }>`
    with ${sql.join(ctes)},
    page as (
      select id, row_number() over () as ord from (${matches} offset ${s.offset} limit ${wanted}) p
    ),
    total as (
      select case when ${countTotal}::boolean and ((select count(*) from page) = ${wanted}
        or ((select count(*) from page) = 0 and ${s.offset}::int > 0))
      then (select count(*)::int from (${counted} limit ${s.totalCap ?? 0}) c) end as total
    )
    select ${answerColumns}, ${kashrutBadgeOf(s.now ?? new Date())} as "kashrutBadge"${
      s.position
        ? sql`, round((earth_distance(${point(s.position)}, v.location) / 1000)::numeric, 1)::float8 as "distanceKm"`
        : sql``
    }, t.total
    from total t left join (page p join vendors v on v.id = p.id) on true
    order by p.ord`.execute(db);
  const total = rows[0]?.total ?? null;
  const found = rows[0]?.id === null || rows[0]?.id === undefined ? [] : rows;
  const items = found.slice(0, s.limit).map(({ total: _, ...row }) => row);
  return { items, hasMore: found.length > s.limit, total };
}

/**
 * Business names matching the typed words, the most reviewed first; never a hidden listing's. One
 * statement. For typed Hebrew, a listing's Hebrew name where it gives one.
 */
export async function suggestVendorNames(db: Db, words: string[], limit: number): Promise<string[]> {
  if (words.length === 0) return [];
  const need = limit * 4;
  const s: VendorSearch = { sort: 'popular', radiusKm: 0, limit: need, offset: 0 };
  const names = matchGroup('names', s, nameMatch, need);
  const name = words.some(hasHebrew) ? sql`coalesce(v.name_he, v.business_name)` : sql`v.business_name`;
  const { rows } = await sql<{ name: string }>`
    with ${resolvedWords(words)}, ${names.cte},
    page as (select id, row_number() over () as ord from (${names.rows} limit ${need}) p)
    select ${name} as "name" from page p join vendors v on v.id = p.id order by p.ord`.execute(db);
  return [...new Set(rows.map((r) => r.name))].slice(0, limit);
}
/** Any listing, hidden ones too: for its owner's and the admins' edits, never for a public read. */
export async function findVendorById(db: Db, id: string) {
  return db.selectFrom('vendors').select(vendorColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * A listing the public may see (a hidden one answers as if it did not exist), with the vendors
 * table's version read in the same statement: the version the listing was read at.
 */
export async function findVisibleVendorWithTableVersion(db: Db, id: string, now: Date) {
  return db
    .selectFrom('vendors')
    .select(vendorColumns)
    .select(sql<string>`(select version::text from vendors_version)`.as('tableVersion'))
    .select(publicKashrutOf(now).as('kashrut'))
    .where('id', '=', id)
    .where('hidden', '=', false)
    .executeTakeFirst();
}

export interface PublicKashrutRow {
  agency: string;
  agencyOther: string | null;
  level: 'meat' | 'dairy' | 'pareve';
  chalavYisrael: boolean;
  pasYisrael: boolean;
  glatt: boolean;
  mehadrin: boolean;
  shomerShabbat: boolean;
  /** The day it was verified, in the listing's zone, while the verification holds; else null. */
  verifiedOn: string | null;
}

/**
 * The listing's stated kashrut as its profile shows it (a JSON object, or null when it states none
 * or is not in a food category), read in the listing's own statement.
 */
function publicKashrutOf(now: Date) {
  return sql<PublicKashrutRow | null>`(select json_build_object(
      'agency', k.agency, 'agencyOther', k.agency_other, 'level', k.level,
      'chalavYisrael', k.chalav_yisrael, 'pasYisrael', k.pas_yisrael, 'glatt', k.glatt,
      'mehadrin', k.mehadrin, 'shomerShabbat', k.shomer_shabbat,
      'verifiedOn', case when ${kashrutHolds(now)}
        then to_char(k.verified_at at time zone coalesce(v.time_zone, 'UTC'), 'YYYY-MM-DD') end)
    from vendor_kashrut k join vendors v on v.id = k.vendor_id
    where k.vendor_id = vendors.id and v.category in (${kashrutCategories}))`;
}

/** The user's listing of that id, or their first listing without one. */
export async function findVendorOwnedBy(db: Db, userId: string, vendorId?: string) {
  let query = db.selectFrom('vendors').select(vendorColumns).where('ownerId', '=', userId);
  if (vendorId) query = query.where('id', '=', vendorId);
  return query.orderBy('createdAt').orderBy('id').executeTakeFirst();
}

/** The same choice as findVendorOwnedBy, with only what the analytics need of the listing. */
export async function findOwnedListingRef(db: Db, userId: string, vendorId?: string) {
  let query = db
    .selectFrom('vendors')
    .select(['id', 'latitude', 'longitude', 'timeZone', 'city', 'state'])
    .where('ownerId', '=', userId);
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

/**
 * Serializes listing creations and renames per name until the caller's transaction ends, then finds
 * another listing whose name looks the same (the same skeleton: case, spacing, punctuation and
 * look-alike letters ignored; vendors_name_skeleton_idx).
 */
export async function lockAndFindListingNamed(db: Db, name: string, exceptId?: string) {
  const skeleton = nameSkeleton(name);
  await sql`select pg_advisory_xact_lock(hashtext(${skeleton}))`.execute(db);
  let q = db.selectFrom('vendors').select(['id', 'businessName']).where('nameSkeleton', '=', skeleton);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.limit(1).executeTakeFirst();
}

/** A listing's row as written: its name's skeleton goes with its name. */
/**
 * The columns a listing's row derives from what is written: the name's skeleton from the name, and
 * the time zone from the coordinates (tz-lookup; decision 034), so they never disagree.
 */
export function withDerivedColumns<
  T extends { businessName?: string | undefined; latitude?: number | null; longitude?: number | null },
>(values: T) {
  const skeleton =
    values.businessName === undefined ? {} : { nameSkeleton: nameSkeleton(values.businessName) };
  const zone =
    values.latitude === undefined && values.longitude === undefined
      ? {}
      : { timeZone: zoneAt(values.latitude, values.longitude) };
  return { ...values, ...skeleton, ...zone };
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
  return db
    .insertInto('vendors')
    .values(withDerivedColumns(values))
    .returning(vendorColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Applies the values if the listing is still at `version`, raising it by one, and answers the row
 * as this statement wrote it; undefined when no row matched (gone, or changed since).
 */
export async function updateVendorAt(db: Db, id: string, version: number, values: VendorUpdate) {
  return db
    .updateTable('vendors')
    .set({ ...withDerivedColumns(values), version: sql<number>`version + 1`, updatedAt: new Date() })
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
