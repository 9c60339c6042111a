import { createRequire } from 'node:module';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import { fieldError } from '../../platform/trpc/field-error';

/** The password every demo account shares (README): public, so never acceptable as a real one. */
export const DEMO_PASSWORD = 'simcha123';

let common: Set<string> | undefined;

/**
 * About 49,000 passwords seen most often in breaches (zxcvbn-ts's common list, MIT), lower-cased.
 * Loaded on first use rather than at start, since most requests never set a password.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: { 'passwords-common': string[] };
    };
    common = new Set(dictionary['passwords-common'].map((p) => String(p).toLowerCase()));
    common.add(DEMO_PASSWORD);
  }
  return common;
}

/** Whether a password is on the common list or is the demo password, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** How many passwords the list holds (the demo password included). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/**
 * Refuses a new password (sign-up, change, reset) that is common or the demo password. The length
 * rules are the shared schema's; this list stays on the server, too large to ship to browsers.
 */
export function assertAcceptableNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldError(field, ACCOUNT_MESSAGES.passwordTooCommon);
}
