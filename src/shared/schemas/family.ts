import { z } from 'zod';
import { LIMITS } from '../constants';
import { idempotencyKeyField, requiredText } from './common';

export { inviteLink } from '../links';

/** Family circles by consent (decision 007). */

export const FAMILY_INVITE_VALID_DAYS = 7;
/** Live invite links a circle may hold at once, so a loop of clicks cannot pile up rows. */
export const FAMILY_INVITES_MAX = 20;

export const FAMILY_MESSAGES = {
  /** One answer for a wrong, expired or revoked token, or a label with no such circle. */
  inviteInvalid: 'This invite link is invalid or has expired. Please ask a family member for a new one.',
  membersOnly: 'Only members of the family circle can do this',
  requestGone: 'This request to join is no longer pending',
  inviteGone: 'This invite link was not found in your family circle',
  tooManyInvites: `Your circle already has ${FAMILY_INVITES_MAX} active invite links. Please revoke one first.`,
  labelRequired: 'Family label is required',
  invalidUserId: 'Not a valid user id',
  invalidInviteId: 'Not a valid invite id',
} as const;

/**
 * The caller's standing in the circle of their label: `active` sees it; `pending` waits for a
 * member's approval; `none` has no circle (no label, or the request was declined or has ended).
 */
export const FAMILY_STATUSES = ['none', 'pending', 'active'] as const;
export type FamilyStatus = (typeof FAMILY_STATUSES)[number];

export const familyCircleDto = z.object({
  label: z.string().nullable(),
  status: z.enum(FAMILY_STATUSES),
  /** Active members; 0 unless the caller is one of them. */
  memberCount: z.number().int().nonnegative(),
  /** When a pending request was made. */
  requestedAt: z.date().nullable(),
  /** When the caller became an active member. */
  joinedAt: z.date().nullable(),
});
export type FamilyCircleDto = z.infer<typeof familyCircleDto>;

export const familyRequestDto = z.object({
  userId: z.uuid(),
  name: z.string(),
  /** No e-mail: whoever founded a label first would otherwise collect the address of everyone typing it. */
  requestedAt: z.date(),
});
export type FamilyRequestDto = z.infer<typeof familyRequestDto>;

export const familyInviteDto = z.object({
  id: z.uuid(),
  createdAt: z.date(),
  expiresAt: z.date(),
  createdByName: z.string(),
  isYours: z.boolean(),
});
export type FamilyInviteDto = z.infer<typeof familyInviteDto>;

/** A new invite: the token is shown this once (only its hash is stored). */
export const createdInviteDto = familyInviteDto.extend({ label: z.string(), token: z.string() });
export type CreatedInviteDto = z.infer<typeof createdInviteDto>;

export const inviteCheckDto = z.object({
  valid: z.boolean(),
  invitedBy: z.string().nullable(),
  expiresAt: z.date().nullable(),
});
export type InviteCheckDto = z.infer<typeof inviteCheckDto>;

/** An invite token as the server makes them (base64url); anything else is simply not valid. */
export const inviteTokenSchema = z
  .string({ error: FAMILY_MESSAGES.inviteInvalid })
  .trim()
  .min(1, FAMILY_MESSAGES.inviteInvalid)
  .max(200, FAMILY_MESSAGES.inviteInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, FAMILY_MESSAGES.inviteInvalid);

const requiredLabel = requiredText(LIMITS.familyLabelMax, 'Family label', FAMILY_MESSAGES.labelRequired);

export const inviteInput = z.object({ label: requiredLabel, token: inviteTokenSchema }).strict();
export type InviteInput = z.input<typeof inviteInput>;

/** Creating an invite link takes nothing but, optionally, the key that makes a retry safe. */
export const createInviteInput = z.object({ idempotencyKey: idempotencyKeyField }).strict().optional();

export const familyUserInput = z
  .object({ userId: z.uuid({ error: FAMILY_MESSAGES.invalidUserId }) })
  .strict();
export const familyInviteIdInput = z
  .object({ id: z.uuid({ error: FAMILY_MESSAGES.invalidInviteId }) })
  .strict();

/** Reads `#token=...` from an invite link's fragment (it never reaches a server log). */
export function inviteTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}
