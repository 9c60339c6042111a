import { z } from 'zod';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import { safeString } from '../../../shared/schemas/common';

/** The server's bound on reasons and notes (shared/schemas/admin.ts, claims.ts). */
export const REASON_MAX = 1000;
export const NOTES_MAX = 2000;

/**
 * The reason an admin gives for an action. Required for what takes something away (suspend, hide,
 * revoke), optional otherwise; the server checks the same and its message is the same.
 */
export function reasonForm(required: boolean) {
  return z
    .object({
      reason: safeString(
        /* value: the field's English name, which the shared messages translate by their code */ 'Reason',
        { max: REASON_MAX },
      ),
    })
    .superRefine((value, ctx) => {
      if (required && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: ADMIN_MESSAGES.reasonRequired });
      }
    });
}
export type ReasonValues = z.input<ReturnType<typeof reasonForm>>;

/** The review notes of the claim dialog (optional, shown to the claimant with the decision). */
export const reviewNotesForm = z.object({
  notes: safeString(
    /* value: the field's English name, which the shared messages translate by their code */ 'Notes',
    { max: NOTES_MAX },
  ),
});
export type ReviewNotesValues = z.input<typeof reviewNotesForm>;
