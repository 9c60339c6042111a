import { TRPCError } from '@trpc/server';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { categoryFromDashboard, type DashboardCategoryValue } from '../../../shared/categories';
import { LIMITS, MARKETPLACE_CATEGORIES } from '../../../shared/constants';
import { agencyLabel, KASHRUT_FLAGS, KASHRUT_LEVELS, kashrutFilterOf } from '../../../shared/kashrut';
import { NEIGHBORHOODS, PRESET_CITIES } from '../../../shared/preset-places';
import type { AnalyticsDto, analyticsInput } from '../../../shared/schemas/analytics';
import type { UserDto } from '../../../shared/schemas/auth';
import type { PublicKashrutDto } from '../../../shared/schemas/kashrut';
import type { KashrutBadgeDto } from '../../../shared/schemas/kashrut-public';
import {
  type featuredInput,
  type OwnListingDto,
  type SuggestionsDto,
  VENDOR_MESSAGES,
  type VendorDto,
  type VendorPageDto,
  type VendorView,
  type vendorCreateInput,
  type vendorListInput,
  type vendorProfileUpdateInput,
  type vendorUpdateInput,
} from '../../../shared/schemas/vendors';
import type { Db } from '../../platform/db/create-db';
import { StaleWriteError } from '../../platform/db/stale-write';
import { inTransaction } from '../../platform/db/transaction';
import type { VendorUpdate } from '../../platform/db/types';
import type { Context, VersionNotice } from '../../platform/trpc/context';
import { recordProfileView, responsivenessOf, vendorAnalytics } from '../analytics/analytics.service';
import { listingClock } from '../observance/business-hours';
import type { MarketplaceCache } from './marketplace-cache';
import {
  findListingsOwnedBy,
  findOwnedListingRef,
  findVendorById,
  findVendorOwnedBy,
  findVisibleVendorWithTableVersion,
  insertVendor,
  lockAndFindListingNamed,
  makeVendorAccount,
  type PublicKashrutRow,
  searchVendors,
  suggestVendorNames,
  updateVendorAt,
  vendorsVersion,
  wordsOf,
} from './vendors.queries';
import type { VersionedCache } from './versioned-cache';

type VendorRow = NonNullable<Awaited<ReturnType<typeof findVendorById>>> & {
  distanceKm?: number | null;
  kashrutBadge?: KashrutBadgeDto | null;
};

/** A vendor as a signed-in user sees it. */
export function fullVendor(row: VendorRow): VendorDto {
  return row;
}

/**
 * The one place a vendor row becomes a response for an unknown viewer. Anonymous visitors get
 * whether contact details exist, never the details themselves (spec sections 3 and 6).
 */
export function vendorForViewer(row: VendorRow, viewer: UserDto | null): VendorView {
  if (viewer) return fullVendor(row);
  // Field by field rather than a spread without the contact fields: a field added to the row later
  // stays out of a visitor's answer until it is named here, and the listing pages stay fast.
  const view: VendorView = {
    id: row.id,
    businessName: row.businessName,
    nameHe: row.nameHe,
    category: row.category,
    address: row.address,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country,
    neighborhood: row.neighborhood,
    description: row.description,
    descriptionRich: row.descriptionRich,
    details: row.details,
    logoUrl: row.logoUrl,
    imageUrl: row.imageUrl,
    galleryImages: row.galleryImages,
    verified: row.verified,
    claimed: row.claimed,
    rating: row.rating,
    reviewCount: row.reviewCount,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    createdAt: row.createdAt,
    hasPhone: Boolean(row.contactPhone || row.contactWhatsapp),
    hasEmail: Boolean(row.contactEmail),
    hasWebsite: Boolean(row.website),
  };
  if (row.distanceKm !== undefined) view.distanceKm = row.distanceKm;
  if (row.kashrutBadge !== undefined) view.kashrutBadge = row.kashrutBadge;
  return view;
}

/**
 * The answer without the kashrut badges that stopped holding since it was computed (an answer is
 * kept while the vendors table keeps its version, and an expiry changes no row): the same answer
 * when none did, as nearly always.
 */
export function withoutLapsedBadges<V extends { kashrutBadge?: KashrutBadgeDto | null }>(
  vendors: V[],
  now: Date,
): V[] {
  const at = now.getTime();
  const lapsed = (v: V) => v.kashrutBadge != null && Date.parse(v.kashrutBadge.until) <= at;
  if (!vendors.some(lapsed)) return vendors;
  return vendors.map((v) => (lapsed(v) ? { ...v, kashrutBadge: null } : v));
}

/** Rich descriptions keep simple formatting and safe links; nothing a vendor types can run script. */
export function sanitizeDescription(html: string | null | undefined): string | null | undefined {
  if (html === undefined || html === null) return html;
  const clean = sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'a',
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  }).trim();
  return clean === '' ? null : clean;
}

/** Who sees what: visitors never get contact details, so they never share an answer with members. */
const audience = (viewer: UserDto | null) => (viewer ? 'member' : 'visitor');

/**
 * A marketplace answer: computed, or remembered while the vendors table keeps its version. With the
 * cache off no version is read, so a computed answer costs only its own statement.
 */
async function answer<V>(
  db: Db,
  cache: MarketplaceCache,
  kept: VersionedCache<V>,
  key: string,
  compute: (version: string | undefined) => Promise<V>,
  notice?: VersionNotice,
): Promise<V> {
  if (!cache.enabled) return compute(undefined);
  const version = await vendorsVersion(db);
  // Read before the answer is computed or taken from the cache, which keeps it under this version:
  // the answer is never older than the version, which the transport may make an ETag of.
  notice?.readAt(version);
  return kept.getOrCompute(key, version, () => compute(version));
}

const positionOf = (input: { lat?: number | undefined; lng?: number | undefined }) =>
  input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : undefined;

/** The most matches a search free on a date counts; beyond, it says "200+" (total_exact false). */
export const FREE_ON_TOTAL_CAP = 200;

/**
 * A page of the marketplace. The total is exact up to 1,000 matches; beyond that it says 1,000 and
 * total_exact is false, as counting tens of thousands of matches would cost more than the page.
 */
export async function listVendors(
  db: Db,
  cache: MarketplaceCache,
  viewer: UserDto | null,
  input: z.output<typeof vendorListInput>,
  notice?: VersionNotice,
  now: Date = new Date(),
): Promise<VendorPageDto> {
  const page = await answer(
    db,
    cache,
    cache.pages,
    JSON.stringify([audience(viewer), input, kashrutSlot(input, now)]),
    (version) => computeVendorPage(db, cache, version, viewer, input, now),
    notice,
  );
  const items = withoutLapsedBadges(page.items, now);
  return items === page.items ? page : { ...page, items };
}

/**
 * A page in one statement: the words resolved, the page read and, when the page does not tell it
 * and no total of the same filters is remembered, the total counted up to the cap.
 */
async function computeVendorPage(
  db: Db,
  cache: MarketplaceCache,
  version: string | undefined,
  viewer: UserDto | null,
  input: z.output<typeof vendorListInput>,
  now: Date,
): Promise<VendorPageDto> {
  const offset = (input.page - 1) * input.page_size;
  // Free on a date, a listing is counted only after its day's room is looked up: the total stops
  // sooner, so the date filter costs about what the same search without it costs (issue 29's bench).
  const cap = input.free_on === undefined ? LIMITS.marketplaceTotalCap : FREE_ON_TOTAL_CAP;
  const filters = {
    words: input.search ? wordsOf(input.search) : [],
    categories: input.category,
    position: positionOf(input),
    radiusKm: input.radius_km,
    kashrut: kashrutFilterOf(input.kashrut),
    now,
    freeOn:
      input.free_on === undefined
        ? undefined
        : { day: input.free_on, time: input.free_time, includeUnstated: input.include_unstated },
  };
  const totalKey = JSON.stringify([
    filters.words,
    [...(filters.categories ?? [])].sort(),
    filters.position,
    filters.position ? filters.radiusKm : null,
    filters.kashrut ?? null,
    kashrutSlot(input, now),
    filters.freeOn ?? null,
  ]);
  const known = version === undefined ? undefined : cache.totals.get(totalKey, version);
  const { items, hasMore, total } = await searchVendors(db, {
    ...filters,
    sort: input.sort,
    limit: input.page_size,
    offset,
    countTotal: known === undefined,
    totalCap: cap,
  });
  if (total !== null && version !== undefined) cache.totals.set(totalKey, version, total);
  const seen = offset + items.length;
  // The last page tells the total without counting, unless it lies past the end.
  const counted = hasMore || (items.length === 0 && offset > 0);
  const all = counted ? Math.max(known ?? total ?? 0, hasMore ? seen + 1 : 0) : seen;
  return {
    items: items.map((row) => vendorForViewer(row, viewer)),
    total: counted ? Math.min(all, cap) : all,
    total_exact: !counted || all < cap,
    has_more: hasMore,
  };
}

export async function featuredVendors(
  db: Db,
  cache: MarketplaceCache,
  viewer: UserDto | null,
  input: z.output<typeof featuredInput>,
  notice?: VersionNotice,
  now: Date = new Date(),
): Promise<VendorView[]> {
  const featured = await answer(
    db,
    cache,
    cache.featured,
    JSON.stringify([audience(viewer), input.lat, input.lng]),
    async () => {
      const position = positionOf(input);
      // Near a position, the nearest verified vendors: the location index yields them in order.
      const { items } = await searchVendors(db, {
        verifiedOnly: true,
        position,
        radiusKm: LIMITS.nearbyRadiusKm,
        sort: position ? 'near' : 'popular',
        limit: LIMITS.featuredMax,
        offset: 0,
        pageable: false,
        countTotal: false,
        now,
      });
      return items.map((row) => vendorForViewer(row, viewer));
    },
    notice,
  );
  return withoutLapsedBadges(featured, now);
}

const LOCATIONS: string[] = [...NEIGHBORHOODS, ...PRESET_CITIES.map((c) => c.name)];

function startsOrContains(list: readonly string[], q: string, limit: number): string[] {
  const lower = q.toLowerCase();
  const starts = list.filter((s) => s.toLowerCase().startsWith(lower));
  const contains = list.filter((s) => !starts.includes(s) && s.toLowerCase().includes(lower));
  return [...starts, ...contains].slice(0, limit);
}

/** At most 3 business names, 3 services and 2 locations for text of 2 characters or more. */
export async function vendorSuggestions(
  db: Db,
  cache: MarketplaceCache,
  q: string,
  notice?: VersionNotice,
): Promise<SuggestionsDto> {
  if (q.length < 2) return { vendor_names: [], services: [], locations: [] };
  return answer(
    db,
    cache,
    cache.suggestions,
    q.toLowerCase(),
    async () => ({
      vendor_names: await suggestVendorNames(db, wordsOf(q), 3),
      services: startsOrContains(MARKETPLACE_CATEGORIES, q, 3),
      locations: startsOrContains(LOCATIONS, q, 2),
    }),
    notice,
  );
}

/**
 * A listing's profile page: the listing as the viewer may see it, with how fast it answers once it
 * has enough requests. Serving it counts a view for the owner's analytics, which never fails the
 * read (recordProfileView swallows its errors) and runs beside the responsiveness query.
 */
export async function vendorProfilePage(
  ctx: Pick<Context, 'db' | 'user' | 'ip' | 'userAgent' | 'now' | 'versionNotice'>,
  id: string,
): Promise<VendorView> {
  const found = await findVisibleVendorWithTableVersion(ctx.db, id, ctx.now());
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound });
  const { tableVersion, kashrut, ...row } = found;
  // Read in the listing's own statement, so the version is exactly the one the listing was read at.
  ctx.versionNotice?.readAt(tableVersion);
  const [responsiveness] = await Promise.all([
    responsivenessOf(ctx.db, row.id, ctx.now(), listingClock(row)),
    recordProfileView(ctx, row),
  ]);
  return { ...vendorForViewer(row, ctx.user), responsiveness, kashrut: publicKashrut(kashrut) };
}

/** A listing's stated kashrut as its profile shows it (decision 038). */
export function publicKashrut(row: PublicKashrutRow | null): PublicKashrutDto | null {
  if (!row) return null;
  return {
    agency: row.agency,
    agencyOther: row.agencyOther,
    agencyLabel: agencyLabel(row.agency, row.agencyOther),
    level: row.level,
    chalavYisrael: row.chalavYisrael,
    pasYisrael: row.pasYisrael,
    glatt: row.glatt,
    mehadrin: row.mehadrin,
    shomerShabbat: row.shomerShabbat,
    levelLabel: KASHRUT_LEVELS.find((l) => l.value === row.level)?.label ?? row.level,
    standards: KASHRUT_FLAGS.filter((f) => row[f.field]).map((f) => f.label),
    verified: row.verifiedOn !== null,
    verifiedOn: row.verifiedOn,
  };
}

/**
 * Kashrut expires at midnight in the listing's zone, and every zone's midnight falls on a quarter
 * hour of UTC: answers filtered by kashrut are kept for one quarter hour at most, so none is served
 * past an expiry that no change of the table marks (decision 038).
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const kashrutSlot = (input: z.output<typeof vendorListInput>, now: Date) =>
  input.kashrut?.length ? Math.floor(now.getTime() / QUARTER_HOUR_MS) : null;

async function refuseTakenName(db: Db, name: string, exceptId?: string): Promise<void> {
  const existing = await lockAndFindListingNamed(db, name, exceptId);
  if (existing) {
    throw new TRPCError({ code: 'CONFLICT', message: VENDOR_MESSAGES.nameTaken(existing.businessName) });
  }
}

/**
 * A new listing from the marketplace. It may not take the name of an existing listing (whose owner
 * would otherwise find a look-alike receiving their customers): the caller is pointed to the claim
 * flow instead. New listings start unverified; only an admin verifies.
 *
 * A customer account becomes a vendor account in the same transaction (decision 014), so the
 * listing is on their dashboard at once; admins stay admins. The session needs nothing: every
 * request reads the account's role afresh, and the client refetches auth.me after the create.
 */
export async function createVendor(
  db: Db,
  owner: UserDto,
  input: z.output<typeof vendorCreateInput>,
  now: Date = new Date(),
) {
  const row = await inTransaction(db, async (trx) => {
    await refuseTakenName(trx, input.businessName);
    const created = await insertVendor(trx, {
      ...input,
      descriptionRich: sanitizeDescription(input.descriptionRich) ?? null,
      ownerId: owner.id,
      claimed: true,
      verified: false,
    });
    if (owner.role === 'customer') await makeVendorAccount(trx, owner.id, now);
    return created;
  });
  return fullVendor(row);
}

/**
 * What an edit of a listing may change, from either form, and the version it was made from (none:
 * the version its access was just checked at).
 */
type VendorChanges = Omit<VendorUpdate, 'version'> & { version?: number | undefined };

export async function updateVendorAsOwnerOrAdmin(
  db: Db,
  user: UserDto,
  id: string,
  input: Omit<z.output<typeof vendorUpdateInput>, 'id'>,
) {
  const current = await findVendorById(db, id);
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound });
  if (current.ownerId !== user.id && user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: VENDOR_MESSAGES.notYours });
  }
  return updateListingAt(db, current, input);
}

/**
 * Writes an edit of a listing the caller may change. The write goes through only at the version the
 * edit was made from, so the access check cannot be overtaken by a change of owner in between: that
 * raises the version too.
 */
async function updateListingAt(db: Db, current: VendorRow, input: VendorChanges) {
  const { version = current.version, ...changes } = input;
  const id = current.id;
  // Checked here too, so an edit made from a stale copy hears that before any complaint about its
  // contents (a name taken since, say).
  if (current.version !== version) throw new StaleWriteError(fullVendor(current));
  const row = await db.transaction().execute(async (trx) => {
    if (changes.businessName !== undefined && changes.businessName !== current.businessName) {
      await refuseTakenName(trx, changes.businessName, id);
    }
    return updateVendorAt(trx, id, version, {
      ...changes,
      descriptionRich: sanitizeDescription(changes.descriptionRich),
    });
  });
  if (row) return fullVendor(row);
  const now = await findVendorById(db, id);
  if (!now) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound });
  throw new StaleWriteError(fullVendor(now));
}

const notOwned = (vendorId: string | undefined) =>
  new TRPCError({
    code: 'NOT_FOUND',
    message: vendorId ? VENDOR_MESSAGES.notFound : VENDOR_MESSAGES.noProfile,
  });

/**
 * One of the user's own listings: the one named, or their first. Someone else's listing answers the
 * same NOT_FOUND as none at all.
 */
export async function ownVendorProfile(db: Db, user: UserDto, vendorId?: string) {
  const row = await findVendorOwnedBy(db, user.id, vendorId);
  if (!row) throw notOwned(vendorId);
  return row;
}

/**
 * The Analytics tab of one of the vendor's listings (the same choice as ownVendorProfile), in the
 * listing's clock (decision 034). The owner check reads only the id and whereabouts: this is the tab's hot path.
 */
export async function ownListingAnalytics(
  db: Db,
  user: UserDto,
  input: z.output<typeof analyticsInput>,
  now: Date,
): Promise<AnalyticsDto> {
  const own = await findOwnedListingRef(db, user.id, input.vendorId);
  if (!own) throw notOwned(input.vendorId);
  return vendorAnalytics(db, own.id, input.days, now, listingClock(own));
}

export async function ownListings(db: Db, user: UserDto): Promise<OwnListingDto[]> {
  return findListingsOwnedBy(db, user.id);
}

/**
 * A save of the dashboard form on one of the caller's listings (`own`, as ownVendorProfile read
 * it). Its category value is stored as the shared vocabulary, worked out from the category the
 * listing had at the version the form was made from: a Comedians listing saved under 'band' stays
 * Comedians. The gallery is replaced as sent, so a reorder is the new order.
 */
export async function updateOwnProfile(
  db: Db,
  own: VendorRow,
  input: Omit<z.output<typeof vendorProfileUpdateInput>, 'vendorId'>,
) {
  const { category, ...rest } = input;
  return updateListingAt(db, own, {
    ...rest,
    ...(category === undefined
      ? {}
      : { category: categoryFromDashboard(category as DashboardCategoryValue, own.category) }),
  });
}
