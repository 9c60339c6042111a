import { Text } from '@chakra-ui/react';
import { toCivilDate, toHebrewDate } from '../../shared/jewish-calendar';
import { useHebrewDates } from './hebrew-dates';

/** A day's Hebrew date in gold, under its Gregorian date, while the person shows Hebrew dates. */
export function HebrewDateLine({ date }: { date: Date }) {
  const { enabled } = useHebrewDates();
  if (!enabled) return null;
  return (
    <Text fontSize="xs" color="gold.fg" fontWeight="medium">
      {toHebrewDate(toCivilDate(date)).formatted}
    </Text>
  );
}
