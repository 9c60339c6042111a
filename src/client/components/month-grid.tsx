import { Box, Grid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { dateFormat, formatLocale } from '../lib/intl';

/** A week's days, Sunday first (the week starts on Sunday in both languages): 3-9 January 2027. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2027, 0, 3 + i)));

/**
 * The names of the week's days in the page's locale, Sunday first: short in English ('Sun'), and in
 * Hebrew the letters a calendar heads its columns with ('א׳'), where 'יום א׳' would crowd them.
 */
export function weekdayNames(): string[] {
  const weekday = formatLocale().startsWith('he') ? 'narrow' : 'short';
  const format = dateFormat({ weekday, timeZone: 'UTC' });
  return WEEK.map((d) => format.format(d));
}

/** The civil dates of a month ('YYYY-MM'). */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** The month after (or `by` months after) 'YYYY-MM'. */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'January 2027' in the page's locale. */
export const monthName = (month: string) =>
  dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The days a month's grid draws: every day of the month, or, with `from` inside the month, the days
 * from the Sunday of the week holding `from` (weeks wholly before it are left out); and how many
 * blank cells come before the first of them.
 */
export function gridDays(month: string, from?: string): { lead: number; days: string[] } {
  const all = daysOfMonth(month);
  const at = from ? all.indexOf(from) : -1;
  const first = at > 0 && from ? Math.max(0, at - weekday(from)) : 0;
  const days = all.slice(first);
  return { lead: weekday(days[0] ?? `${month}-01`), days };
}

/**
 * A month as a week grid (Sunday first): each day drawn by `day`. With `from`, the grid starts at
 * the week holding that day, not with weeks that are wholly past.
 */
export function MonthGrid({
  month,
  day,
  label,
  from,
}: {
  month: string;
  day: (date: string) => ReactNode;
  label?: string;
  from?: string;
}) {
  const { lead, days } = gridDays(month, from);
  return (
    <Box role="group" aria-label={label ?? monthName(month)}>
      {/* Seven equal columns whatever their days hold: a wide cell (a Saturday's ✡, in a wider
          fallback font on a Hebrew page) must not push the week past a phone's screen. */}
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1" aria-hidden>
        {weekdayNames().map((w) => (
          <Text key={w} textStyle="xs" color="fg.muted" textAlign="center">
            {w}
          </Text>
        ))}
      </Grid>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" gap="1" mt="1">
        {Array.from({ length: lead }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day
          <Box key={`lead-${i}`} />
        ))}
        {days.map((d) => (
          <Box key={d}>{day(d)}</Box>
        ))}
      </Grid>
    </Box>
  );
}
