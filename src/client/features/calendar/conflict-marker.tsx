import { Icon, type IconProps } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import type { CalendarDay } from './calendar-model';
import { CONFLICT_PALETTE } from './calendar-styles';

/** The warning sign on a day with an event that conflicts with Shabbat or a holiday; none otherwise. */
export function ConflictMarker({ day, size }: { day: CalendarDay; size: IconProps['boxSize'] }) {
  if (!day.hasConflict) return null;
  return (
    <Icon boxSize={size} color={`${CONFLICT_PALETTE}.fg`} data-conflict-marker="">
      <TriangleAlert />
    </Icon>
  );
}
