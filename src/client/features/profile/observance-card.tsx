import { Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  CANDLE_MINUTES,
  CUSTOM_LABELS,
  CUSTOMS,
  type Custom,
  HAVDALAH_LABELS,
  HAVDALAH_RULES,
  type HavdalahSetting,
} from '../../../shared/schemas/observance';
import { PlacePicker, usePlace } from '../../components/place-picker';
import { ProfileCard } from './profile-card';
import type { ObservanceValues, SettingsPatch } from './use-profile';

interface ObservanceCardProps {
  values: ObservanceValues;
  /** In edit mode the settings wait for the form's Save. */
  editing: boolean;
  saving: boolean;
  onChange: (patch: SettingsPatch) => void;
}

const BY_PLACE = '';

/**
 * The home place and how the family keeps the calendar (decision 034): the clock and the customs
 * the events' conflicts are judged by. Saved at once unless the profile is being edited.
 */
export function ObservanceCard({ values, editing, saving, onChange }: ObservanceCardProps) {
  const home = usePlace(values.homePlaceId);
  return (
    <ProfileCard headingId="observance-heading">
      <Heading id="observance-heading" as="h2" fontSize="lg" color="brand.950">
        Place and observance
      </Heading>
      <Text mt="1" fontSize="sm" color="fg.muted">
        Events are checked against Shabbat and the festivals by the clock of their place, with these settings.
      </Text>
      <Stack gap="5" mt="5">
        <PlacePicker
          label="Your home place"
          value={values.homePlaceId === null ? null : home}
          onChange={(place) => onChange({ homePlaceId: place?.id ?? null })}
          disabled={saving}
          hint="Used for events without a place of their own, and for your calendar's candle-lighting times."
          data-testid="home-place"
        />
        <Stack role="group" gap="4" aria-labelledby="observance-group-heading">
          <Heading as="h3" id="observance-group-heading" fontSize="md" color="brand.950">
            Observance
          </Heading>
          <SettingSelect
            label="Calendar"
            value={values.observanceSchedule ?? BY_PLACE}
            disabled={saving}
            hint="Israel keeps one day of each festival, the Diaspora two."
            testId="setting-schedule"
            onChange={(v) => onChange({ observanceSchedule: v === 'israel' || v === 'diaspora' ? v : null })}
          >
            <option value="israel">Israel</option>
            <option value="diaspora">Diaspora</option>
            <option value={BY_PLACE}>By my home place</option>
          </SettingSelect>
          <SettingSelect
            label="Candle-lighting"
            value={values.candleMinutes === null ? BY_PLACE : String(values.candleMinutes)}
            disabled={saving}
            testId="setting-candles"
            onChange={(v) => onChange({ candleMinutes: v === BY_PLACE ? null : Number(v) })}
          >
            {CANDLE_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes} minutes before sunset
              </option>
            ))}
            <option value={BY_PLACE}>By the place (40 in Jerusalem, 18 elsewhere)</option>
          </SettingSelect>
          <SettingSelect
            label="Havdalah"
            value={values.havdalah}
            disabled={saving}
            testId="setting-havdalah"
            onChange={(v) => onChange({ havdalah: v as HavdalahSetting })}
          >
            {HAVDALAH_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {HAVDALAH_LABELS[rule]}
              </option>
            ))}
          </SettingSelect>
          <SettingSelect
            label="Custom"
            value={values.weddingCustom}
            disabled={saving}
            hint="Decides which days of the Omer and of the Three Weeks are flagged."
            testId="setting-custom"
            onChange={(v) => onChange({ weddingCustom: v as Custom })}
          >
            {CUSTOMS.map((custom) => (
              <option key={custom} value={custom}>
                {CUSTOM_LABELS[custom]}
              </option>
            ))}
          </SettingSelect>
        </Stack>
      </Stack>
      <Text mt="4" fontSize="sm" color={editing ? 'gold.fg' : 'fg.muted'} aria-live="polite">
        {editing
          ? 'You are editing your profile: these changes are saved with it.'
          : 'Changes are saved as soon as you make them.'}
      </Text>
    </ProfileCard>
  );
}

interface SettingSelectProps {
  label: string;
  value: string;
  hint?: string;
  disabled: boolean;
  testId: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

function SettingSelect({ label, value, hint, disabled, testId, onChange, children }: SettingSelectProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}
