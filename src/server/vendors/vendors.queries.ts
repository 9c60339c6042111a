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
] as const;

export interface Position {
  lat: number;
  lng: number;
}

/** The words of typed text, lower-cased, at most 8. */
export function wordsOf(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

const quote = (lexeme: string) => `'${lexeme.replace(/'/g, "''")}'`;

/**
 * Turns typed text into a full-text query over the listings' vocabulary (search_words). A word that
 * begins some listing word matches as a prefix ('phot' finds 'photographers'); any other word stands
 * for its nearest listing words by trigram similarity, so 'photgrapher' still finds photographers.
 * Undefined when nothing was typed; null when a word resembles nothing, so nothing can match.
 */
export async function resolveSearch(db: Db, search: string): Promise<string | null | undefined> {
  const words = wordsOf(search);
  if (words.length === 0) return undefined;
  const { rows } = await sql<{ word: string; prefix: boolean; similar: string[] }>`
    select w.word,
      exists (select 1 from search_words s where s.word >= w.word and s.word < w.word || chr(1114111)) as prefix,
      array(select s.word from search_words s where s.word % w.word order by s.word <-> w.word, s.word limit 3) as similar
    from unnest(${words}::text[]) with ordinality as w(word, n)
    order by w.n`.execute(db);
  const terms: string[] = [];
  for (const row of rows) {
    if (row.prefix) terms.push(`${quote(row.word)}:*`);
    else if (row.similar.length > 0) terms.push(`(${row.similar.map(quote).join(' | ')})`);
    else return null;
  }
  return terms.join(' & ');
}

const point = (p: Position) => sql`ll_to_earth(${p.lat}, ${p.lng})`;
const vendorPoint = sql`vendors.location`;

/**
 * Within the radius. For nearest-first order the location index already walks outwards from the
 * point, so the bounding-box test that would tempt the planner into reading the whole box is left out.
 */
function withinRadius(p: Position, radiusKm: number, nearestFirst: boolean): Expression<SqlBool> {
  const meters = radiusKm * 1000;
  const distance = sql<SqlBool>`earth_distance(${point(p)}, ${vendorPoint}) <= ${meters}`;
  return nearestFirst
    ? distance
    : sql<SqlBool>`(earth_box(${point(p)}, ${meters}) @> ${vendorPoint} and ${distance})`;
}

const matches = (tsquery: string) => sql<SqlBool>`vendors.search_vector @@ to_tsquery('simple', ${tsquery})`;
const relevance = (tsquery: string) =>
  sql<number>`ts_rank_cd(vendors.search_vector, to_tsquery('simple', ${tsquery}))`;

export interface VendorSearch {
  /** A query from resolveSearch. */
  tsquery?: string | undefined;
  categories?: string[] | undefined;
  position?: Position | undefined;
  radiusKm: number;
  sort: VendorSort;
  limit: number;
  offset: number;
  verifiedOnly?: boolean;
  /** Count every match (default); lists that show no total skip it. */
  withTotal?: boolean;
  /**
   * End the order with the id (default) so pages never repeat or skip a vendor. A single page may
   * leave it out, letting the location index hand over the nearest rows without sorting them all.
   */
  pageable?: boolean;
}

/** The matching vendors; a count always takes the bounding box, which the location index answers. */
function filtered(db: Db, s: VendorSearch, forCount = false) {
  let q = db.selectFrom('vendors');
  if (s.categories && s.categories.length > 0) q = q.where('vendors.category', 'in', s.categories);
  if (s.verifiedOnly) q = q.where('vendors.verified', '=', true);
  if (s.tsquery) q = q.where(matches(s.tsquery));
  if (s.position) q = q.where(withinRadius(s.position, s.radiusKm, !forCount && s.sort === 'near'));
  return q;
}

/**
 * One page of vendors and the total. Every order ends with the id, so pages never repeat or skip
 * a vendor; a search puts the best match first and uses the chosen order between equals.
 */
export async function searchVendors(db: Db, s: VendorSearch) {
  let q = filtered(db, s).select(vendorColumns);
  if (s.position) {
    q = q.select(
      sql<
        number | null
      >`round((earth_distance(${point(s.position)}, ${vendorPoint}) / 1000)::numeric, 1)::float8`.as(
        'distanceKm',
      ),
    );
  }
  if (s.tsquery) q = q.orderBy(relevance(s.tsquery), 'desc');
  switch (s.sort) {
    case 'near':
      if (s.position) q = q.orderBy(sql`${vendorPoint} <-> ${point(s.position)}`);
      break;
    case 'rating':
      q = q.orderBy('vendors.rating', 'desc').orderBy('vendors.reviewCount', 'desc');
      break;
    case 'newest':
      q = q.orderBy('vendors.createdAt', 'desc');
      break;
    default:
      q = q.orderBy('vendors.reviewCount', 'desc').orderBy('vendors.rating', 'desc');
  }
  if (s.pageable !== false) q = q.orderBy('vendors.id');
  const items = await q.limit(s.limit).offset(s.offset).execute();
  if (s.withTotal === false) return { items, total: items.length };
  const { total } = await filtered(db, s, true)
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return { items, total };
}

export async function findVendorById(db: Db, id: string) {
  return db.selectFrom('vendors').select(vendorColumns).where('id', '=', id).executeTakeFirst();
}

export async function findVendorOwnedBy(db: Db, userId: string) {
  return db
    .selectFrom('vendors')
    .select(vendorColumns)
    .where('ownerId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .executeTakeFirst();
}

/** Business names matching a resolved query, the best match first. */
export async function suggestVendorNames(db: Db, tsquery: string, limit: number) {
  const rows = await db
    .selectFrom('vendors')
    .select('businessName')
    .where(matches(tsquery))
    .orderBy(relevance(tsquery), 'desc')
    .orderBy('reviewCount', 'desc')
    .orderBy('id')
    .limit(limit * 5)
    .execute();
  return [...new Set(rows.map((r) => r.businessName))].slice(0, limit);
}

export async function insertVendor(db: Db, values: NewVendor) {
  return db.insertInto('vendors').values(values).returning(vendorColumns).executeTakeFirstOrThrow();
}

export async function updateVendor(db: Db, id: string, values: VendorUpdate) {
  return db
    .updateTable('vendors')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returning(vendorColumns)
    .executeTakeFirstOrThrow();
}
