/** Product constants of spec sections 3 and 9, shared by the server, the client and the seed. */

export const PRODUCT_NAME = 'SimchaHub';

/** Where a suspended account, a hidden listing or anyone stuck writes (the Contact page lists it). */
export const SUPPORT_EMAIL = 'support@simchahub.com';

export const ROLES = ['customer', 'vendor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may pick when creating an account; admins come from the seed or the CLI. */
export const SELF_SERVICE_ROLES = ['customer', 'vendor'] as const;

export const MARKETPLACE_CATEGORIES = [
  'Venues',
  'Caterers',
  'Photographers',
  'Musicians',
  'Florists',
] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number];

/** Categories offered by the vendor profile form of the marketplace. */
export const PROFILE_FORM_CATEGORIES = [...MARKETPLACE_CATEGORIES, 'Comedians', 'Shops'] as const;

/** The marketplace list's orders (spec section 5): Most Popular, Top Rated, Near Me, Newest. */
export const VENDOR_SORTS = ['popular', 'rating', 'near', 'newest'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];

/** Categories of the vendor dashboard form: stored value and label. */
export const DASHBOARD_CATEGORIES = [
  { value: 'photographer', label: 'Photography' },
  { value: 'caterer', label: 'Catering' },
  { value: 'venue', label: 'Venues' },
  { value: 'florist', label: 'Floral' },
  { value: 'band', label: 'Music & Entertainment' },
  { value: 'makeup', label: 'Beauty & Makeup' },
  { value: 'decorator', label: 'Decor & Design' },
  { value: 'invitations', label: 'Invitations' },
  { value: 'other', label: 'Other' },
] as const;

export const HOLIDAY_TYPES = ['major', 'celebration', 'minor', 'fast'] as const;

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
/**
 * sent → responded → quoted → booked, or declined or expired ('pending' is an old name of 'sent');
 * booked → responded when its booking is cancelled (decision 036).
 */
export const REQUEST_STATUSES = [
  'sent',
  'pending',
  'responded',
  'quoted',
  'booked',
  'declined',
  'expired',
] as const;
export const NOTIFICATION_KINDS = [
  'message',
  'request_answered',
  'claim_decided',
  'admin_notice',
  'booking',
  'review',
  'kashrut',
  'rsvp',
] as const;
export const THREAD_STATUSES = ['active', 'archived'] as const;
export const MESSAGE_STATUSES = ['sent', 'seen'] as const;
export const MESSAGE_TYPES = ['text', 'system'] as const;

/** The longest an event or a requested slot may last: a two-day celebration (48 hours). */
export const EVENT_MINUTES_MAX = 48 * 60;

export const LIMITS = {
  passwordMin: 6,
  passwordMax: 256,
  nameMax: 120,
  emailMax: 254,
  phoneMax: 40,
  familyLabelMax: 80,
  imageUploadBytes: 5 * 1024 * 1024,
  attachmentBytes: 10 * 1024 * 1024,
  attachmentsMax: 5,
  marketplacePageSize: 24,
  /** Marketplace totals are exact up to this many matches. */
  marketplaceTotalCap: 1000,
  nearbyRadiusKm: 50,
  featuredMax: 10,
  homeUpcomingEvents: 2,
  upcomingDeadlines: 3,
  guestCountDefault: 100,
  calendarCells: 42,
  familyEventsOnCalendar: 4,
  responsePreviewChars: 100,
  galleryImagesMax: 12,
} as const;

export const TIMINGS = {
  currentUserStaleMs: 5 * 60 * 1000,
  unreadPollMs: 10_000,
  conversationStaleMs: 1000,
  toastMs: 5000,
  confettiMs: 3000,
  suggestionsDebounceMs: 300,
  suggestionsBlurCloseMs: 200,
  geolocationTimeoutMs: 6000,
} as const;

/** The id of the script element that carries a page drawn by the server's data (JSON, superjson). */
export const PRERENDERED_STATE_ID = 'prerendered-state';

/**
 * The key of the app's emotion cache (src/client/lib/style-cache.ts): the prefix of the class names
 * Chakra's styles get, and the first word of each of its style elements' names.
 */
export const STYLE_KEY = 'sh';

/**
 * The attribute naming a drawn page's style elements (decision 050): the key, then the names of the
 * styles the element holds, as emotion's own `data-emotion` would. Not that attribute, which emotion
 * looks for to move each such element where it wants it, making the browser style the page anew.
 */
export const DRAWN_STYLE_ATTRIBUTE = 'data-drawn-style';
