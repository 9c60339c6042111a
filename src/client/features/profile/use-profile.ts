import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  type ProfileUpdateInput,
  profileUpdateInput,
  type UserDto,
} from '../../../shared/schemas/auth';
import { observanceFields } from '../../../shared/schemas/observance';
import { staleCurrent } from '../../lib/stale-write';
import { trpc } from '../../lib/trpc';

/**
 * Makes a user the server sent the current user, then reads the session and the family circle
 * again (members and events depend on the user's label), and what the home place and observance
 * settings decide: the events' tiers and the calendar's times (decision 034).
 */
export function useAdoptUser() {
  const utils = trpc.useUtils();
  return async (user: UserDto) => {
    utils.auth.session.setData(undefined, { user });
    await Promise.all([
      utils.auth.session.invalidate(),
      utils.family.invalidate(),
      utils.events.list.invalidate(),
      utils.calendar.times.invalidate(),
    ]);
  };
}

/**
 * The profile update of spec section 7: afterwards the current user and the family circle (members
 * and events, which depend on the label) are refreshed. An update refused as stale (the profile
 * changed elsewhere) brings the current profile, which becomes the current user.
 */
export function useUpdateProfile() {
  const adoptUser = useAdoptUser();
  return trpc.profile.update.useMutation({
    // A changed label can join, leave or ask to join a circle (decision 007): refresh all of it.
    onSuccess: ({ user }) => adoptUser(user),
    onError: (error) => {
      const current = staleCurrent<UserDto>(error);
      if (current) void adoptUser(current);
    },
  });
}

export function useFamilyMembers(familyLabel: string | null) {
  return trpc.family.members.useQuery(undefined, { enabled: Boolean(familyLabel) });
}

export type PreferenceKey = 'hebrewDatesEnabled' | 'shabbatWarningsEnabled' | 'emailNotificationsEnabled';

/** The home place and how the family keeps the calendar (decision 034). */
export type ObservanceKey =
  | 'homePlaceId'
  | 'observanceSchedule'
  | 'candleMinutes'
  | 'havdalah'
  | 'weddingCustom';

/** What a switch or a setting of the profile changes, saved at once unless the profile is being edited. */
export type SettingsPatch = Partial<Pick<UserDto, PreferenceKey | ObservanceKey>>;
export type ObservanceValues = Pick<UserDto, ObservanceKey>;

/** What the form edits; text fields as typed, preferences as switched. */
export interface ProfileDraft {
  name: string;
  email: string;
  phone: string;
  familyLabel: string;
  /** Asked for only while the email differs from the saved one: the server wants it to change the email. */
  currentPassword: string;
  hebrewDatesEnabled: boolean;
  shabbatWarningsEnabled: boolean;
  emailNotificationsEnabled: boolean;
  homePlaceId: UserDto['homePlaceId'];
  observanceSchedule: UserDto['observanceSchedule'];
  candleMinutes: UserDto['candleMinutes'];
  havdalah: UserDto['havdalah'];
  weddingCustom: UserDto['weddingCustom'];
  /** The version of the profile the draft was made from: the save sends it. */
  version: number;
}

export function draftOf(user: UserDto): ProfileDraft {
  return {
    version: user.version,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    familyLabel: user.familyLabel ?? '',
    currentPassword: '',
    hebrewDatesEnabled: user.hebrewDatesEnabled,
    shabbatWarningsEnabled: user.shabbatWarningsEnabled,
    emailNotificationsEnabled: user.emailNotificationsEnabled,
    homePlaceId: user.homePlaceId,
    observanceSchedule: user.observanceSchedule,
    candleMinutes: user.candleMinutes,
    havdalah: user.havdalah,
    weddingCustom: user.weddingCustom,
  };
}

const blankToNull = (value: string) => value.trim() || null;

/** A different address (not just other capitals) needs the current password, as the server checks. */
export function emailNeedsPassword(user: UserDto, draft: Pick<ProfileDraft, 'email'>): boolean {
  return draft.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/**
 * Only what changed, so that saving an untouched email never collides with itself, with the
 * version the draft was made from; null when nothing changed.
 */
export function changesOf(user: UserDto, draft: ProfileDraft): ProfileUpdateInput | null {
  const input: ProfileUpdateInput = { version: draft.version };
  if (draft.name.trim() !== user.name) input.name = draft.name;
  if (draft.email.trim() !== user.email) input.email = draft.email;
  if (emailNeedsPassword(user, draft)) input.currentPassword = draft.currentPassword;
  if (blankToNull(draft.phone) !== user.phone) input.phone = blankToNull(draft.phone);
  if (blankToNull(draft.familyLabel) !== user.familyLabel) input.familyLabel = blankToNull(draft.familyLabel);
  for (const key of ['hebrewDatesEnabled', 'shabbatWarningsEnabled', 'emailNotificationsEnabled'] as const) {
    if (draft[key] !== user[key]) input[key] = draft[key];
  }
  if (draft.homePlaceId !== user.homePlaceId) input.homePlaceId = draft.homePlaceId;
  if (draft.observanceSchedule !== user.observanceSchedule)
    input.observanceSchedule = draft.observanceSchedule;
  if (draft.candleMinutes !== user.candleMinutes) input.candleMinutes = draft.candleMinutes;
  if (draft.havdalah !== user.havdalah) input.havdalah = draft.havdalah;
  if (draft.weddingCustom !== user.weddingCustom) input.weddingCustom = draft.weddingCustom;
  return Object.keys(input).length > 1 ? input : null;
}

/**
 * The personal information form: what it holds, checked by the profile procedure's own schema, and
 * the current password asked for when the email changes to another address (the server checks the
 * same). Every message goes under its field at once.
 */
export function profileForm(user: UserDto) {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      familyLabel: z.string(),
      currentPassword: z.string(),
      hebrewDatesEnabled: z.boolean(),
      shabbatWarningsEnabled: z.boolean(),
      emailNotificationsEnabled: z.boolean(),
      homePlaceId: z.number().nullable(),
      ...observanceFields,
      version: z.number(),
    })
    .transform((draft, ctx) => {
      const needsPassword = emailNeedsPassword(user, draft);
      if (needsPassword && !draft.currentPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['currentPassword'],
          message: ACCOUNT_MESSAGES.currentPasswordForEmail,
        });
      }
      const parsed = profileUpdateInput.safeParse({
        ...draft,
        currentPassword: needsPassword ? draft.currentPassword : undefined,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      }
      return draft;
    });
}
