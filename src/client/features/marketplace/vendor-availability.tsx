import { Box, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { PublicDayDto } from '../../../shared/schemas/availability';
import { addMonths, MonthGrid, monthName } from '../../components/month-grid';
import { trpc } from '../../lib/trpc';

const LOOK: Record<PublicDayDto['status'], { label: string; bg: string; fg: string }> = {
  free: { label: 'Free', bg: 'green.subtle', fg: 'green.fg' },
  booked: { label: 'Booked', bg: 'red.subtle', fg: 'red.fg' },
  closed: { label: 'Closed', bg: 'gray.muted', fg: 'fg.muted' },
  not_stated: { label: 'Not stated', bg: 'bg.subtle', fg: 'fg.subtle' },
};

const dayName = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * The next three months of a listing as free, booked, closed or not stated, read from the public
 * answer (GET /api/vendors/{id}/availability): no names, notes or counts are ever in it.
 */
export function VendorAvailability({ vendorId }: { vendorId: string }) {
  const today = new Date().toISOString().slice(0, 10);
  const thisMonth = today.slice(0, 7);
  const months = [0, 1, 2].map((i) => addMonths(thisMonth, i));
  const lastMonth = months[2] ?? thisMonth;
  const [y, m] = lastMonth.split('-').map(Number) as [number, number];
  const to = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const from = `${thisMonth}-01`;
  const answer = trpc.availability.ofVendor.useQuery({ id: vendorId, from, to });

  if (answer.isPending) return <Skeleton h="64" rounded="lg" />;
  if (answer.isError || !answer.data)
    return <Text color="fg.muted">The calendar could not be loaded. Please try again later.</Text>;
  const byDay = new Map(answer.data.days.map((d) => [d.day, d]));

  return (
    <Stack gap="4" data-testid="vendor-availability">
      {!answer.data.stated ? (
        <Text color="fg.muted">
          This vendor has not stated their calendar yet. Ask them about your date with Request Availability.
        </Text>
      ) : null}
      <HStack gap="4" wrap="wrap" textStyle="sm" aria-label="Legend">
        {(['free', 'booked', 'closed', 'not_stated'] as const).map((status) => (
          <HStack key={status} gap="1.5">
            <Box w="3" h="3" rounded="sm" bg={LOOK[status].bg} borderWidth="1px" />
            <Text>{LOOK[status].label}</Text>
          </HStack>
        ))}
        <HStack gap="1.5">
          <Text aria-hidden>✡</Text>
          <Text>Shabbat or Yom Tov</Text>
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {months.map((month) => (
          <Box key={month}>
            <Text fontWeight="semibold" mb="2">
              {monthName(month)}
            </Text>
            <MonthGrid
              month={month}
              day={(day) => {
                const d = byDay.get(day);
                if (!d || day < today)
                  return <Box h="8" textAlign="center" color="fg.subtle" textStyle="xs" />;
                const look = LOOK[d.status];
                const parts = d.partsUnavailable.length
                  ? ` (${d.partsUnavailable.join(', ')} unavailable)`
                  : '';
                const label = `${dayName.format(new Date(`${day}T00:00:00Z`))}: ${look.label}${parts}${d.rest ? `, ${d.rest}` : ''}`;
                return (
                  <Box
                    h="8"
                    rounded="md"
                    bg={look.bg}
                    color={look.fg}
                    display="flex"
                    alignItems="center"
                    justifyContent="center"
                    textStyle="xs"
                    title={label}
                    aria-label={label}
                    role="img"
                    borderStyle={d.partsUnavailable.length ? 'dashed' : undefined}
                    borderWidth={d.partsUnavailable.length ? '1px' : undefined}
                  >
                    {Number(day.slice(8))}
                    {d.rest ? (
                      <Text as="span" aria-hidden textStyle="2xs" ms="0.5">
                        ✡
                      </Text>
                    ) : null}
                  </Box>
                );
              }}
            />
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
