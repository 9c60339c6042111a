import { TRPCError } from '@trpc/server';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { LIMITS, MARKETPLACE_CATEGORIES, NEIGHBORHOODS, PRESET_CITIES } from '../../shared/constants';
import type { UserDto } from '../../shared/schemas/auth';
import {
  type featuredInput,
  VENDOR_MESSAGES,
  type VendorDto,
  type VendorView,
  type vendorCreateInput,
  type vendorListInput,
  type vendorProfileUpdateInput,
} from '../../shared/schemas/vendors';
import type { Db } from '../db/create-db';
import {
  findVendorById,
  findVendorOwnedBy,
  insertVendor,
  resolveSearch,
  searchVendors,
  suggestVendorNames,
  updateVendor,
} from './vendors.queries';

type VendorRow = NonNullable<Awaited<ReturnType<typeof findVendorById>>> & { distanceKm?: number | null };

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
  const { contactEmail, contactPhone, contactWhatsapp, website, ownerId: _ownerId, ...rest } = row;
  return {
    ...rest,
    hasPhone: Boolean(contactPhone || contactWhatsapp),
    hasEmail: Boolean(contactEmail),
    hasWebsite: Boolean(website),
  };
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

export async function listVendors(db: Db, viewer: UserDto | null, input: z.output<typeof vendorListInput>) {
  const position =
    input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : undefined;
  const offset = (input.page - 1) * input.page_size;
  const tsquery = input.search ? await resolveSearch(db, input.search) : undefined;
  if (tsquery === null) return { items: [], total: 0, has_more: false };
  const { items, total } = await searchVendors(db, {
    tsquery,
    categories: input.category,
    position,
    radiusKm: input.radius_km,
    sort: input.sort,
    limit: input.page_size,
    offset,
  });
  return {
    items: items.map((row) => vendorForViewer(row, viewer)),
    total,
    has_more: offset + items.length < total,
  };
}

export async function featuredVendors(db: Db, viewer: UserDto | null, input: z.output<typeof featuredInput>) {
  const position =
    input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : undefined;
  // Near a position, the nearest verified vendors: the location index yields them in order.
  const { items } = await searchVendors(db, {
    verifiedOnly: true,
    position,
    radiusKm: LIMITS.nearbyRadiusKm,
    sort: position ? 'near' : 'popular',
    limit: LIMITS.featuredMax,
    offset: 0,
    withTotal: false,
    pageable: false,
  });
  return items.map((row) => vendorForViewer(row, viewer));
}

const LOCATIONS: string[] = [...NEIGHBORHOODS, ...PRESET_CITIES.map((c) => c.name)];

function startsOrContains(list: readonly string[], q: string, limit: number): string[] {
  const lower = q.toLowerCase();
  const starts = list.filter((s) => s.toLowerCase().startsWith(lower));
  const contains = list.filter((s) => !starts.includes(s) && s.toLowerCase().includes(lower));
  return [...starts, ...contains].slice(0, limit);
}

/** At most 3 business names, 3 services and 2 locations for text of 2 characters or more. */
export async function vendorSuggestions(db: Db, q: string) {
  if (q.length < 2) return { vendor_names: [], services: [], locations: [] };
  const tsquery = await resolveSearch(db, q);
  return {
    vendor_names: tsquery ? await suggestVendorNames(db, tsquery, 3) : [],
    services: startsOrContains(MARKETPLACE_CATEGORIES, q, 3),
    locations: startsOrContains(LOCATIONS, q, 2),
  };
}

export async function vendorById(db: Db, viewer: UserDto | null, id: string) {
  const row = await findVendorById(db, id);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound });
  return vendorForViewer(row, viewer);
}

export async function createVendor(db: Db, owner: UserDto, input: z.output<typeof vendorCreateInput>) {
  const row = await insertVendor(db, {
    ...input,
    descriptionRich: sanitizeDescription(input.descriptionRich) ?? null,
    ownerId: owner.id,
    claimed: true,
  });
  return fullVendor(row);
}

export async function updateVendorAsOwnerOrAdmin(
  db: Db,
  user: UserDto,
  id: string,
  changes: z.output<typeof vendorProfileUpdateInput>,
) {
  const current = await findVendorById(db, id);
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.notFound });
  if (current.ownerId !== user.id && user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: VENDOR_MESSAGES.notYours });
  }
  const row = await updateVendor(db, id, {
    ...changes,
    descriptionRich: sanitizeDescription(changes.descriptionRich),
  });
  return fullVendor(row);
}

export async function ownVendorProfile(db: Db, user: UserDto) {
  const row = await findVendorOwnedBy(db, user.id);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: VENDOR_MESSAGES.noProfile });
  return row;
}
