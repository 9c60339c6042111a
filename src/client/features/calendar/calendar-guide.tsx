import { List, Text } from '@chakra-ui/react';
import { Info } from 'lucide-react';
import { EVENING_CONFLICT_CUTOFF } from '../../../shared/jewish-calendar';
import { CardHeading } from '../../components/card-heading';
import { SectionCard } from '../../components/section-card';
import { formatTime } from './calendar-model';

/** How the dates and conflict warnings are worked out. */
export function CalendarGuide() {
  const cutoff = formatTime(EVENING_CONFLICT_CUTOFF);
  return (
    <SectionCard labelledBy="calendar-guide-heading">
      <CardHeading id="calendar-guide-heading" icon={Info}>
        About these dates
      </CardHeading>
      <List.Root mt="4" gap="2.5" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>
          Holiday dates are exact for each year, computed from the Hebrew calendar. They follow the Diaspora
          schedule (two-day festivals).
        </List.Item>
        <List.Item>
          The Jewish day begins at sundown, so an event from {cutoff} on a Friday or on the eve of a festival
          is flagged as a conflict, as is any event on Shabbat or a holiday.
        </List.Item>
        <List.Item>Hebrew dates show the daytime date; the evening before already belongs to it.</List.Item>
      </List.Root>
      <Text mt="4" fontSize="xs" color="fg.subtle">
        Check local candle-lighting times with your community.
      </Text>
    </SectionCard>
  );
}
