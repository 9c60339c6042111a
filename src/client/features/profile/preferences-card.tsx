import { Box, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { ProfileCard } from './profile-card';
import type { PreferenceKey } from './use-profile';

const PREFERENCES: { key: PreferenceKey; label: MessageId; hint: MessageId }[] = [
  {
    key: 'hebrewDatesEnabled',
    label: 'profile.preferences.hebrewDates',
    hint: 'profile.preferences.hebrewDatesHint',
  },
  {
    key: 'shabbatWarningsEnabled',
    label: 'profile.preferences.shabbatWarnings',
    hint: 'profile.preferences.shabbatWarningsHint',
  },
  {
    key: 'emailNotificationsEnabled',
    label: 'profile.preferences.emailNotifications',
    hint: 'profile.preferences.emailNotificationsHint',
  },
];

interface PreferencesCardProps {
  values: Record<PreferenceKey, boolean>;
  /** In edit mode the switches wait for the form's Save. */
  editing: boolean;
  saving: boolean;
  onChange: (key: PreferenceKey, checked: boolean) => void;
}

/** The three preference switches (spec section 2): saved at once unless the profile is being edited. */
export function PreferencesCard({ values, editing, saving, onChange }: PreferencesCardProps) {
  const t = useT();
  return (
    <ProfileCard headingId="preferences-heading">
      <Heading id="preferences-heading" as="h2" fontSize="lg" color="brand.950">
        {t('profile.preferences.title')}
      </Heading>
      <Text mt="1" fontSize="sm" color={editing ? 'gold.fg' : 'fg.muted'} aria-live="polite">
        {editing ? t('profile.preferences.editing') : t('profile.preferences.instant')}
      </Text>
      {/* The language preference (which language the app and its e-mails speak) will sit here, as the
          first setting of this card, once the profile has a language field. */}
      <Stack gap="0" mt="4" divideY="1px" divideColor="border.muted">
        {PREFERENCES.map((preference) => (
          <Switch.Root
            key={preference.key}
            checked={values[preference.key]}
            onCheckedChange={(details) => onChange(preference.key, details.checked)}
            disabled={saving}
            display="flex"
            justifyContent="space-between"
            alignItems="center"
            gap="4"
            py="4"
            w="full"
            data-preference={preference.key}
          >
            <Box>
              <Switch.Label fontWeight="medium" fontSize="md">
                {t(preference.label)}
              </Switch.Label>
              <Text fontSize="sm" color="fg.muted" mt="0.5">
                {t(preference.hint, { product: PRODUCT_NAME })}
              </Text>
            </Box>
            <Switch.HiddenInput />
            <Switch.Control flexShrink="0">
              <Switch.Thumb />
            </Switch.Control>
          </Switch.Root>
        ))}
      </Stack>
    </ProfileCard>
  );
}
