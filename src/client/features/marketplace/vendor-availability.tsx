import { Box, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { addMonths, MonthGrid, monthName } from '../../components/month-grid';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { dayLook, LEGEND } from './availability-days';

const DAY_NAME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
};

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
  const t = useT();
  const iso = useIsolate();
  // Up to the end of the month three months after this one here: enough whichever day it is at the
  // listing's place, which may be a month ahead of or behind the visitor's.
  const to = lastDayOf(new Date().toISOString().slice(0, 7), 3);
  const answer = trpc.availability.ofVendor.useQuery({ id: vendorId, to });

  if (answer.isPending) return <Skeleton h="64" rounded="lg" />;
  if (answer.isError || !answer.data)
    return <Text color="fg.muted">{t('marketplace.availability.loadFailed')}</Text>;
  const today = answer.data.from;
  const months = [0, 1, 2].map((i) => addMonths(today.slice(0, 7), i));
  const byDay = new Map(answer.data.days.map((d) => [d.day, d]));

  return (
    <Stack gap="4" data-testid="vendor-availability">
      {!answer.data.stated ? <Text color="fg.muted">{t('marketplace.availability.notStated')}</Text> : null}
      <HStack gap="4" wrap="wrap" textStyle="sm" aria-label={t('marketplace.day.legend')}>
        {LEGEND.map((look) => (
          <HStack key={look.label} gap="1.5">
            <Box w="3" h="3" rounded="sm" bg={look.bg} borderWidth="1px" />
            <Text>{t(look.label)}</Text>
          </HStack>
        ))}
        <HStack gap="1.5">
          <Text aria-hidden>✡</Text>
          <Text>{t('marketplace.day.shabbatOrYomTov')}</Text>
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
                const look = dayLook(t, iso, d);
                const label = t('marketplace.day.dayLabel', {
                  day: dateFormat(DAY_NAME).format(new Date(`${day}T00:00:00Z`)),
                  text: look.text,
                });
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
