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

/** `word:*` for each word typed, all required: whole words and prefixes of the listing's text. */
export function prefixQuery(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

const point = (p: Position) => sql`ll_to_earth(${p.lat}, ${p.lng})`;
const vendorPoint = sql`ll_to_earth(vendors.latitude, vendors.longitude)`;

function withinRadius(p: Position, radiusKm: number): Expression<SqlBool> {
  const meters = radiusKm * 1000;
  return sql<SqlBool>`(vendors.latitude is not null and earth_box(${point(p)}, ${meters}) @> ${vendorPoint} and earth_distance(${point(p)}, ${vendorPoint}) <= ${meters})`;
}

function matchesSearch(search: string): Expression<SqlBool> {
  const q = search.toLowerCase();
  const tsq = prefixQuery(search);
  return tsq
    ? sql<SqlBool>`(vendors.search_vector @@ to_tsquery('simple', ${tsq}) or ${q} <% vendors.search_terms)`
    : sql<SqlBool>`(${q} <% vendors.search_terms)`;
}

function relevance(search: string) {
  const q = search.toLowerCase();
  const tsq = prefixQuery(search);
  return tsq
    ? sql<number>`(word_similarity(${q}, vendors.search_terms) + ts_rank_cd(vendors.search_vector, to_tsquery('simple', ${tsq})))`
    : sql<number>`word_similarity(${q}, vendors.search_terms)`;
}

export interface VendorSearch {
  search?: string | undefined;
  categories?: string[] | undefined;
  position?: Position | undefined;
  radiusKm: number;
  sort: VendorSort;
  limit: number;
  offset: number;
  verifiedOnly?: boolean;
}

function filtered(db: Db, s: VendorSearch) {
  let q = db.selectFrom('vendors');
  if (s.categories && s.categories.length > 0) q = q.where('vendors.category', 'in', s.categories);
  if (s.verifiedOnly) q = q.where('vendors.verified', '=', true);
  if (s.search) q = q.where(matchesSearch(s.search));
  if (s.position) q = q.where(withinRadius(s.position, s.radiusKm));
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
  if (s.search) q = q.orderBy(relevance(s.search), 'desc');
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
  const items = await q.orderBy('vendors.id').limit(s.limit).offset(s.offset).execute();
  const { total } = await filtered(db, s)
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

/** Business names like the typed text: prefix and typo-tolerant. */
export async function suggestVendorNames(db: Db, text: string, limit: number) {
  const q = text.toLowerCase();
  const rows = await db
    .selectFrom('vendors')
    .select('businessName')
    .where(sql<SqlBool>`${q} <% lower(business_name)`)
    .orderBy(sql`word_similarity(${q}, lower(business_name))`, 'desc')
    .orderBy('reviewCount', 'desc')
    .orderBy('id')
    .limit(limit * 3)
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
