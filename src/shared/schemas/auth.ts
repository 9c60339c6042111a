import { z } from 'zod';
import { LIMITS, ROLES, SELF_SERVICE_ROLES } from '../constants';
import { LANGUAGES } from '../i18n';
import { editVersionField, optionalText, requiredText, rowVersionDto, safeString } from './common';
import { inviteTokenSchema } from './family';
import { observanceFields } from './observance-fields';

export const MESSAGES = {
  requiredSignUp: 'Please fill in all required fields',
  requiredSignIn: 'Please enter your email and password',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  invalidEmail: 'Please enter a valid email address',
  emailTaken: 'An account with this email already exists',
  badCredentials: 'Invalid email or password',
  notSignedIn: 'Please sign in to continue',
  useVendorLogin: 'Please use the vendor login for vendor accounts',
  useCustomerLogin: 'Please use the customer login for customer accounts',
  adminsOnly: 'This sign-in page is for administrators only',
  /** Followed by when to try again (see HTTP_MESSAGES.retryIn). */
  tooManySignIns: 'Too many failed sign-in attempts.',
  badRole: 'Role must be customer or vendor',
  badHomePlace: 'Home place must be a place id from the place search',
  invalidLanguage: `Language must be ${LANGUAGES.join(' or ')}`,
} as const;

/** A person's language (src/shared/i18n.ts): the product's words and their mail are in it. */
export const languageSchema = z.enum(LANGUAGES, { error: MESSAGES.invalidLanguage });

/** Trimmed email; the server compares it case-insensitively. */
export const emailSchema = (requiredMessage: string) =>
  requiredText(LIMITS.emailMax, 'Email', requiredMessage).pipe(z.email({ error: MESSAGES.invalidEmail }));

export const phoneSchema = optionalText(LIMITS.phoneMax, 'Phone');
export const familyLabelSchema = optionalText(LIMITS.familyLabelMax, 'Family label');

export const nameSchema = requiredText(LIMITS.nameMax, 'Name', MESSAGES.requiredSignUp);

export const registerInput = z.object({
  name: nameSchema,
  email: emailSchema(MESSAGES.requiredSignUp),
  password: safeString('Password', {
    max: LIMITS.passwordMax,
    maxMessage: MESSAGES.passwordTooLong,
    required: MESSAGES.requiredSignUp,
    trim: false,
  })
    .min(1, MESSAGES.requiredSignUp)
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort),
  phone: phoneSchema,
  familyLabel: familyLabelSchema,
  role: z.enum(SELF_SERVICE_ROLES, { error: MESSAGES.badRole }).default('customer'),
  /** From a family invite link: joins the circle of familyLabel at once (decision 007). */
  inviteToken: inviteTokenSchema.optional(),
  /** The new account's language; when absent, the one the request asks for (cookie, Accept-Language). */
  language: languageSchema.optional(),
});
export type RegisterInput = z.input<typeof registerInput>;

/**
 * What a sign-up form should say before sending, or null: missing fields first, then the password
 * length (spec section 5), then anything else the schema refuses.
 */
export function signUpProblem(input: RegisterInput): string | null {
  if (!input.name?.trim() || !input.email?.trim() || !input.password) return MESSAGES.requiredSignUp;
  if (input.password.length < LIMITS.passwordMin) return MESSAGES.passwordTooShort;
  const parsed = registerInput.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? MESSAGES.requiredSignUp);
}

/** Which sign-in page the request comes from; each accepts only some roles (spec section 6). */
export const LOGIN_PORTALS = ['customer', 'vendor', 'admin'] as const;
export type LoginPortal = (typeof LOGIN_PORTALS)[number];

export const loginInput = z.object({
  email: emailSchema(MESSAGES.requiredSignIn),
  password: z
    .string({ error: MESSAGES.requiredSignIn })
    .min(1, MESSAGES.requiredSignIn)
    .max(LIMITS.passwordMax, MESSAGES.passwordTooLong),
  portal: z.enum(LOGIN_PORTALS).optional(),
});
export type LoginInput = z.input<typeof loginInput>;

/** A place named by its GeoNames id; that it exists is checked by the server. */
export const homePlaceIdSchema = z
  .number({ error: MESSAGES.badHomePlace })
  .int(MESSAGES.badHomePlace)
  .positive(MESSAGES.badHomePlace)
  .nullable();

/** The settings a user turns on and off on their profile. */
const userPreferences = z.object({
  hebrewDatesEnabled: z.boolean(),
  shabbatWarningsEnabled: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
});

export const profileUpdateInput = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema(MESSAGES.requiredSignUp).optional(),
    phone: phoneSchema.optional(),
    familyLabel: familyLabelSchema.optional(),
    ...userPreferences.partial().shape,
    /** GeoNames id of the home place (GET /api/places); null clears it. */
    homePlaceId: homePlaceIdSchema.optional(),
    language: languageSchema.optional(),
    ...z.object(observanceFields).partial().shape,
    /** Needed only when the email changes to a different address. */
    currentPassword: z.string().max(LIMITS.passwordMax, MESSAGES.passwordTooLong).optional(),
    version: editVersionField,
  })
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

/** The user as every response shows it: never a password or its hash. */
export const userDto = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  familyLabel: z.string().nullable(),
  ...userPreferences.shape,
  homePlaceId: z.number().int().nullable(),
  ...observanceFields,
  /** The language the person reads the product and their mail in. */
  language: z.enum(LANGUAGES),
  role: z.enum(ROLES),
  createdAt: z.date(),
  /**
   * When the account's current e-mail address was confirmed through a mailed link; null until then
   * (an unconfirmed account may store only a little in files, decision 030).
   */
  emailConfirmedAt: z.date().nullable(),
  /** Raised by one when the profile changes; profile.update sends the version it was made from. */
  version: rowVersionDto,
});
export type UserDto = z.infer<typeof userDto>;

export const userEnvelope = z.object({ user: userDto });
export const sessionEnvelope = z.object({ user: userDto.nullable() });
export const okResponse = z.object({ ok: z.literal(true) });

export const ACCOUNT_MESSAGES = {
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
  currentPasswordMissing: 'Please enter your current password',
  currentPasswordIncorrect: 'Current password is incorrect',
  currentPasswordForEmail: 'Please enter your current password to change your email',
  resetEmailMissing: 'Please enter your email address',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  confirmLinkInvalid:
    'This confirmation link is invalid or has expired. Sign in and ask for a new one in Profile Settings.',
  confirmTooMany: 'Too many confirmation links were asked for.',
  resetTooMany: 'Too many password reset requests.',
  signUpTooMany: 'Too many accounts were created from this network.',
} as const;

/**
 * A password someone chooses (sign-up rules of spec section 5). The server also refuses common
 * passwords and the demo password; that list is too large to ship to the browser.
 */
export const newPasswordSchema = safeString('Password', {
  max: LIMITS.passwordMax,
  maxMessage: MESSAGES.passwordTooLong,
  required: MESSAGES.passwordTooShort,
  trim: false,
}).min(LIMITS.passwordMin, MESSAGES.passwordTooShort);

export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordMissing })
  .min(1, ACCOUNT_MESSAGES.currentPasswordMissing)
  .max(LIMITS.passwordMax, MESSAGES.passwordTooLong);

export const changePasswordInput = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const passwordResetRequestInput = z.object({
  email: emailSchema(ACCOUNT_MESSAGES.resetEmailMissing),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

export const passwordResetConfirmInput = z.object({
  token: z
    .string({ error: ACCOUNT_MESSAGES.resetLinkInvalid })
    .min(1, ACCOUNT_MESSAGES.resetLinkInvalid)
    .max(200, ACCOUNT_MESSAGES.resetLinkInvalid),
  newPassword: newPasswordSchema,
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

/** One signed-in browser or device of the user, as the profile's session list shows it. */
export const accountSessionDto = z.object({
  id: z.uuid(),
  /** Readable name from the user agent, e.g. 'Chrome on macOS'. */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.date(),
  lastSeenAt: z.date(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSessionDto = z.infer<typeof accountSessionDto>;

export const accountSessionsResponse = z.object({ sessions: z.array(accountSessionDto) });
export const signOutOthersResponse = z.object({ ended: z.number().int().min(0) });

/** The link of a confirmation mail: its token (from the URL's fragment). */
export const confirmEmailInput = z
  .object({
    token: z
      .string()
      .min(1, ACCOUNT_MESSAGES.confirmLinkInvalid)
      .max(200, ACCOUNT_MESSAGES.confirmLinkInvalid),
  })
  .strict();

/** The address a link confirmed. */
export const emailConfirmedResponse = z.object({ email: z.string() });

/** A new confirmation link: where it went, or that the address is confirmed already. */
export const emailConfirmationSent = z.object({
  sentTo: z.string().nullable(),
  alreadyConfirmed: z.boolean(),
});
export type EmailConfirmationSent = z.infer<typeof emailConfirmationSent>;
