import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MessageAbout, NotificationAbout } from '../../../shared/coded-sentences';
import type { Language } from '../../../shared/i18n';

/** Table types as Kysely sees them (camelCase through CamelCasePlugin; snake_case in SQL). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns travel as decimal strings so no amount ever passes through a float. */
type Numeric = ColumnType<string, string | number, string | number>;

export interface UsersTable {
  id: Generated<string>;
  /** Raised by one on every update; an update names the version it was made from. */
  version: Generated<number>;
  email: string;
  passwordHash: string;
  name: string;
  phone: string | null;
  familyLabel: string | null;
  hebrewDatesEnabled: Generated<boolean>;
  shabbatWarningsEnabled: Generated<boolean>;
  emailNotificationsEnabled: Generated<boolean>;
  /** The language the person reads the product and their mail in (decision 044). */
  language: Generated<Language>;
  role: Generated<'customer' | 'vendor' | 'admin'>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  /** Set while an admin has suspended the account: no session, no sign-in; the data stays. */
  suspendedAt: Timestamp | null;
  suspendedBy: string | null;
  suspendedReason: string | null;
  /** When someone opened a confirmation link mailed to the current address; null until then (decision 030). */
  emailConfirmedAt: Timestamp | null;
  /** When the person last signed in or used a session (written at most once a minute); null if never. */
  lastSeenAt: Timestamp | null;
  /** GeoNames id of the home place (decision 034); null until chosen. */
  homePlaceId: number | null;
  /** Observance settings; null: by the place (schemas/observance.ts). */
  observanceSchedule: 'israel' | 'diaspora' | null;
  candleMinutes: number | null;
  havdalah: Generated<'degrees-8.5' | 'minutes-42' | 'minutes-50' | 'minutes-72'>;
  weddingCustom: Generated<'ashkenazi' | 'sephardi' | 'none'>;
}

export interface SessionsTable {
  id: Generated<string>;
  tokenHash: string;
  userId: string;
  createdAt: CreatedAt;
  lastUsedAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  userAgent: string | null;
  ipAddress: string | null;
}

export interface FamilyCirclesTable {
  id: Generated<string>;
  label: string;
  memberCount: Generated<number>;
  createdAt: CreatedAt;
}

export type FamilyMembershipStatus = 'active' | 'pending';

/** Who belongs to which circle (decision 007): only active members see the circle. */
export interface FamilyMembershipsTable {
  userId: string;
  circleId: string;
  status: FamilyMembershipStatus;
  requestedAt: DefaultedTimestamp;
  approvedBy: string | null;
  approvedAt: Timestamp | null;
  inviteId: string | null;
}

/** Invite links to a circle; only the SHA-256 of the secret token is stored. */
export interface FamilyInvitesTable {
  id: Generated<string>;
  circleId: string;
  createdBy: string;
  tokenHash: string;
  createdAt: DefaultedTimestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  revokedBy: string | null;
}

export interface EventsTable {
  id: Generated<string>;
  /** Raised by one on every update; an update names the version it was made from. */
  version: Generated<number>;
  userId: string;
  title: string;
  type: string;
  date: Timestamp;
  time: string | null;
  venue: string | null;
  notes: string | null;
  imageUrl: string | null;
  isPublic: Generated<boolean>;
  shareId: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  /** GeoNames id of the event's city; null: the owner's home place stands in. */
  placeId: number | null;
  /** The zone `date` and `time` were written in: the place's, else the writer's browser's. */
  timeZone: string | null;
  /** Length in minutes (end time or duration); null: not given. */
  durationMinutes: number | null;
  /** The main event this is a sub-event of (same owner, one level deep); null: a main event. */
  parentEventId: string | null;
  /** RSVP settings of a main event: answers close at this instant; null: no deadline. */
  rsvpDeadline: Timestamp | null;
  /** RSVP settings of a main event: the family's words on every invitation page. */
  rsvpMessage: string | null;
  /** When the daily summary of new RSVP answers was last made for this main event. */
  rsvpSummaryAt: Timestamp | null;
}

export type Meal = 'meat' | 'dairy' | 'fish' | 'vegetarian' | 'vegan' | 'children';
export type RsvpStatus = 'invited' | 'attending' | 'declined' | 'no_answer';

export interface HouseholdsTable {
  id: Generated<string>;
  /** The main event whose guest list this is. */
  eventId: string;
  name: string;
  plusOnesAllowed: Generated<number>;
  messageToHosts: string | null;
  /** The last time the household answered through its link. */
  answeredAt: Timestamp | null;
  /** The last time an invitation mail was queued for it. */
  invitedAt: Timestamp | null;
  /** The last reminder (at most one per 3 days). */
  remindedAt: Timestamp | null;
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface GuestsTable {
  id: Generated<string>;
  /** The main event whose guest list this is. */
  eventId: string;
  householdId: string;
  name: string;
  email: string | null;
  phone: string | null;
  side: string | null;
  tags: Generated<string[]>;
  meal: Meal | null;
  dietaryNote: string | null;
  kashrutStandard: string | null;
  tableName: string | null;
  /** A plus-one: the guest who brings them. */
  plusOneOf: string | null;
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface GuestInvitationsTable {
  guestId: string;
  /** The main event or one of its sub-events. */
  eventId: string;
  rsvp: Generated<RsvpStatus>;
  /** The meal chosen for this event; null: the guest's usual one. */
  meal: Meal | null;
  dietaryNote: string | null;
  answeredAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface RsvpLinksTable {
  id: Generated<string>;
  householdId: string;
  /** SHA-256 (hex) of the token; the token itself is handed out once. */
  tokenHash: string;
  createdBy: string | null;
  createdAt: CreatedAt;
  revokedAt: Timestamp | null;
  lastUsedAt: Timestamp | null;
}

export interface TasksTable {
  id: Generated<string>;
  /** Raised by one on every update; an update names the version it was made from. */
  version: Generated<number>;
  eventId: string;
  title: string;
  description: string | null;
  dueDate: Timestamp | null;
  completed: Generated<boolean>;
  createdAt: CreatedAt;
}

export interface DepositsTable {
  id: Generated<string>;
  /** Raised by one on every update; an update names the version it was made from. */
  version: Generated<number>;
  eventId: string;
  vendorName: string;
  amount: Numeric;
  dueDate: Timestamp;
  paid: Generated<boolean>;
  paidDate: Timestamp | null;
  createdAt: CreatedAt;
}

export interface MemosTable {
  id: Generated<string>;
  /** Raised by one on every update; an update names the version it was made from. */
  version: Generated<number>;
  eventId: string;
  title: string;
  content: string | null;
  createdAt: CreatedAt;
}

export interface VendorsTable {
  id: Generated<string>;
  /** Raised by one on every update; an update names the version it was made from. */
  version: Generated<number>;
  businessName: string;
  /** The business name in Hebrew, when the listing gives one beside its Latin name (decision 045). */
  nameHe: string | null;
  /** The name's confusable skeleton, for refusing look-alike names (domains/vendors/name-skeleton.ts). */
  nameSkeleton: string | null;
  category: string;
  contactEmail: string;
  contactPhone: string | null;
  contactWhatsapp: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string | null;
  neighborhood: string | null;
  description: string | null;
  descriptionRich: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  website: string | null;
  logoUrl: string | null;
  imageUrl: string | null;
  galleryImages: ColumnType<string[], string[] | undefined, string[]>;
  verified: Generated<boolean>;
  ownerId: string | null;
  claimed: Generated<boolean>;
  rating: ColumnType<string, string | number | undefined, string | number>;
  reviewCount: Generated<number>;
  latitude: number | null;
  longitude: number | null;
  /** IANA zone of the coordinates (tz-lookup), kept with them; null without coordinates. */
  timeZone: string | null;
  /** Events a day the listing takes unless a day says otherwise (1–50). */
  dailyCapacity: Generated<number>;
  /** When the owner first stated their calendar; until then every day is "not stated". */
  calendarStatedAt: Timestamp | null;
  /** Raised by every save of the owner's calendar: its ETag and a save's If-Match (decision 029). */
  calendarVersion: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
  /** Hidden by an admin: gone from every public read until unhidden. */
  hidden: Generated<boolean>;
  hiddenAt: Timestamp | null;
  hiddenBy: string | null;
  hiddenReason: string | null;
  /** Generated columns for search: never written. */
  searchVector: ColumnType<string, never, never>;
  nameVector: ColumnType<string, never, never>;
  location: ColumnType<string | null, never, never>;
  /** "Top Rated": the Bayesian average of rating and review_count (decision 037); generated. */
  ratingRank: ColumnType<string, never, never>;
}

export type ClaimStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'revoked';

/** What the server worked out on submit, for the admin who decides (decision 014). */
export interface ClaimEvidenceRecord {
  /** Whether the business e-mail's domain is the listing's website host or contact e-mail domain. */
  domainMatch: 'website' | 'contact-email' | 'none' | 'free-mail' | 'no-listing';
  /** Other pending claims for the same listing when this one was submitted. */
  competingClaims: number;
  /** Whole days between the claimant's sign-up and the submission. */
  accountAgeDays: number;
  /**
   * What the claimant's confirmed e-mail proves: the claim's business e-mail itself, only their
   * account's other address, or nothing (not confirmed). Absent on claims from before confirmation.
   */
  emailConfirmed?: 'business-email' | 'account-email' | 'none';
}

export interface VendorClaimsTable {
  id: Generated<string>;
  vendorId: string | null;
  userId: string;
  status: Generated<ClaimStatus>;
  businessName: string;
  businessDescription: string;
  businessAddress: string;
  businessPhone: string;
  businessEmail: string;
  businessWebsite: string | null;
  ownershipProof: string;
  notes: string | null;
  reviewNotes: string | null;
  approvedBy: string | null;
  reviewedAt: Timestamp | null;
  /** The newest change of status (withdraw and revoke too). */
  decidedAt: Timestamp | null;
  /** For a claim describing a new business: the category its listing is created with. */
  category: string | null;
  evidence: ColumnType<ClaimEvidenceRecord | Record<string, never>, string | undefined, string>;
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export interface VendorClaimEventsTable {
  id: Generated<string>;
  claimId: string;
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus;
  actorId: string | null;
  actorRole: 'customer' | 'vendor' | 'admin' | 'system';
  note: string | null;
  createdAt: CreatedAt;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE. */
/** Server errors (5xx answers) per minute, from every server process. */
export interface ServerErrorMinutesTable {
  minute: Timestamp;
  count: Generated<number>;
}

/** Exact platform totals kept by triggers, spread over slots; a read sums a counter's slots. */
export interface PlatformCountersTable {
  name: string;
  slot: number;
  value: ColumnType<string, string | number, string | number>;
}

/** Per-day counts (users joined, messages sent) by UTC day, spread over slots like the totals. */
export interface PlatformDailyCountersTable {
  name: string;
  day: string;
  slot: number;
  value: ColumnType<string, string | number, string | number>;
}

export interface AuditLogTable {
  id: Generated<string>;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  after: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  createdAt: CreatedAt;
}

export interface VendorDailyStatsTable {
  vendorId: string;
  /** A civil date 'YYYY-MM-DD' (UTC day). */
  day: ColumnType<string, string, string>;
  views: Generated<number>;
  uniqueVisitors: Generated<number>;
  phoneReveals: Generated<number>;
  emailReveals: Generated<number>;
  websiteReveals: Generated<number>;
  requests: Generated<number>;
}

export type VisitKind = 'view' | 'phone' | 'email' | 'website';

export interface VendorDailyVisitorsTable {
  vendorId: string;
  day: ColumnType<string, string, string>;
  kind: VisitKind;
  visitorHash: Buffer;
}

export interface VisitorSaltsTable {
  day: ColumnType<string, string, string>;
  salt: Buffer;
}

/** sent → responded → quoted → booked, or declined or expired ('pending' is an old name of 'sent'). */
export type RequestStatus = 'sent' | 'pending' | 'responded' | 'quoted' | 'booked' | 'declined' | 'expired';

export interface AvailabilityRequestsTable {
  id: Generated<string>;
  eventId: string | null;
  vendorId: string;
  userId: string;
  threadId: string | null;
  message: string;
  eventType: string;
  eventDate: Timestamp;
  eventTime: string | null;
  guestCount: Generated<number>;
  budgetMin: Numeric | null;
  budgetMax: Numeric | null;
  city: string | null;
  hasConflict: Generated<boolean>;
  conflictReason: string | null;
  attachments: ColumnType<Array<{ name: string; size: number; type: string }>, string | undefined, string>;
  response: string | null;
  /** What `response` says when it is a message the server posted for the vendor (a quote); null on people's own. */
  responseAbout: ColumnType<MessageAbout | null, string | null | undefined, string | null>;
  status: Generated<RequestStatus>;
  respondedAt: Timestamp | null;
  /** Minutes to the vendor's first answer, Shabbat and Yom Tov not counted. */
  responseMinutes: number | null;
  createdAt: CreatedAt;
  /** The tier the request was judged at when sent (decision 034), its words, span and place. */
  conflictLevel: 'forbidden' | 'custom' | 'info' | null;
  conflictMessage: string | null;
  conflictStartsAt: Timestamp | null;
  conflictEndsAt: Timestamp | null;
  conflictPlace: ColumnType<ConflictPlaceJson | null, string | null, string | null>;
  /** `conflictMessage` by code and values (src/shared/observance-reasons.ts); null on requests sent before. */
  conflictAbout: ColumnType<ObservanceAboutJson | null, string | null, string | null>;
}

/** A reason's code and values, as stored. */
export interface ObservanceAboutJson {
  code: string;
  params: Record<string, string | number | null>;
}

/** The place a request's conflict was judged at, as stored. */
export interface ConflictPlaceJson {
  id: number | null;
  name: string;
  region: string | null;
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export interface MessageThreadsTable {
  id: Generated<string>;
  vendorId: string;
  customerId: string;
  eventId: string | null;
  eventType: string | null;
  eventDate: Timestamp | null;
  subject: string;
  lastMessageAt: DefaultedTimestamp;
  unreadByVendor: Generated<number>;
  unreadByCustomer: Generated<number>;
  status: Generated<'active' | 'archived'>;
  /** Which side closed the thread to new messages; only that side may reopen it. */
  blockedBySide: 'customer' | 'vendor' | null;
  blockedBy: string | null;
  blockedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export interface MessagesTable {
  id: Generated<string>;
  threadId: string;
  senderId: string;
  receiverId: string | null;
  messageText: string;
  /** What a message the server posted for a party says, as a code and values; null on people's own. */
  about: ColumnType<MessageAbout | null, string | null | undefined, string | null>;
  messageType: Generated<'text' | 'system'>;
  status: Generated<'sent' | 'seen'>;
  seenAt: Timestamp | null;
  createdAt: CreatedAt;
}

/** One fixed-window counter per key, shared by every server process (src/server/platform/limits). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  windowEndsAt: Timestamp;
}

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** Every mail the product sends, written with what caused it and sent by the worker (src/server/platform/mail). */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  userId: string | null;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  nextAttemptAt: DefaultedTimestamp;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  createdAt: CreatedAt;
  sentAt: Timestamp | null;
  notification: Generated<boolean>;
  /** The language the mail was written in when it was queued (its recipient's). */
  language: Generated<Language>;
}

/** Per-account sign-in backoff, shared by every server process (src/server/domains/auth/login-throttle.ts). */
export interface LoginBackoffTable {
  key: string;
  attempts: number;
  lastAttemptAt: Timestamp;
  blockedUntil: Timestamp | null;
}

/** A user's secret calendar subscription address (one at most); only the SHA-256 of its token is kept. */
export interface CalendarFeedsTable {
  userId: string;
  tokenHash: string;
  /** Whether the feed also carries candle-lighting and havdalah at the user's home place. */
  includeTimes: Generated<boolean>;
  /** When the current address was made: a new address sets it again. */
  createdAt: DefaultedTimestamp;
}

/** Single-use password reset links; only the SHA-256 of each token is kept. */
export interface PasswordResetTokensTable {
  id: Generated<string>;
  userId: string;
  tokenHash: string;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** A link mailed to confirm an address; only its SHA-256 is stored. It confirms only that address. */
export interface EmailConfirmationTokensTable {
  id: Generated<string>;
  userId: string;
  email: string;
  tokenHash: string;
  createdAt: CreatedAt;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

/** One stored image (its main file and resized variants), for quotas and the sweeper (src/server/domains/uploads). */
export interface UploadsTable {
  id: string;
  userId: string | null;
  name: string;
  bytes: number;
  createdAt: CreatedAt;
}

/**
 * A file of the `postgres` storage driver (platform/storage/postgres-store.ts, decision 039); `key`
 * is null while its chunks are being written.
 */
export interface StoredFilesTable {
  id: string;
  key: string | null;
  contentType: string | null;
  bytes: number;
  sha256: string | null;
  createdAt: DefaultedTimestamp;
}

/** A backup running now (decision 042): stored files are not deleted until it ends or expires. */
export interface BackupLeasesTable {
  id: string;
  startedAt: DefaultedTimestamp;
  expiresAt: Timestamp;
}

/** A stored file deleted while a backup ran, deleted for good once none runs. */
export interface DeferredFileDeletesTable {
  key: string;
  deferredAt: DefaultedTimestamp;
}

/** The bytes of a stored file, in order of `n`. */
export interface StoredFileChunksTable {
  fileId: string;
  n: number;
  data: Uint8Array;
}

/** Browsers that signed in to an account before; only the SHA-256 of each cookie is kept. */
export interface KnownDevicesTable {
  tokenHash: string;
  userId: string;
  createdAt: CreatedAt;
  lastUsedAt: DefaultedTimestamp;
}

export interface SearchWordsTable {
  word: string;
}

export interface IdempotencyKeysTable {
  userId: string;
  /** SHA-256 of the client's Idempotency-Key: the raw key is never stored. */
  key: string;
  /** The procedure the key was first used with ('events.create'). */
  procedure: string;
  /** SHA-256 of the canonical input without the key: the same key with another input is refused. */
  requestHash: string;
  /**
   * The first answer, sealed (AES-256-GCM, key derived from the raw client key and the user): an
   * answer can hold a secret shown once, such as a new invite link's token.
   */
  response: unknown | null;
  createdAt: CreatedAt;
}

export type ThreadSide = 'customer' | 'vendor';

export interface ThreadReportsTable {
  id: Generated<string>;
  threadId: string;
  reporterId: string;
  /** The thread's other party when the report was filed; null when that was an unclaimed listing. */
  reportedId: string | null;
  reason: string;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  createdAt: CreatedAt;
  resolvedAt: Timestamp | null;
  resolvedBy: string | null;
}

/** The messages a report is about: the reported party's in the thread when it was filed. */
export interface ThreadReportMessagesTable {
  reportId: string;
  messageId: string;
}

/** A vendor's saved answers, inserted into a reply with one click. */
export interface QuickRepliesTable {
  id: Generated<string>;
  userId: string;
  title: string;
  body: string;
  position: Generated<number>;
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

export type AttachmentContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';

/**
 * A file sent in a conversation. Uploaded first (no thread yet), then linked to the message that
 * carries it; served only to the thread's two parties (src/server/domains/attachments).
 */
export interface AttachmentsTable {
  id: string;
  uploaderId: string;
  threadId: string | null;
  messageId: string | null;
  name: string;
  contentType: AttachmentContentType;
  bytes: number;
  /** 'kashrut': a listing's certificate (vendor_kashrut), never part of a conversation. */
  purpose: Generated<AttachmentPurpose>;
  createdAt: CreatedAt;
}

export type AttachmentPurpose = 'message' | 'kashrut';

/** A food listing's supervision (decision 038); one row per listing. */
export interface VendorKashrutTable {
  vendorId: string;
  version: Generated<number>;
  agency: string;
  agencyOther: string | null;
  level: 'meat' | 'dairy' | 'pareve';
  chalavYisrael: Generated<boolean>;
  pasYisrael: Generated<boolean>;
  glatt: Generated<boolean>;
  mehadrin: Generated<boolean>;
  shomerShabbat: Generated<boolean>;
  certificateId: string | null;
  expiresOn: ColumnType<string | null, string | null | undefined, string | null>;
  verifiedAt: Date | null;
  verifiedBy: string | null;
  rejectedAt: Date | null;
  rejectedBy: string | null;
  rejectedReason: string | null;
  /** The expiry date the owner was told about 30 days ahead. */
  expiryNoticeFor: ColumnType<string | null, string | null | undefined, string | null>;
  updatedAt: Generated<Date>;
}

export type NotificationKind =
  | 'message'
  | 'request_answered'
  | 'claim_decided'
  | 'admin_notice'
  | 'booking'
  | 'review'
  | 'kashrut'
  | 'rsvp';

export interface NotificationsTable {
  id: Generated<string>;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: Generated<string>;
  /** Where clicking it goes: a path of the app ('/messages?thread=...'). */
  link: string;
  threadId: string | null;
  /** What it says as a code and values (shared/coded-sentences.ts); null on items written before. */
  about: ColumnType<NotificationAbout | null, string | null, string | null>;
  readAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** The last live event number given to a user (src/server/platform/live). */
export interface LiveCursorsTable {
  userId: string;
  lastSeq: number;
}

export type LiveEventKind = 'message' | 'seen' | 'thread' | 'notification' | 'guests';

/** What a live event points at; the stream re-reads the rows themselves. */
export interface LiveEventRef {
  threadId?: string;
  messageId?: string;
  messageIds?: string[];
  notificationId?: string;
  /** 'guests': the main event whose guest list changed. */
  eventId?: string;
}

/** One user's live events, numbered 1, 2, 3... in commit order; kept a few days for reconnects. */
export interface LiveEventsTable {
  userId: string;
  seq: number;
  kind: LiveEventKind;
  ref: ColumnType<LiveEventRef, string | undefined, string>;
  createdAt: CreatedAt;
}

export type DayPart = 'day' | 'morning' | 'afternoon' | 'evening';
export type CalendarEntryStatus = 'open' | 'booked' | 'held' | 'closed';

/** What a listing's owner states about a day or a part of it (migration 2026-11-29T0700). */
export interface VendorCalendarEntriesTable {
  vendorId: string;
  day: ColumnType<string, string, string>;
  part: Generated<DayPart>;
  status: CalendarEntryStatus;
  /** Only for `open`: events that day, overriding the listing's daily capacity. */
  capacity: number | null;
  note: string | null;
  updatedAt: DefaultedTimestamp;
}

/**
 * The room of one listing on one day anything is stated about; `taken <= capacity` is a constraint
 * (vendor_days_room), which decides races for a day's last slot.
 */
export interface VendorDaysTable {
  vendorId: string;
  day: ColumnType<string, string, string>;
  capacity: number;
  /** The capacity came from an `open` entry, not from the listing's daily capacity. */
  capacityStated: Generated<boolean>;
  taken: Generated<number>;
}

export type QuoteStatus = 'sent' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

export interface QuotesTable {
  id: Generated<string>;
  version: Generated<number>;
  requestId: string;
  vendorId: string;
  threadId: string | null;
  sentBy: string | null;
  /** One price, or a range (priceMin and priceMax), never both. */
  price: Numeric | null;
  priceMin: Numeric | null;
  priceMax: Numeric | null;
  includes: string;
  depositAmount: Numeric | null;
  depositDueDate: ColumnType<string | null, string | null | undefined, string | null>;
  validUntil: ColumnType<string, string, string>;
  attachmentIds: ColumnType<string[], string[] | undefined, string[]>;
  status: Generated<QuoteStatus>;
  answeredAt: Timestamp | null;
  answeredBy: string | null;
  createdAt: CreatedAt;
}

export type BookingStatus = 'confirmed' | 'completed' | 'cancelled';

export interface BookingsTable {
  id: Generated<string>;
  version: Generated<number>;
  quoteId: string;
  requestId: string;
  vendorId: string;
  customerId: string;
  eventId: string | null;
  threadId: string | null;
  /** The family's deposit row the booking's deposit became. */
  depositId: string | null;
  day: ColumnType<string, string, string>;
  status: Generated<BookingStatus>;
  cancelledBy: string | null;
  cancelledSide: ThreadSide | null;
  cancelReason: string | null;
  cancelledAt: Timestamp | null;
  completedAt: Timestamp | null;
  createdAt: CreatedAt;
}

export type BookingAction =
  | 'quoted'
  | 'accepted'
  | 'declined'
  | 'expired'
  | 'withdrawn'
  | 'cancelled'
  | 'completed';

/** Every change of a request's quotes and booking, read by both sides. */
export interface BookingHistoryTable {
  id: Generated<string>;
  requestId: string;
  quoteId: string | null;
  bookingId: string | null;
  actorId: string | null;
  actorSide: ThreadSide | 'system';
  action: BookingAction;
  reason: string | null;
  createdAt: CreatedAt;
}

export interface ReviewsTable {
  id: Generated<string>;
  bookingId: string;
  vendorId: string;
  /** Who wrote it: the booking's customer or a member of their family circle. */
  authorId: string | null;
  rating: number;
  text: string;
  imageUrls: ColumnType<string[], string[] | undefined, string[]>;
  reply: string | null;
  repliedAt: Timestamp | null;
  repliedBy: string | null;
  hidden: Generated<boolean>;
  hiddenAt: Timestamp | null;
  hiddenBy: string | null;
  hiddenReason: string | null;
  createdAt: CreatedAt;
}

export interface ReviewReportsTable {
  id: Generated<string>;
  reviewId: string;
  reporterId: string | null;
  reason: string;
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  resolvedAt: Timestamp | null;
  resolvedBy: string | null;
  createdAt: CreatedAt;
}

export interface Database {
  vendorCalendarEntries: VendorCalendarEntriesTable;
  vendorDays: VendorDaysTable;
  vendorKashrut: VendorKashrutTable;
  quotes: QuotesTable;
  bookings: BookingsTable;
  bookingHistory: BookingHistoryTable;
  reviews: ReviewsTable;
  reviewReports: ReviewReportsTable;
  searchWords: SearchWordsTable;
  users: UsersTable;
  sessions: SessionsTable;
  familyCircles: FamilyCirclesTable;
  familyMemberships: FamilyMembershipsTable;
  familyInvites: FamilyInvitesTable;
  events: EventsTable;
  households: HouseholdsTable;
  guests: GuestsTable;
  guestInvitations: GuestInvitationsTable;
  rsvpLinks: RsvpLinksTable;
  calendarFeeds: CalendarFeedsTable;
  tasks: TasksTable;
  deposits: DepositsTable;
  memos: MemosTable;
  vendors: VendorsTable;
  vendorClaims: VendorClaimsTable;
  vendorClaimEvents: VendorClaimEventsTable;
  auditLog: AuditLogTable;
  vendorDailyStats: VendorDailyStatsTable;
  vendorDailyVisitors: VendorDailyVisitorsTable;
  visitorSalts: VisitorSaltsTable;
  availabilityRequests: AvailabilityRequestsTable;
  messageThreads: MessageThreadsTable;
  messages: MessagesTable;
  rateLimits: RateLimitsTable;
  mailOutbox: MailOutboxTable;
  loginBackoff: LoginBackoffTable;
  passwordResetTokens: PasswordResetTokensTable;
  emailConfirmationTokens: EmailConfirmationTokensTable;
  uploads: UploadsTable;
  storedFiles: StoredFilesTable;
  storedFileChunks: StoredFileChunksTable;
  backupLeases: BackupLeasesTable;
  deferredFileDeletes: DeferredFileDeletesTable;
  knownDevices: KnownDevicesTable;
  idempotencyKeys: IdempotencyKeysTable;
  threadReports: ThreadReportsTable;
  threadReportMessages: ThreadReportMessagesTable;
  serverErrorMinutes: ServerErrorMinutesTable;
  platformCounters: PlatformCountersTable;
  platformDailyCounters: PlatformDailyCountersTable;
  quickReplies: QuickRepliesTable;
  attachments: AttachmentsTable;
  notifications: NotificationsTable;
  liveCursors: LiveCursorsTable;
  liveEvents: LiveEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type VendorRow = Selectable<VendorsTable>;
export type NewVendor = Insertable<VendorsTable>;
export type VendorUpdate = Updateable<VendorsTable>;
export type SessionRow = Selectable<SessionsTable>;
