import { Box, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { addMonths, MonthGrid, monthName } from '../../components/month-grid';
import { trpc } from '../../lib/trpc';
import { dayLook, LEGEND } from './availability-days';

const dayName = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The last day of the month `by` months after 'YYYY-MM'. */
function lastDayOf(month: string, by: number): string {
  const [y, m] = addMonths(month, by).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The next three months of a listing as free, booked, closed, not stated or Shabbat and Yom Tov,
 * read from the public answer (GET /api/vendors/{id}/availability): no names, notes or counts are
 * ever in it. The answer starts at today at the listing's place (the server's `from`); the first
 * month starts at the week holding it.
 */
export function VendorAvailability({ vendorId }: { vendorId: string }) {
  // Up to the end of the month three months after this one here: enough whichever day it is at the
  // listing's place, which may be a month ahead of or behind the visitor's.
  const to = lastDayOf(new Date().toISOString().slice(0, 7), 3);
  const answer = trpc.availability.ofVendor.useQuery({ id: vendorId, to });

  if (answer.isPending) return <Skeleton h="64" rounded="lg" />;
  if (answer.isError || !answer.data)
    return <Text color="fg.muted">The calendar could not be loaded. Please try again later.</Text>;
  const today = answer.data.from;
  const months = [0, 1, 2].map((i) => addMonths(today.slice(0, 7), i));
  const byDay = new Map(answer.data.days.map((d) => [d.day, d]));

  return (
    <Stack gap="4" data-testid="vendor-availability">
      {!answer.data.stated ? (
        <Text color="fg.muted">
          This vendor has not stated their calendar yet. Ask them about your date with Request Availability.
        </Text>
      ) : null}
      <HStack gap="4" wrap="wrap" textStyle="sm" aria-label="Legend">
        {LEGEND.map((look) => (
          <HStack key={look.label} gap="1.5">
            <Box w="3" h="3" rounded="sm" bg={look.bg} borderWidth="1px" />
            <Text>{look.label}</Text>
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
              from={today}
              day={(day) => {
                const d = byDay.get(day);
                if (!d || day < today)
                  return (
                    <Box h="8" display="flex" alignItems="center" justifyContent="center" aria-hidden>
                      <Text as="span" color="fg.subtle" textStyle="xs">
                        {day < today ? Number(day.slice(8)) : null}
                      </Text>
                    </Box>
                  );
                const look = dayLook(d);
                const label = `${dayName.format(new Date(`${day}T00:00:00Z`))}: ${look.text}`;
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
