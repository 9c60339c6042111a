import { z } from 'zod';
import { SUPPORT_EMAIL } from '../constants';
import { userDto } from './auth';
import { COMMON_MESSAGES, oneOf, queryNumber, requiredText, safeString } from './common';
import { vendorDto } from './vendors';

/** Refusals of moderation paths that the shared admin texts do not cover. */
export const MODERATION_MESSAGES = {
  alreadyVerified: 'This listing is already verified',
  notVerified: 'This listing is not verified',
  alreadyHidden: 'This listing is already hidden',
  notHidden: 'This listing is not hidden',
  nobodyToSuspend:
    'Nobody answers for the other side of this conversation now, so there is no one to suspend',
} as const;

/** The admin side's texts: the spec's two access messages and the moderation paths' own. */
export const ADMIN_MESSAGES = {
  /** Spec section 2: a visitor on the admin dashboard (and every admin path for a guest: 401). */
  notSignedIn: 'Please log in to access the admin dashboard.',
  /** Spec section 2: a signed-in non-admin (403). */
  forbidden: 'Access denied. Admin privileges required.',
  userNotFound: 'User not found',
  listingNotFound: 'Listing not found',
  reportNotFound: 'Report not found',
  reasonRequired: 'Please give a reason',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotSuspendLastAdmin: 'The last admin account cannot be suspended',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  /** Sign-in and every session of a suspended account. */
  suspendedSignIn: `This account has been suspended. Please contact ${SUPPORT_EMAIL} if you think this is a mistake.`,
  adminRoleByCommand: 'Admin accounts are made and unmade with the create-admin command, not here',
  sameRole: 'The account already has this role',
  ownsListings: (count: number) =>
    `This vendor still owns ${count} listing${count === 1 ? '' : 's'}. Revoke or hand over the listing${count === 1 ? '' : 's'} first.`,
  reportNotOpen: 'This report has already been handled',
  nothingToChange: 'Say what to change: verified or hidden',
  badTarget: 'Target must be the id of a claim, listing, user or report',
  unknownAction: 'Unknown action',
} as const;

const reason = requiredText(1000, 'Reason', ADMIN_MESSAGES.reasonRequired);
const optionalReason = safeString('Reason', { max: 1000 }).nullish();
const page = queryNumber('Page', z.number().int().min(1).max(10_000), 1);
const search = safeString('Search', { max: 200 }).optional();

/** The query of a list's page: its optional filters and the page (the first page when absent). */
const pageQuery = <Shape extends Record<string, z.ZodOptional>>(filters: Shape) => {
  const query = z.object({ ...filters, page }).strict();
  // Nothing sent reads as {}: no filter, the first page.
  return query.optional().transform((v) => v ?? query.parse({}));
};

/** A page of a list: the items, how many match in all, and where this page is. */
const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const ADMIN_PAGE_SIZE = 25;

// ---------------------------------------------------------------- Overview

/**
 * GET /api/admin/stats: the spec's four figures (section 3) plus the Overview's own. Exact. "This
 * week" and "the last 7 days" are the last 7 UTC calendar days, today included.
 */
export const adminStatsDto = z.object({
  totalUsers: z.number().int(),
  newUsersThisWeek: z.number().int(),
  totalVendors: z.number().int(),
  verifiedVendors: z.number().int(),
  pendingClaims: z.number().int(),
  openReports: z.number().int(),
  messagesLast7Days: z.number().int(),
});
export type AdminStatsDto = z.infer<typeof adminStatsDto>;

export const HEALTH_STATUSES = ['Good', 'Degraded', 'Down'] as const;

/** GET /api/admin/health: 'Good' only when every check is. */
export const adminHealthDto = z.object({
  status: z.enum(HEALTH_STATUSES),
  checkedAt: z.date(),
  database: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }),
  mail: z.object({
    ok: z.boolean(),
    /** Mails waiting to be sent (not failed for good). */
    backlog: z.number().int(),
    oldestUnsentAt: z.date().nullable(),
    /** Mails given up on in the last 24 hours. */
    failedLastDay: z.number().int(),
  }),
  errors: z.object({ ok: z.boolean(), lastHour: z.number().int() }),
  /**
   * Images and attachments stored on the whole site against its ceiling (STORAGE_CEILING_MB): not ok
   * from 90 % of it; past it, uploads are refused with 507 (decision 030). Null when the database
   * is down.
   */
  storage: z.object({ ok: z.boolean(), usedBytes: z.number(), ceilingBytes: z.number() }).nullable(),
});
export type AdminHealthDto = z.infer<typeof adminHealthDto>;

export const ACTIVITY_KINDS = ['signup', 'claim', 'report', 'admin'] as const;
export const adminActivityInput = z
  .object({ limit: queryNumber('Limit', z.number().int().min(1).max(100), 30) })
  .strict()
  .optional()
  .transform((v) => v ?? { limit: 30 });
/** One line of the activity feed: the latest sign-ups, claims, reports and admin actions, newest first. */
export const adminActivityItemDto = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  id: z.string(),
  at: z.date(),
  /** Who: the new user, the claimant, the reporter, the admin. */
  actorEmail: z.string().nullable(),
  /** What, in a sentence ("Signed up as a vendor", "Claimed Simcha Hall", ...). */
  summary: z.string(),
  /**
   * The values `summary` is made of, for a client to say it in its reader's language: the new
   * user's role (signup), the business name and the claim's status (claim), the reporter's or the
   * admin's reason (report, admin) and the audit action (admin), each as `summary` writes it (long
   * names and reasons shortened). Values are stored ones, not words: 'vendor', 'approved', 'vendor.hide'.
   */
  about: z
    .object({
      role: z.string().optional(),
      businessName: z.string().optional(),
      status: z.string().optional(),
      reason: z.string().optional(),
      action: z.string().optional(),
    })
    .optional()
    .meta({
      description:
        "The values `summary` is made of, for a client to say it in its reader's language; `summary` stays the English sentence",
      example: { businessName: 'Simcha Hall', status: 'approved' },
    }),
  /** Where an admin goes to act on it. */
  tab: z.enum(['overview', 'claims', 'vendors', 'users', 'activity']),
});
export type AdminActivityItemDto = z.infer<typeof adminActivityItemDto>;

export const AUDIT_ACTIONS = [
  'claim.approve',
  'claim.reject',
  'claim.revoke',
  'vendor.verify',
  'vendor.unverify',
  'vendor.hide',
  'vendor.unhide',
  'user.suspend',
  'user.reinstate',
  'user.role',
  'report.dismiss',
  'report.suspend_sender',
  'review.hide',
  'review.unhide',
  'review.dismiss_report',
  'kashrut.verify',
  'kashrut.reject',
] as const;
export type AuditActionValue = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['claim', 'vendor', 'user', 'report', 'review'] as const;

/** GET /api/admin/audit?target=&actor=&page=: target is a target id, actor an admin's id or e-mail. */
export const adminAuditInput = pageQuery({
  target: z.uuid({ error: ADMIN_MESSAGES.badTarget }).optional(),
  actor: safeString('Actor', { max: 254 }).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: ADMIN_MESSAGES.unknownAction }).optional(),
});
/** What an id in an audit row's before and after names, by the key it is kept under. */
export const AUDIT_REFERENCE_KEYS = {
  ownerId: 'user',
  suspendedBy: 'user',
  userId: 'user',
  suspendedUserId: 'user',
  approvedBy: 'user',
  reportedId: 'user',
  vendorId: 'vendor',
  claimId: 'claim',
  rejectedClaimIds: 'claim',
} as const;
export type AuditReferenceKind = (typeof AUDIT_REFERENCE_KEYS)[keyof typeof AUDIT_REFERENCE_KEYS];

/** A person, listing or claim an audit row names by id, with its name as it is now. */
export const auditReferenceDto = z.object({
  id: z.uuid(),
  kind: z.enum(['user', 'vendor', 'claim']),
  /** The person's name, the listing's or the claim's business name; null once it was deleted. */
  name: z.string().nullable(),
  /** The person's e-mail (users only), to find them in the Users tab; null otherwise. */
  email: z.string().nullable(),
});
export type AuditReferenceDto = z.infer<typeof auditReferenceDto>;

export const auditEntryDto = z.object({
  id: z.uuid(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target's name when it still exists (business name, user e-mail). */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.date(),
  /**
   * Everyone and everything the row names by id (its target, and the ids in before and after under
   * AUDIT_REFERENCE_KEYS), each once, with its current name.
   */
  references: z.array(auditReferenceDto),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;
export const adminAuditDto = paged(auditEntryDto);

// ---------------------------------------------------------------- Vendors tab

export const ADMIN_VENDOR_STATUSES = [
  'all',
  'visible',
  'hidden',
  'verified',
  'unverified',
  'unclaimed',
] as const;
/** GET /api/admin/vendors?search=&status=&page=: every listing, hidden ones included. */
export const adminVendorsInput = pageQuery({
  search,
  status: oneOf('Status', ADMIN_VENDOR_STATUSES).optional(),
});
export const adminVendorDto = vendorDto
  .pick({
    id: true,
    businessName: true,
    category: true,
    city: true,
    contactEmail: true,
    verified: true,
    claimed: true,
    ownerId: true,
  })
  .extend({
    ownerEmail: z.string().nullable(),
    hidden: z.boolean(),
    hiddenAt: z.date().nullable(),
    hiddenReason: z.string().nullable(),
    createdAt: z.date(),
  });
export type AdminVendorDto = z.infer<typeof adminVendorDto>;
export const adminVendorsDto = paged(adminVendorDto);

/** PATCH /api/admin/vendors/{id}: verify or unverify, hide or unhide; hiding needs a reason. */
export const adminVendorPatchInput = z
  .object({
    id: z.uuid({ error: ADMIN_MESSAGES.listingNotFound }),
    verified: z.boolean({ error: COMMON_MESSAGES.trueOrFalse('Verified') }).optional(),
    hidden: z.boolean({ error: COMMON_MESSAGES.trueOrFalse('Hidden') }).optional(),
    reason: optionalReason,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.verified === undefined && v.hidden === undefined) {
      ctx.addIssue({ code: 'custom', path: ['verified'], message: ADMIN_MESSAGES.nothingToChange });
    }
    if (v.hidden === true && !v.reason?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MESSAGES.reasonRequired });
    }
  });

// ---------------------------------------------------------------- Users tab

export const ADMIN_USER_ROLES = ['customer', 'vendor', 'admin'] as const;
export const ADMIN_USER_STATUSES = ['all', 'active', 'suspended'] as const;
/** GET /api/admin/users?search=&role=&status=&page=: by name or e-mail; never a password hash. */
export const adminUsersInput = pageQuery({
  search,
  role: oneOf('Role', ADMIN_USER_ROLES).optional(),
  status: oneOf('Status', ADMIN_USER_STATUSES).optional(),
});
export const adminUserDto = userDto
  .pick({ id: true, email: true, name: true, role: true, createdAt: true })
  .extend({
    suspendedAt: z.date().nullable(),
    suspendedReason: z.string().nullable(),
    /** Listings the user owns. */
    listings: z.number().int(),
    /** Open reports against the user (as the other party of a reported conversation). */
    openReports: z.number().int(),
    /** The latest use of any of their sessions. */
    lastSeenAt: z.date().nullable(),
  });
export type AdminUserDto = z.infer<typeof adminUserDto>;
export const adminUsersDto = paged(adminUserDto);

const userId = z.uuid({ error: ADMIN_MESSAGES.userNotFound });
/** POST /api/admin/users/{id}/suspend and /reinstate: a reason is always recorded. */
export const adminSuspendInput = z.object({ id: userId, reason }).strict();
export const adminRoleInput = z
  .object({
    id: userId,
    role: z.enum(['customer', 'vendor'], { error: ADMIN_MESSAGES.adminRoleByCommand }),
    reason: optionalReason,
  })
  .strict();

// ---------------------------------------------------------------- Reports

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export const adminReportsInput = pageQuery({
  status: oneOf('Status', REPORT_STATUSES).optional(),
});
/** A message of the reported conversation. */
const reportedMessageDto = z.object({
  id: z.uuid(),
  senderId: z.uuid().nullable(),
  senderName: z.string(),
  text: z.string(),
  createdAt: z.date(),
  /** One of the messages the report is about: the reported party's, written before it was filed. */
  reported: z.boolean(),
});
const person = userDto.pick({ id: true, email: true, name: true }).extend({ suspended: z.boolean() });
export const adminReportDto = z.object({
  id: z.uuid(),
  threadId: z.uuid(),
  subject: z.string(),
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.date(),
  resolvedAt: z.date().nullable(),
  reporter: person,
  /** The other party of the conversation: the one whose messages were reported. */
  reported: person.nullable(),
  /** The conversation's latest messages when the report was filed (up to 20), oldest first. */
  messages: z.array(reportedMessageDto),
});
export type AdminReportDto = z.infer<typeof adminReportDto>;
export const adminReportsDto = paged(adminReportDto);

const reportId = z.uuid({ error: ADMIN_MESSAGES.reportNotFound });
/** POST /api/admin/reports/{id}/dismiss: notes optional. */
export const adminReportDismissInput = z.object({ id: reportId, reason: optionalReason }).strict();
/** POST /api/admin/reports/{id}/suspend-sender: suspends the reported party and resolves the report. */
export const adminReportSuspendInput = z.object({ id: reportId, reason }).strict();
