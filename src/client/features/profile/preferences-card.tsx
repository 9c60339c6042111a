import { Box, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import { ProfileCard } from './profile-card';
import type { PreferenceKey } from './use-profile';

const PREFERENCES: { key: PreferenceKey; label: string; hint: string }[] = [
  {
    key: 'hebrewDatesEnabled',
    label: 'Hebrew dates',
    hint: 'Show Hebrew dates beside Gregorian dates, as on the calendar.',
  },
  {
    key: 'shabbatWarningsEnabled',
    label: 'Shabbat warnings',
    hint: 'Warn when an event falls on Shabbat, a festival or a day your custom avoids. Off switches all warnings off.',
  },
  {
    key: 'emailNotificationsEnabled',
    label: 'Email notifications',
    hint: 'Allow SimchaHub to send you notifications by email.',
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
  return (
    <ProfileCard headingId="preferences-heading">
      <Heading id="preferences-heading" as="h2" fontSize="lg" color="brand.950">
        Preferences
      </Heading>
      <Text mt="1" fontSize="sm" color={editing ? 'gold.fg' : 'fg.muted'} aria-live="polite">
        {editing
          ? 'You are editing your profile: these changes are saved with it.'
          : 'Changes are saved as soon as you switch them.'}
      </Text>
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
                {preference.label}
              </Switch.Label>
              <Text fontSize="sm" color="fg.muted" mt="0.5">
                {preference.hint}
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
