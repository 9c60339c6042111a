import { z } from 'zod';
import { LIMITS, ROLES, SELF_SERVICE_ROLES } from '../constants';
import { optionalText } from './common';

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
} as const;

/** Trimmed email; the server compares it case-insensitively. */
export const emailSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
    .pipe(z.email({ error: MESSAGES.invalidEmail }));

export const phoneSchema = optionalText(LIMITS.phoneMax, 'Phone');
export const familyLabelSchema = optionalText(LIMITS.familyLabelMax, 'Family label');

export const nameSchema = z
  .string({ error: MESSAGES.requiredSignUp })
  .trim()
  .min(1, MESSAGES.requiredSignUp)
  .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`);

export const registerInput = z.object({
  name: nameSchema,
  email: emailSchema(MESSAGES.requiredSignUp),
  password: z
    .string({ error: MESSAGES.requiredSignUp })
    .min(1, MESSAGES.requiredSignUp)
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMax, MESSAGES.passwordTooLong),
  phone: phoneSchema,
  familyLabel: familyLabelSchema,
  role: z.enum(SELF_SERVICE_ROLES, { error: 'Role must be customer or vendor' }).default('customer'),
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

export const profileUpdateInput = z
  .object({
    name: nameSchema.optional(),
    email: emailSchema(MESSAGES.requiredSignUp).optional(),
    phone: phoneSchema.optional(),
    familyLabel: familyLabelSchema.optional(),
    hebrewDatesEnabled: z.boolean().optional(),
    shabbatWarningsEnabled: z.boolean().optional(),
    emailNotificationsEnabled: z.boolean().optional(),
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
  hebrewDatesEnabled: z.boolean(),
  shabbatWarningsEnabled: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  role: z.enum(ROLES),
  createdAt: z.date(),
});
export type UserDto = z.infer<typeof userDto>;

export const userEnvelope = z.object({ user: userDto });
export const sessionEnvelope = z.object({ user: userDto.nullable() });
export const okResponse = z.object({ ok: z.literal(true) });
