import { Text } from '@chakra-ui/react';
import { formatHebrewDate } from '../../shared/jewish-calendar';
import { useLanguage } from '../i18n/language';
import { useHebrewDates } from './hebrew-dates';

/**
 * A day's Hebrew date in gold, under its Gregorian date, while the person shows Hebrew dates. The
 * day is a civil date ('YYYY-MM-DD'): an event's own day at its place.
 */
export function HebrewDateLine({ date }: { date: string }) {
  const { enabled } = useHebrewDates();
  const { language } = useLanguage();
  if (!enabled) return null;
  return (
    <Text fontSize="xs" color="gold.fg" fontWeight="medium">
      {formatHebrewDate(date, language)}
    </Text>
  );
}
