import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  passwordResetConfirmInput,
  passwordResetRequestInput,
} from '../../../shared/schemas/auth';
import type { MessageId } from '../../i18n/catalogue';

/** The reset form's own checks by catalogue id (shown in the page's language); the link's, the server's sentence. */
export const RECOVERY_MESSAGES = {
  confirmRequired: 'auth.reset.confirmRequired' satisfies MessageId,
  mismatch: 'auth.reset.mismatch' satisfies MessageId,
  invalidLink: ACCOUNT_MESSAGES.resetLinkInvalid,
} as const;

/** How long a reset link works; the mail says the same. */
export const RESET_LINK_VALID_MINUTES = 30;

export const forgotPasswordForm = passwordResetRequestInput;
export type ForgotPasswordForm = z.input<typeof forgotPasswordForm>;

/** The new password twice; the token comes from the link, not from the form. */
export const resetPasswordForm = passwordResetConfirmInput
  .pick({ newPassword: true })
  .extend({ confirmPassword: z.string().min(1, RECOVERY_MESSAGES.confirmRequired) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: RECOVERY_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

/** The sign-in pages a person may have come from; anything else sends them to the generic one. */
const SIGN_IN_PATHS = ['/login', '/login-customer', '/login-vendor', '/admin-login'];

export function signInPathFrom(from: unknown): string {
  return typeof from === 'string' && SIGN_IN_PATHS.includes(from) ? from : '/login';
}

/**
 * The reset token from a link of the form /reset-password#token=..., or null. The token travels in
 * the fragment, which browsers never send to a server nor put in a Referer header.
 */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() ? token.trim() : null;
}
