import { createIcon } from '@chakra-ui/react';

/** Icons only the events screens use, drawn like components/icons (24 px grid, 2 px stroke). */
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function lineIcon(displayName: string, path: React.ReactElement | React.ReactElement[]) {
  return createIcon({ displayName, path, defaultProps: stroke });
}

export const PlusIcon = lineIcon('PlusIcon', [<path key="a" d="M12 5v14M5 12h14" />]);

export const PencilIcon = lineIcon('PencilIcon', [
  <path key="a" d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4Z" />,
  <path key="b" d="m14.5 5.5 3 3" />,
]);

export const TrashIcon = lineIcon('TrashIcon', [
  <path key="a" d="M4 7h16" />,
  <path key="b" d="M10 11v6M14 11v6" />,
  <path key="c" d="M6 7l1 13a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-13" />,
  <path key="d" d="M9 7V4h6v3" />,
]);

export const MoreIcon = lineIcon('MoreIcon', [
  <circle key="a" cx="5" cy="12" r="1" />,
  <circle key="b" cx="12" cy="12" r="1" />,
  <circle key="c" cx="19" cy="12" r="1" />,
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
  <path key="a" d="M12 3v12" />,
  <path key="b" d="m7 10 5 5 5-5" />,
  <path key="c" d="M5 21h14" />,
]);

export const ClockIcon = lineIcon('ClockIcon', [
  <circle key="a" cx="12" cy="12" r="9" />,
  <path key="b" d="M12 7v5l3 2" />,
]);

export const MapPinIcon = lineIcon('MapPinIcon', [
  <path key="a" d="M12 21s7-6.2 7-11.5a7 7 0 0 0-14 0C5 14.8 12 21 12 21Z" />,
  <circle key="b" cx="12" cy="9.5" r="2.5" />,
]);

export const ImageIcon = lineIcon('ImageIcon', [
  <rect key="a" x="3" y="4" width="18" height="16" rx="2" />,
  <circle key="b" cx="9" cy="10" r="2" />,
  <path key="c" d="m21 16-5-5-9 9" />,
]);

export const WalletIcon = lineIcon('WalletIcon', [
  <path
    key="a"
    d="M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6"
  />,
  <path key="b" d="M16 14h.01" />,
]);

export const NoteIcon = lineIcon('NoteIcon', [
  <path key="a" d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9Z" />,
  <path key="b" d="M14 3v6h6M8 13h8M8 17h5" />,
]);

export const AlertIcon = lineIcon('AlertIcon', [
  <path key="a" d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />,
  <path key="b" d="M12 9v4M12 17h.01" />,
]);
