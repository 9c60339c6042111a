import { Box, Button, chakra, Flex, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useId } from 'react';
import { trpc } from '../../lib/trpc';

export interface FreeOnValue {
  day: string;
  time: string | null;
  includeUnstated: boolean;
}

const eventDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

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
    <Flex gap="3" wrap="wrap" align="center" role="group" aria-label="Free on a date">
      <HStack gap="2">
        <Text asChild fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          <label htmlFor={`${id}-day`}>Free on</label>
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
            <label htmlFor={`${id}-time`}>at</label>
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
            Optional. The time at the vendor's place; Shabbat and Yom Tov there count as not free.
          </chakra.span>
        </HStack>
      ) : null}
      {upcoming.length > 0 ? (
        <NativeSelect.Root w="56" bg="bg" size="sm">
          <NativeSelect.Field
            aria-label="Use the date of one of your events"
            value=""
            onChange={(e) => {
              const event = upcoming.find((u) => u.id === e.target.value);
              if (event) set({ day: event.day, time: event.time ?? null });
            }}
            data-testid="free-on-events"
          >
            <option value="">Use an event's date…</option>
            {upcoming.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title} · {eventDay.format(new Date(`${e.day}T00:00:00Z`))}
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
            <Box as="span">Include vendors who have not stated their calendar</Box>
          </HStack>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <X aria-hidden />
            Any date
          </Button>
        </>
      ) : null}
    </Flex>
  );
}
