import { createIcon } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** Line icons of the profile page, drawn like components/icons (24 px grid, 2 px stroke). */
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

export const PencilIcon = lineIcon('PencilIcon', [
  <path key="a" d="M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />,
  <path key="b" d="m15 5 4 4" />,
]);

export const CopyIcon = lineIcon('CopyIcon', [
  <rect key="a" x="9" y="9" width="12" height="12" rx="2" />,
  <path key="b" d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />,
]);

export const QrIcon = lineIcon('QrIcon', [
  <rect key="a" x="3" y="3" width="7" height="7" rx="1" />,
  <rect key="b" x="14" y="3" width="7" height="7" rx="1" />,
  <rect key="c" x="3" y="14" width="7" height="7" rx="1" />,
  <path key="d" d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />,
]);

export const DownloadIcon = lineIcon('DownloadIcon', [
  <path key="a" d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />,
  <path key="b" d="m7 10 5 5 5-5M12 15V3" />,
]);
