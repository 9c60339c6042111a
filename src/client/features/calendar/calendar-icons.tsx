import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** Line icons of the calendar, drawn like components/icons (24 px grid, 2 px stroke). */
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function lineIcon(displayName: string, path: ReactElement | ReactElement[]) {
  return createIcon({ displayName, path, defaultProps: stroke });
}

export const ChevronLeftIcon = lineIcon('ChevronLeftIcon', [<path key="a" d="m15 18-6-6 6-6" />]);

export const ChevronRightIcon = lineIcon('ChevronRightIcon', [<path key="a" d="m9 18 6-6-6-6" />]);

export const AlertIcon = lineIcon('AlertIcon', [
  <path key="a" d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />,
  <path key="b" d="M12 9v4M12 17h.01" />,
]);

export const ClockIcon = lineIcon('ClockIcon', [
  <circle key="a" cx="12" cy="12" r="9" />,
  <path key="b" d="M12 7v5l3 2" />,
]);

export const MapPinIcon = lineIcon('MapPinIcon', [
  <path key="a" d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />,
  <circle key="b" cx="12" cy="10" r="3" />,
]);

export const CandlesIcon = lineIcon('CandlesIcon', [
  <path key="a" d="M8 21V11h3v10M13 21V11h3v10M5 21h14" />,
  <path key="b" d="M9.5 8c-1 0-1.5-.8-1.5-1.6C8 5.3 9.5 4 9.5 4S11 5.3 11 6.4c0 .8-.5 1.6-1.5 1.6Z" />,
  <path key="c" d="M14.5 8c-1 0-1.5-.8-1.5-1.6C13 5.3 14.5 4 14.5 4S16 5.3 16 6.4c0 .8-.5 1.6-1.5 1.6Z" />,
]);
