import { z } from 'zod';
import { distinctName, idempotencyKeyField, oneOf, optionalText, requiredText, safeString } from './common';
import { DASHBOARD_CATEGORY_VALUES, vendorDto } from './vendors';

/** The claim form's messages (spec section 5) and the claim flow's own. */
export const CLAIM_MESSAGES = {
  businessName: 'Business name is required',
  description: 'Description is required',
  address: 'Address is required',
  phone: 'Phone is required',
  email: 'Valid email required',
  url: 'Valid URL required',
  ownershipProof: 'Ownership proof is required',
  notFound: 'Claim not found',
  listingNotFound: 'Listing not found',
  alreadyPending: 'You already have a pending claim for this listing',
  alreadyPendingNew: 'You already have a pending claim for a business of this name',
  alreadyYours: 'You already own this listing',
  notPending: 'Only pending claims can be approved or rejected',
  notPendingWithdraw: 'Only a pending claim can be withdrawn',
  notApproved: 'Only an approved claim can be revoked',
  listingTaken: 'Another claim for this listing has already been approved',
  adminCannotClaim: 'Admin accounts cannot claim listings',
  tooMany: 'Too many claims in a short time. Please try again later.',
  reasonRequired: 'Please give a reason',
  category: 'Please choose a category from the list',
  /** To the admin approving a claim for a new business whose name a listing already has. */
  nameTaken: (name: string) =>
    `A listing named "${name}" already exists. Reject this claim, or ask the claimant to claim that listing instead.`,
} as const;

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'revoked'] as const;
export type ClaimStatusValue = (typeof CLAIM_STATUSES)[number];

/** Badge colours (spec section 4): approved green, rejected red, anything else yellow. */
export function claimBadgePalette(status: string): 'green' | 'red' | 'yellow' {
  if (status === 'approved') return 'green';
  if (status === 'rejected') return 'red';
  return 'yellow';
}

const requiredClaimText = (max: number, label: string, message: string) => requiredText(max, label, message);

/**
 * POST /api/vendor-claims: the claim form (spec section 3) plus an optional vendorId (the listing
 * found with the form's search) and, for a new business, the dashboard category its listing gets.
 * Every field's message is the spec's, returned in the 400 body and shown under the field.
 */
export const claimSubmitInput = z
  .object({
    vendorId: z.uuid({ error: CLAIM_MESSAGES.listingNotFound }).nullish(),
    businessName: distinctName(200, 'Business name', CLAIM_MESSAGES.businessName),
    businessDescription: requiredClaimText(5000, 'Description', CLAIM_MESSAGES.description),
    businessAddress: requiredClaimText(300, 'Address', CLAIM_MESSAGES.address),
    businessPhone: requiredClaimText(40, 'Phone', CLAIM_MESSAGES.phone),
    businessEmail: safeString('Email', { max: 254, required: CLAIM_MESSAGES.email }).pipe(
      z.email({ error: CLAIM_MESSAGES.email }),
    ),
    businessWebsite: safeString('Website', { max: 500 })
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(v), CLAIM_MESSAGES.url)
      .nullish()
      .transform((v) => (v ? v : null)),
    ownershipProof: requiredClaimText(2000, 'Ownership proof', CLAIM_MESSAGES.ownershipProof),
    category: z.enum(DASHBOARD_CATEGORY_VALUES, { error: CLAIM_MESSAGES.category }).nullish(),
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export type ClaimSubmitInput = z.input<typeof claimSubmitInput>;

const claimId = z.uuid({ error: CLAIM_MESSAGES.notFound });

export const claimIdInput = z.object({ claimId }).strict();

/** Withdraw (submitter): an optional note. */
export const claimWithdrawInput = z.object({ claimId, note: optionalText(2000, 'Note') }).strict();

/** Approve and reject (admin): {claimId, notes} as the spec names them. */
export const claimDecisionInput = z.object({ claimId, notes: optionalText(2000, 'Notes') }).strict();

/** Revoke (admin): the reason is required. */
export const claimRevokeInput = z
  .object({
    claimId,
    notes: requiredText(2000, 'Reason', CLAIM_MESSAGES.reasonRequired),
  })
  .strict();

export const claimEvidenceDto = z.object({
  domainMatch: z.enum(['website', 'contact-email', 'none', 'free-mail', 'no-listing']),
  competingClaims: z.number().int(),
  accountAgeDays: z.number().int(),
  /** Absent on claims submitted before e-mail addresses were confirmed. */
  emailConfirmed: z.enum(['business-email', 'account-email', 'none']).optional(),
});
export type ClaimEvidenceDto = z.infer<typeof claimEvidenceDto>;

/** Who moved a claim: the submitter, an administrator (unnamed to the submitter), one gone, the product, or a named person. */
export const CLAIM_ACTOR_KINDS = ['you', 'admin', 'formerAdmin', 'deleted', 'system', 'person'] as const;
export type ClaimActorKind = (typeof CLAIM_ACTOR_KINDS)[number];

export const claimHistoryEntryDto = z.object({
  fromStatus: z.enum(CLAIM_STATUSES).nullable(),
  toStatus: z.enum(CLAIM_STATUSES),
  /** 'You', 'An administrator' or 'SimchaHub' to the submitter; the admin's name to admins. */
  actor: z.string(),
  /** Which kind of actor `actor` names, for a client to say it in its reader's language. */
  actorKind: z.enum(CLAIM_ACTOR_KINDS).optional().meta({
    description:
      "Which kind of actor `actor` names (`person`: a person's name; `system`: the product), for a client to say it in its reader's language",
  }),
  note: z.string().nullable(),
  at: z.date(),
});

/** A claim as its submitter sees it (GET /api/vendor-claims/my-claims). */
export const myClaimDto = z.object({
  id: z.uuid(),
  vendorId: z.uuid().nullable(),
  /** The listing's current name when the claim names one. */
  listingName: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  businessName: z.string(),
  businessDescription: z.string(),
  businessAddress: z.string(),
  businessPhone: z.string(),
  businessEmail: z.string(),
  businessWebsite: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  submittedAt: z.date(),
  reviewedAt: z.date().nullable(),
  history: z.array(claimHistoryEntryDto),
});
export type MyClaimDto = z.infer<typeof myClaimDto>;

/** A claim as an admin sees it (GET /api/admin/vendor-claims and .../pending). */
export const adminClaimDto = myClaimDto.extend({
  userId: z.uuid(),
  userEmail: z.string(),
  userName: z.string(),
  ownershipProof: z.string(),
  notes: z.string().nullable(),
  approvedBy: z.uuid().nullable(),
  evidence: claimEvidenceDto.nullable(),
  /** Pending claims for the same listing now, besides this one. */
  competingClaimsNow: z.number().int(),
  /** The listing as it is now, for comparison (null for a new business). */
  listing: vendorDto
    .pick({
      id: true,
      businessName: true,
      category: true,
      contactEmail: true,
      contactPhone: true,
      website: true,
      address: true,
      city: true,
      ownerId: true,
      claimed: true,
      verified: true,
    })
    .nullable(),
});
export type AdminClaimDto = z.infer<typeof adminClaimDto>;

export const adminClaimsInput = z
  .object({
    status: oneOf('Status', CLAIM_STATUSES).optional(),
  })
  .strict()
  .optional()
  .transform((v) => v ?? {});
