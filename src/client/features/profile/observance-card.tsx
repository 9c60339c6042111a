import { Field, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  CANDLE_MINUTES,
  CUSTOMS,
  type Custom,
  HAVDALAH_RULES,
  type HavdalahSetting,
} from '../../../shared/schemas/observance';
import { PlacePicker, usePlace } from '../../components/place-picker';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const home = usePlace(values.homePlaceId);
  return (
    <ProfileCard headingId="observance-heading">
      <Heading id="observance-heading" as="h2" fontSize="lg" color="brand.950">
        {t('profile.observance.title')}
      </Heading>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {t('profile.observance.description')}
      </Text>
      <Stack gap="5" mt="5">
        <PlacePicker
          label={t('profile.observance.home')}
          value={values.homePlaceId === null ? null : home}
          onChange={(place) => onChange({ homePlaceId: place?.id ?? null })}
          disabled={saving}
          hint={t('profile.observance.homeHint')}
          data-testid="home-place"
        />
        <Stack role="group" gap="4" aria-labelledby="observance-group-heading">
          <Heading as="h3" id="observance-group-heading" fontSize="md" color="brand.950">
            {t('profile.observance.group')}
          </Heading>
          <SettingSelect
            label={t('profile.observance.calendar')}
            value={values.observanceSchedule ?? BY_PLACE}
            disabled={saving}
            hint={t('profile.observance.calendarHint')}
            testId="setting-schedule"
            onChange={(v) => onChange({ observanceSchedule: v === 'israel' || v === 'diaspora' ? v : null })}
          >
            <option value="israel">{t('profile.observance.israel')}</option>
            <option value="diaspora">{t('profile.observance.diaspora')}</option>
            <option value={BY_PLACE}>{t('profile.observance.byHome')}</option>
          </SettingSelect>
          <SettingSelect
            label={t('profile.observance.candles')}
            value={values.candleMinutes === null ? BY_PLACE : String(values.candleMinutes)}
            disabled={saving}
            testId="setting-candles"
            onChange={(v) => onChange({ candleMinutes: v === BY_PLACE ? null : Number(v) })}
          >
            {CANDLE_MINUTES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {t('profile.observance.candleMinutes', { minutes })}
              </option>
            ))}
            <option value={BY_PLACE}>{t('profile.observance.candlesByPlace')}</option>
          </SettingSelect>
          <SettingSelect
            label={t('profile.observance.havdalah')}
            value={values.havdalah}
            disabled={saving}
            testId="setting-havdalah"
            onChange={(v) => onChange({ havdalah: v as HavdalahSetting })}
          >
            {HAVDALAH_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {term(t, 'havdalah', rule)}
              </option>
            ))}
          </SettingSelect>
          <SettingSelect
            label={t('profile.observance.custom')}
            value={values.weddingCustom}
            disabled={saving}
            hint={t('profile.observance.customHint')}
            testId="setting-custom"
            onChange={(v) => onChange({ weddingCustom: v as Custom })}
          >
            {CUSTOMS.map((custom) => (
              <option key={custom} value={custom}>
                {term(t, 'custom', custom)}
              </option>
            ))}
          </SettingSelect>
        </Stack>
      </Stack>
      <Text mt="4" fontSize="sm" color={editing ? 'gold.fg' : 'fg.muted'} aria-live="polite">
        {editing ? t('profile.observance.editing') : t('profile.observance.instant')}
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
