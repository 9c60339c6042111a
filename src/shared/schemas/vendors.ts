import { z } from 'zod';
import { CATEGORIES } from '../categories';
import {
  DASHBOARD_CATEGORIES,
  LIMITS,
  MARKETPLACE_CATEGORIES,
  VENDOR_SORTS,
  type VendorSort,
} from '../constants';
import { responsivenessDto } from './analytics';
import {
  civilDateSchema,
  distinctName,
  editVersionField,
  idempotencyKeyField,
  imageRefSchema,
  oneOf,
  optionalDistinctName,
  optionalQueryNumber,
  optionalText,
  queryNumber,
  REQUIRED_MESSAGE,
  requiredText,
  rowVersionDto,
  safeString,
} from './common';
import { kashrutBadgeDto, kashrutFilterParam, publicKashrutDto } from './kashrut-public';

export const VENDOR_MESSAGES = {
  required: REQUIRED_MESSAGE,
  notFound: 'Vendor not found',
  invalidEmail: 'Please enter a valid email address',
  invalidUrl: 'Please enter a valid web address (https://...)',
  noProfile: 'An approved vendor claim is needed before you can edit a listing',
  notYours: 'Only the owner of this listing or an admin can change it',
  latLngTogether: 'lat and lng must be given together',
  positionTogether: 'Latitude and longitude must be given together',
  nameTaken: (name: string) =>
    `A listing named "${name}" already exists. If it is your business, claim it instead: Vendor Dashboard > Claims.`,
  tooManySuggestions: 'Too many searches in a short time.',
  chooseCategory: 'Please choose a category from the list',
  galleryImageEmpty: 'Gallery images cannot be empty',
  galleryNotList: 'Gallery images must be a list of uploaded images',
  galleryTooMany: `A gallery holds at most ${LIMITS.galleryImagesMax} images`,
  sortNeedsPosition: 'Sorting by distance needs lat and lng',
  coordinateRange: (label: string, limit: number) => `${label} must be between -${limit} and ${limit}`,
  coordinateNotTiny: (label: string) => `${label} must be 0 or at least 0.000000001 away from 0`,
} as const;

export { VENDOR_SORTS, type VendorSort };

/** The vendor dashboard form's category values (spec section 3). */
export const DASHBOARD_CATEGORY_VALUES = DASHBOARD_CATEGORIES.map((c) => c.value) as [string, ...string[]];

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(10).optional());

/**
 * A coordinate in degrees. Values a hair off 0 (below 1e-9 degrees, a tenth of a millimetre) are
 * refused: PostgreSQL's distance functions raise an underflow error on the smallest of them.
 */
const coordinate = (label: string, limit: number) =>
  z
    .number()
    .min(-limit, VENDOR_MESSAGES.coordinateRange(label, limit))
    .max(limit, VENDOR_MESSAGES.coordinateRange(label, limit))
    .refine((v) => v === 0 || Math.abs(v) >= 1e-9, VENDOR_MESSAGES.coordinateNotTiny(label));
const latitude = (label: string) => coordinate(label, 90);
const longitude = (label: string) => coordinate(label, 180);

/**
 * A position is both coordinates or none (a listing's row refuses one without the other): both
 * given, both cleared with null, or both left out. The issue sits on the one left out.
 */
function givenTogether<A extends string, B extends string>(a: A, b: B, message: string) {
  return (v: { [K in A | B]?: number | null }, ctx: z.RefinementCtx) => {
    const first = v[a];
    const second = v[b];
    if ((first === undefined) !== (second === undefined) || (first === null) !== (second === null)) {
      ctx.addIssue({ code: 'custom', message, path: [first === undefined || first === null ? a : b] });
    }
  };
}
const bothOrNeither = givenTogether('lat', 'lng', VENDOR_MESSAGES.latLngTogether);
const positionTogether = givenTogether('latitude', 'longitude', VENDOR_MESSAGES.positionTogether);

/** free_time: 'HH:MM' at the vendor's place. */
const freeTimeSchema = z
  .string({ error: 'free_time must be HH:MM' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'free_time must be HH:MM');

/** include_unstated: a boolean, or its text from a query string; default false. */
const includeUnstatedSchema = z
  .preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean({ error: 'include_unstated must be true or false' }),
  )
  .default(false);

/** GET /api/vendors query (the spec's snake_case names), also the tRPC input. */
export const vendorListInput = z
  .object({
    page: queryNumber('page', z.number().int('page must be a whole number').min(1).max(10_000), 1),
    page_size: queryNumber(
      'page_size',
      z.number().int('page_size must be a whole number').min(1).max(100),
      LIMITS.marketplacePageSize,
    ),
    sort: oneOf('Sort', VENDOR_SORTS).default('popular'),
    search: safeString('Search', { max: 100 }).optional(),
    /** Repeat the parameter for several; only the five marketplace categories filter. */
    category: oneOrMany(oneOf('Category', MARKETPLACE_CATEGORIES)),
    /** Verified, unexpired kashrut (decision 038): agencies any of, levels any of, flags all of. */
    kashrut: kashrutFilterParam,
    lat: optionalQueryNumber('lat', latitude('lat')),
    lng: optionalQueryNumber('lng', longitude('lng')),
    radius_km: queryNumber(
      'radius_km',
      z
        .number()
        .min(0.001, 'radius_km must be between 0.001 and 20000')
        .max(20_000, 'radius_km must be between 0.001 and 20000'),
      LIMITS.nearbyRadiusKm,
    ),
    /** Only vendors free on this day (YYYY-MM-DD): stated calendars with room left that day. */
    free_on: civilDateSchema('free_on', { format: 'free_on must be a date (YYYY-MM-DD)' }).optional(),
    /** With free_on: free at this time ('HH:MM' at the vendor's place), outside Shabbat and Yom Tov there. */
    free_time: freeTimeSchema.optional(),
    /** With free_on: include vendors who have not stated their calendar (default false). */
    include_unstated: includeUnstatedSchema,
  })
  .superRefine(bothOrNeither)
  .refine((v) => v.free_time === undefined || v.free_on !== undefined, {
    message: 'free_time needs free_on',
    path: ['free_time'],
  })
  .refine((v) => v.sort !== 'near' || v.lat !== undefined, {
    message: VENDOR_MESSAGES.sortNeedsPosition,
    path: ['sort'],
  });
export type VendorListInput = z.input<typeof vendorListInput>;

export const featuredInput = z
  .object({
    lat: optionalQueryNumber('lat', latitude('lat')),
    lng: optionalQueryNumber('lng', longitude('lng')),
  })
  .superRefine(bothOrNeither)
  .optional()
  .transform((v) => v ?? {});

export const suggestionsInput = z.object({ q: safeString('Search', { max: 100 }).default('') });

const vendorBase = {
  id: z.uuid(),
  businessName: z.string(),
  /** The business name in Hebrew, when the listing gives one beside its Latin name. */
  nameHe: z.string().nullable(),
  category: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  neighborhood: z.string().nullable(),
  description: z.string().nullable(),
  descriptionRich: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  logoUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  galleryImages: z.array(z.string()),
  verified: z.boolean(),
  claimed: z.boolean(),
  rating: z.string(),
  reviewCount: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The IANA zone of the coordinates (decision 034): the clock of the listing's business hours. */
  timeZone: z.string().nullable(),
  createdAt: z.date(),
  /** Kilometres from the position the caller gave, when they gave one. */
  distanceKm: z.number().nullable().optional(),
  /** How fast the listing answers: on its profile page only, once it has enough requests. */
  responsiveness: responsivenessDto.nullable().optional(),
  /** A food listing's supervision: on its profile page only; null when it states none. */
  kashrut: publicKashrutDto.nullable().optional(),
  /** In lists only (the marketplace and featured vendors): verified, unexpired kashrut, else null. */
  kashrutBadge: kashrutBadgeDto.nullable().optional(),
};

/** What a signed-in user sees. */
export const vendorDto = z.object({
  ...vendorBase,
  ownerId: z.uuid().nullable(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
  contactWhatsapp: z.string().nullable(),
  website: z.string().nullable(),
  version: rowVersionDto,
});
/** What an anonymous visitor sees: whether contact details exist, never the details. */
export const publicVendorDto = z.object({
  ...vendorBase,
  hasPhone: z.boolean(),
  hasEmail: z.boolean(),
  hasWebsite: z.boolean(),
});
export const vendorView = z.union([vendorDto, publicVendorDto]);
export type VendorDto = z.infer<typeof vendorDto>;
export type PublicVendorDto = z.infer<typeof publicVendorDto>;
export type VendorView = z.infer<typeof vendorView>;

export const vendorPage = z.object({
  items: z.array(vendorView),
  /** Exact up to LIMITS.marketplaceTotalCap matches; beyond that the cap, with total_exact false. */
  total: z.number().int(),
  total_exact: z.boolean(),
  has_more: z.boolean(),
});
export type VendorPageDto = z.infer<typeof vendorPage>;
export const vendorSuggestions = z.object({
  vendor_names: z.array(z.string()),
  services: z.array(z.string()),
  locations: z.array(z.string()),
});
export type SuggestionsDto = z.infer<typeof vendorSuggestions>;

const httpsUrl = safeString('Website', { max: 500 })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), VENDOR_MESSAGES.invalidUrl)
  .nullish()
  .transform((v) => (v ? v : null));
/** The vendor profile form (spec section 3): the server owns id, ownerId, claimed, rating, reviewCount, createdAt. */
const vendorProfileFields = z.object({
  businessName: distinctName(200, 'Business name'),
  /** Optional: the name in Hebrew, found by search as the Latin name is. */
  nameHe: optionalDistinctName(200, 'Hebrew business name'),
  // The marketplace form offers the spec's seven; an edit may keep any category of the vocabulary.
  category: z.enum(CATEGORIES, { error: VENDOR_MESSAGES.chooseCategory }),
  description: optionalText(5000, 'Description'),
  descriptionRich: optionalText(20_000, 'Description'),
  contactPhone: optionalText(40, 'Phone'),
  contactWhatsapp: optionalText(40, 'WhatsApp'),
  contactEmail: requiredText(254, 'Email').pipe(z.email({ error: VENDOR_MESSAGES.invalidEmail })),
  website: httpsUrl,
  address: optionalText(300, 'Address'),
  city: optionalText(100, 'City'),
  state: optionalText(100, 'State'),
  zipcode: optionalText(20, 'Zip code'),
  country: optionalText(100, 'Country'),
  neighborhood: optionalText(100, 'Neighborhood'),
  logoUrl: imageRefSchema,
  imageUrl: imageRefSchema,
  latitude: latitude('Latitude').nullish(),
  longitude: longitude('Longitude').nullish(),
});
export const vendorCreateInput = vendorProfileFields
  .extend({ idempotencyKey: idempotencyKeyField })
  .strict()
  .superRefine(positionTogether);
export const vendorUpdateInput = vendorProfileFields
  .partial()
  .extend({ id: z.uuid(), version: editVersionField })
  .strict()
  .superRefine(positionTogether);
/** Images of a listing's gallery, in the order shown. */
export const galleryImagesSchema = z
  .array(imageRefSchema.pipe(z.string({ error: VENDOR_MESSAGES.galleryImageEmpty })), {
    error: VENDOR_MESSAGES.galleryNotList,
  })
  .max(LIMITS.galleryImagesMax, VENDOR_MESSAGES.galleryTooMany)
  .refine((list) => new Set(list).size === list.length, 'An image appears twice in the gallery');

/**
 * The vendor dashboard's form: the same fields, with the dashboard's category values (stored as the
 * shared vocabulary, src/shared/categories.ts) and the gallery. vendorId picks which of the caller's
 * listings (one they own) is edited; without it, their first.
 */
export const vendorProfileUpdateInput = vendorProfileFields
  .partial()
  .extend({
    vendorId: z.uuid({ error: VENDOR_MESSAGES.notFound }).optional(),
    category: z.enum(DASHBOARD_CATEGORY_VALUES, { error: VENDOR_MESSAGES.chooseCategory }).optional(),
    galleryImages: galleryImagesSchema.optional(),
    version: editVersionField,
  })
  .strict()
  .superRefine(positionTogether);
export type VendorProfileUpdateInput = z.input<typeof vendorProfileUpdateInput>;

/** GET /api/vendors/profile[?vendorId=]: which of the caller's listings. */
export const vendorProfileInput = z
  .object({ vendorId: z.uuid({ error: VENDOR_MESSAGES.notFound }).optional() })
  .strict()
  .optional()
  .transform((v) => v ?? {});

/** The caller's listings (the dashboard's picker): GET /api/vendors/mine. */
export const ownListingDto = vendorDto
  .pick({ id: true, businessName: true, category: true, verified: true, claimed: true })
  .extend({
    /** Hidden by an admin: off every public page; the owner still sees and edits it. */
    hidden: z.boolean(),
    hiddenReason: z.string().nullable(),
  });
export type OwnListingDto = z.infer<typeof ownListingDto>;
export type VendorCreateInput = z.input<typeof vendorCreateInput>;
