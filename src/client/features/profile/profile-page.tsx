import { Grid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { ACCOUNT_MESSAGES, profileUpdateInput, type UserDto } from '../../../shared/schemas/auth';
import { PageFrame } from '../../components/page-frame';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { errorCode, serverFieldError, serverMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { FamilyCircleCard } from './family-circle-card';
import { type DraftField, type FieldErrors, PersonalInfoCard } from './personal-info-card';
import { PreferencesCard } from './preferences-card';
import { SecurityCard } from './security-card';
import {
  changesOf,
  draftOf,
  emailNeedsPassword,
  type PreferenceKey,
  type ProfileDraft,
  useUpdateProfile,
} from './use-profile';
import { VendorAccountCard } from './vendor-account-card';

/** /profile: personal information, family circle, vendor account and preferences. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ProfileSettings user={user} />;
}

const DRAFT_FIELDS: readonly DraftField[] = ['name', 'email', 'currentPassword', 'phone', 'familyLabel'];

function isDraftField(value: unknown): value is DraftField {
  return DRAFT_FIELDS.some((field) => field === value);
}

function ProfileSettings({ user }: { user: UserDto }) {
  const utils = trpc.useUtils();
  const update = useUpdateProfile();
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusField, setFocusField] = useState<DraftField>('name');
  const [savingPreference, setSavingPreference] = useState(false);
  // A save was refused because the profile changed elsewhere since the draft was made.
  const [stale, setStale] = useState(false);

  const startEdit = (field: DraftField = 'name') => {
    setFocusField(field);
    setErrors({});
    setStale(false);
    setDraft(draftOf(user));
  };

  const cancel = () => {
    setDraft(null);
    setErrors({});
    setStale(false);
  };

  /** The draft starts again from the profile as it is now (the refused save brought it). */
  const reload = () => {
    setErrors({});
    setStale(false);
    setDraft(draftOf(user));
  };

  const save = () => {
    if (!draft) return;
    const input = changesOf(user, draft);
    if (!input) {
      cancel();
      return;
    }
    const parsed = profileUpdateInput.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isDraftField(field) && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    if (emailNeedsPassword(user, draft) && !draft.currentPassword) {
      setErrors({ currentPassword: ACCOUNT_MESSAGES.currentPasswordForEmail });
      return;
    }
    setErrors({});
    update.mutate(input, {
      onSuccess: () => {
        toast.success('Profile updated successfully');
        setDraft(null);
      },
      onError: (error) => {
        const message = serverMessage(error);
        const field = serverFieldError(error);
        if (staleCurrent(error)) setStale(true);
        else if (errorCode(error) === 'CONFLICT' && message) setErrors({ email: message });
        else if (field && isDraftField(field.field)) setErrors({ [field.field]: field.message });
        toast.error('Failed to update profile', message ?? 'Please try again.');
      },
    });
  };

  /** Outside edit mode a switch saves at once, shown straight away and put back if the save fails. */
  const changePreference = (key: PreferenceKey, checked: boolean) => {
    if (draft) {
      setDraft({ ...draft, [key]: checked });
      return;
    }
    const previous = utils.auth.session.getData();
    if (previous?.user) utils.auth.session.setData(undefined, { user: { ...previous.user, [key]: checked } });
    setSavingPreference(true);
    update.mutate(
      { version: user.version, [key]: checked },
      {
        onSuccess: () => toast.success('Profile updated successfully'),
        onError: (error) => {
          // A stale save already put the current profile in place (useUpdateProfile).
          if (previous && !staleCurrent(error)) utils.auth.session.setData(undefined, previous);
          toast.failed('Failed to update profile', error);
        },
        onSettled: () => setSavingPreference(false),
      },
    );
  };

  const preferences = draft ?? user;
  const savingForm = update.isPending && !savingPreference;

  return (
    <PageFrame
      title="Profile Settings"
      description="Your personal information, family circle and preferences."
    >
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="6">
          {stale && draft ? <StaleWriteAlert onReload={reload} /> : null}
          <PersonalInfoCard
            user={user}
            draft={draft}
            errors={errors}
            saving={savingForm}
            focusField={focusField}
            onEdit={() => startEdit()}
            onChange={(field, value) => {
              if (draft) setDraft({ ...draft, [field]: value });
              if (errors[field]) setErrors({ ...errors, [field]: undefined });
            }}
            onCancel={cancel}
            onSave={save}
          />
          <PreferencesCard
            values={{
              hebrewDatesEnabled: preferences.hebrewDatesEnabled,
              shabbatWarningsEnabled: preferences.shabbatWarningsEnabled,
              emailNotificationsEnabled: preferences.emailNotificationsEnabled,
            }}
            editing={draft !== null}
            saving={update.isPending}
            onChange={changePreference}
          />
          <SecurityCard email={user.email} />
        </Stack>
        <Stack gap="6">
          <FamilyCircleCard familyLabel={user.familyLabel} onSetLabel={() => startEdit('familyLabel')} />
          <VendorAccountCard role={user.role} />
        </Stack>
      </Grid>
    </PageFrame>
  );
}
