import { Grid, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { UserDto } from '../../../shared/schemas/auth';
import { PageFrame } from '../../components/page-frame';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { useT } from '../../i18n/use-t';
import { errorCode, serverMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { CalendarFeedCard } from './calendar-feed-card';
import { FamilyCircleCard } from './family-circle-card';
import { ObservanceCard } from './observance-card';
import { type DraftField, PersonalInfoCard } from './personal-info-card';
import { PreferencesCard } from './preferences-card';
import { SecurityCard } from './security-card';
import { changesOf, draftOf, profileForm, type SettingsPatch, useUpdateProfile } from './use-profile';
import { VendorAccountCard } from './vendor-account-card';

/** /profile: personal information, family circle, vendor account and preferences. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <ProfileSettings user={user} />;
}

function ProfileSettings({ user }: { user: UserDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [focusField, setFocusField] = useState<DraftField>('name');
  const [savingPreference, setSavingPreference] = useState(false);
  // A save was refused because the profile changed elsewhere since the draft was made.
  const [stale, setStale] = useState(false);
  const savingForm = update.isPending && !savingPreference;
  const schema = useMemo(() => profileForm(user), [user]);
  const form = useZodForm(schema, { defaultValues: draftOf(user), pending: savingForm });

  const startEdit = (field: DraftField = 'name') => {
    setFocusField(field);
    setStale(false);
    form.reset(draftOf(user));
    setEditing(true);
  };

  const cancel = () => {
    setEditing(false);
    setStale(false);
  };

  /** The draft starts again from the profile as it is now (the refused save brought it). */
  const reload = () => {
    setStale(false);
    form.reset(draftOf(user));
  };

  const save = form.handleSubmit((draft) => {
    const input = changesOf(user, draft);
    if (!input) {
      cancel();
      return;
    }
    update.mutate(input, {
      onSuccess: () => {
        toast.success(t('profile.page.updated'));
        setEditing(false);
      },
      onError: (error) => {
        const message = serverMessage(error);
        if (staleCurrent(error)) setStale(true);
        else if (errorCode(error) === 'CONFLICT' && message) {
          form.setError('email', { type: 'server', message }, { shouldFocus: false });
          form.applyServerErrors(error);
        } else form.applyServerErrors(error);
        toast.error(t('profile.page.updateFailed'), message ?? t('profile.page.tryAgain'));
      },
    });
  });

  /**
   * Outside edit mode a switch or a setting saves at once, shown straight away and put back if the
   * save fails; in edit mode it waits for the form's Save.
   */
  const changeSettings = (patch: SettingsPatch) => {
    if (editing) {
      for (const [key, value] of Object.entries(patch) as [keyof SettingsPatch, unknown][]) {
        form.setValue(key, value as never, { shouldDirty: true });
      }
      return;
    }
    const previous = utils.auth.session.getData();
    if (previous?.user) utils.auth.session.setData(undefined, { user: { ...previous.user, ...patch } });
    setSavingPreference(true);
    update.mutate(
      { version: user.version, ...patch },
      {
        onSuccess: () => toast.success(t('profile.page.updated')),
        onError: (error) => {
          // A stale save already put the current profile in place (useUpdateProfile).
          if (previous && !staleCurrent(error)) utils.auth.session.setData(undefined, previous);
          toast.failed(t('profile.page.updateFailed'), error);
        },
        onSettled: () => setSavingPreference(false),
      },
    );
  };

  const draftPreferences = form.watch([
    'hebrewDatesEnabled',
    'shabbatWarningsEnabled',
    'emailNotificationsEnabled',
  ]);
  const draftObservance = form.watch([
    'homePlaceId',
    'observanceSchedule',
    'candleMinutes',
    'havdalah',
    'weddingCustom',
  ]);
  const preferences = editing
    ? {
        hebrewDatesEnabled: draftPreferences[0],
        shabbatWarningsEnabled: draftPreferences[1],
        emailNotificationsEnabled: draftPreferences[2],
      }
    : user;
  const observance = editing
    ? {
        homePlaceId: draftObservance[0],
        observanceSchedule: draftObservance[1],
        candleMinutes: draftObservance[2],
        havdalah: draftObservance[3],
        weddingCustom: draftObservance[4],
      }
    : user;

  return (
    <PageFrame title={t('profile.page.title')} description={t('profile.page.description')}>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="6">
          {stale && editing ? <StaleWriteAlert onReload={reload} /> : null}
          <PersonalInfoCard
            user={user}
            form={editing ? form : null}
            focusField={focusField}
            onEdit={() => startEdit()}
            onCancel={cancel}
            onSave={() => void save()}
          />
          <PreferencesCard
            values={{
              hebrewDatesEnabled: preferences.hebrewDatesEnabled,
              shabbatWarningsEnabled: preferences.shabbatWarningsEnabled,
              emailNotificationsEnabled: preferences.emailNotificationsEnabled,
            }}
            editing={editing}
            saving={update.isPending}
            onChange={(key, checked) => changeSettings({ [key]: checked })}
          />
          <ObservanceCard
            values={{
              homePlaceId: observance.homePlaceId,
              observanceSchedule: observance.observanceSchedule,
              candleMinutes: observance.candleMinutes,
              havdalah: observance.havdalah,
              weddingCustom: observance.weddingCustom,
            }}
            editing={editing}
            saving={update.isPending}
            onChange={changeSettings}
          />
          <SecurityCard email={user.email} />
        </Stack>
        <Stack gap="6">
          <FamilyCircleCard familyLabel={user.familyLabel} onSetLabel={() => startEdit('familyLabel')} />
          <CalendarFeedCard />
          <VendorAccountCard role={user.role} />
        </Stack>
      </Grid>
    </PageFrame>
  );
}
