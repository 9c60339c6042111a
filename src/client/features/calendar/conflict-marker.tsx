import { Icon, type IconProps } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { CONFLICT_TIERS } from '../../components/conflict-notice';
import type { CalendarDay } from './calendar-model';

/**
 * The warning sign on a day with an event the server judged forbidden (red) or avoided by custom
 * (orange); none for a day whose events are at most worth knowing.
 */
export function ConflictMarker({ day, size }: { day: CalendarDay; size: IconProps['boxSize'] }) {
  const level = day.conflictLevel;
  if (level !== 'forbidden' && level !== 'custom') return null;
  return (
    <Icon
      boxSize={size}
      color={`${CONFLICT_TIERS[level].palette}.fg`}
      data-conflict-marker=""
      data-conflict-level={level}
    >
      <TriangleAlert />
    </Icon>
  );
}
