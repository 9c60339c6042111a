import { Box, Button, chakra, Flex, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useId } from 'react';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { trpc } from '../../lib/trpc';

export interface FreeOnValue {
  day: string;
  time: string | null;
  includeUnstated: boolean;
}

const EVENT_DAY: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

const CIVIL_DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};
const CLOCK_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' };

/** 'Tue, Jan 5, 2027 at 7:00 PM' (or the day alone) in the page's language: a civil day and clock time. */
export function freeOnText(t: Translate, day: string, time: string | null): string {
  const date = dateFormat(CIVIL_DAY).format(new Date(`${day}T00:00:00Z`));
  if (!time) return date;
  const [h = 0, m = 0] = time.split(':').map(Number);
  return t('marketplace.freeOn.dayAtTime', {
    day: date,
    time: dateFormat(CLOCK_TIME).format(new Date(Date.UTC(2000, 0, 1, h, m))),
  });
}

/**
 * The marketplace's "Free on" filter: a date, an optional time, and whether vendors who have not
 * stated their calendar count too (off by default). A signed-in family's upcoming events offer their
 * dates in one click.
 */
export function FreeOnFilter({
  value,
  onChange,
  signedIn,
}: {
  value: FreeOnValue | null;
  onChange: (next: FreeOnValue | null) => void;
  signedIn: boolean;
}) {
  const t = useT();
  const iso = useIsolate();
  const id = useId();
  const today = new Date().toISOString().slice(0, 10);
  const events = trpc.events.list.useQuery(undefined, { enabled: signedIn, staleTime: 60_000 });
  const upcoming = (events.data ?? [])
    .map((e) => ({ id: e.id, title: e.title, day: e.date.toISOString().slice(0, 10), time: e.time }))
    .filter((e) => e.day >= today)
    .sort((a, b) => a.day.localeCompare(b.day))
    .slice(0, 8);
  const set = (patch: Partial<FreeOnValue>) => {
    const next = {
      day: value?.day ?? '',
      time: value?.time ?? null,
      includeUnstated: value?.includeUnstated ?? false,
      ...patch,
    };
    onChange(next.day ? next : null);
  };

  return (
    <Flex gap="3" wrap="wrap" align="center" role="group" aria-label={t('marketplace.freeOn.group')}>
      <HStack gap="2">
        <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          <label htmlFor={`${id}-day`}>{t('marketplace.freeOn.label')}</label>
        </Text>
        <Input
          id={`${id}-day`}
          type="date"
          bg="bg"
          w="44"
          min={today}
          value={value?.day ?? ''}
          onChange={(e) => set({ day: e.target.value })}
          data-testid="free-on-date"
        />
      </HStack>
      {value ? (
        <HStack gap="2">
          <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
            <label htmlFor={`${id}-time`}>{t('marketplace.freeOn.at')}</label>
          </Text>
          <Input
            id={`${id}-time`}
            type="time"
            bg="bg"
            w="32"
            value={value.time ?? ''}
            onChange={(e) => set({ time: e.target.value || null })}
            aria-describedby={`${id}-time-help`}
            data-testid="free-on-time"
          />
          <chakra.span id={`${id}-time-help`} srOnly>
            {t('marketplace.freeOn.timeHelp')}
          </chakra.span>
        </HStack>
      ) : null}
      {upcoming.length > 0 ? (
        <NativeSelect.Root w="56" bg="bg" size="sm">
          <NativeSelect.Field
            aria-label={t('marketplace.freeOn.useEvent')}
            value=""
            onChange={(e) => {
              const event = upcoming.find((u) => u.id === e.target.value);
              if (event) set({ day: event.day, time: event.time ?? null });
            }}
            data-testid="free-on-events"
          >
            <option value="">{t('marketplace.freeOn.useEventPlaceholder')}</option>
            {upcoming.map((e) => (
              <option key={e.id} value={e.id}>
                {t('marketplace.freeOn.eventOption', {
                  title: iso(e.title),
                  date: dateFormat(EVENT_DAY).format(new Date(`${e.day}T00:00:00Z`)),
                })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
      {value ? (
        <>
          <HStack as="label" gap="2" fontSize="sm" cursor="pointer">
            <input
              type="checkbox"
              checked={value.includeUnstated}
              onChange={(e) => set({ includeUnstated: e.target.checked })}
              data-testid="free-on-include-unstated"
            />
            <Box as="span">{t('marketplace.freeOn.includeUnstated')}</Box>
          </HStack>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden />
            {t('marketplace.freeOn.anyDate')}
          </Button>
        </>
      ) : null}
    </Flex>
  );
}
