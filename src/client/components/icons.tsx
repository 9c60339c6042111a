import { createIcon } from '@chakra-ui/react';

/** Line icons drawn for SimchaHub (24 px grid, 2 px stroke); Chakra v3 ships none of its own. */
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

export const HomeIcon = lineIcon('HomeIcon', [
  <path key="a" d="M3 10.5 12 3l9 7.5" />,
  <path key="b" d="M5 9v12h14V9" />,
  <path key="c" d="M10 21v-6h4v6" />,
]);

export const CalendarIcon = lineIcon('CalendarIcon', [
  <rect key="a" x="3" y="4.5" width="18" height="16.5" rx="2" />,
  <path key="b" d="M16 2.5v4M8 2.5v4M3 10h18" />,
]);

export const EventsIcon = lineIcon('EventsIcon', [
  <rect key="a" x="3" y="4.5" width="18" height="16.5" rx="2" />,
  <path key="b" d="M16 2.5v4M8 2.5v4M3 10h18" />,
  <path key="c" d="m9 15.5 2 2 4-4" />,
]);

export const StoreIcon = lineIcon('StoreIcon', [
  <path key="a" d="M3.5 9 5.2 4h13.6l1.7 5" />,
  <path key="b" d="M3.5 9h17a2.8 2.8 0 0 1-5.6 0 2.8 2.8 0 0 1-5.8 0 2.8 2.8 0 0 1-5.6 0Z" />,
  <path key="c" d="M5 12.5V21h14v-8.5" />,
  <path key="d" d="M10 21v-5h4v5" />,
]);

export const MessageIcon = lineIcon('MessageIcon', [
  <path key="a" d="M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.5-5A8.5 8.5 0 1 1 21 11.5Z" />,
]);

export const UserIcon = lineIcon('UserIcon', [
  <circle key="a" cx="12" cy="8" r="4" />,
  <path key="b" d="M4 21a8 8 0 0 1 16 0" />,
]);

export const UsersIcon = lineIcon('UsersIcon', [
  <circle key="a" cx="9" cy="8" r="3.5" />,
  <path key="b" d="M2.5 20a6.5 6.5 0 0 1 13 0" />,
  <path key="c" d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14a6.5 6.5 0 0 1 3.5 6" />,
]);

export const BellIcon = lineIcon('BellIcon', [
  <path key="a" d="M6 8.5a6 6 0 1 1 12 0c0 6.5 2.5 8.5 2.5 8.5h-17S6 15 6 8.5" />,
  <path key="b" d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />,
]);

export const LogOutIcon = lineIcon('LogOutIcon', [
  <path key="a" d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
  <path key="b" d="m16 17 5-5-5-5" />,
  <path key="c" d="M21 12H9" />,
]);

export const MenuIcon = lineIcon('MenuIcon', [<path key="a" d="M4 6h16M4 12h16M4 18h16" />]);

export const CloseIcon = lineIcon('CloseIcon', [<path key="a" d="M18 6 6 18M6 6l12 12" />]);

export const EyeIcon = lineIcon('EyeIcon', [
  <path key="a" d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />,
  <circle key="b" cx="12" cy="12" r="3" />,
]);

export const EyeOffIcon = lineIcon('EyeOffIcon', [
  <path
    key="a"
    d="M10.6 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.2 3.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6"
  />,
  <path key="b" d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
  <path key="c" d="m2 2 20 20" />,
]);

export const ArrowLeftIcon = lineIcon('ArrowLeftIcon', [<path key="a" d="M19 12H5M12 19l-7-7 7-7" />]);

export const ArrowRightIcon = lineIcon('ArrowRightIcon', [<path key="a" d="M5 12h14M12 5l7 7-7 7" />]);

export const LinkIcon = lineIcon('LinkIcon', [
  <path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />,
  <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
]);

export const StarIcon = lineIcon('StarIcon', [
  <path key="a" d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Z" />,
]);

export const VenueIcon = lineIcon('VenueIcon', [
  <path key="a" d="M3 21h18" />,
  <path key="b" d="M5 21V9l7-5.5L19 9v12" />,
  <path key="c" d="M9.5 21v-5.5a2.5 2.5 0 0 1 5 0V21" />,
  <path key="d" d="M12 8.5v1.5" />,
]);

export const CatererIcon = lineIcon('CatererIcon', [
  <path key="a" d="M4 3v6a3 3 0 0 0 3 3v9" />,
  <path key="b" d="M10 3v6a3 3 0 0 1-3 3" />,
  <path key="c" d="M7 3v6" />,
  <path key="d" d="M18 21V3c-2.2 1-3.5 3.5-3.5 7v4H18" />,
]);

export const CameraIcon = lineIcon('CameraIcon', [
  <path key="a" d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1Z" />,
  <circle key="b" cx="12" cy="13.5" r="3.5" />,
]);

export const MusicIcon = lineIcon('MusicIcon', [
  <path key="a" d="M9 18V5l12-2v13" />,
  <circle key="b" cx="6" cy="18" r="3" />,
  <circle key="c" cx="18" cy="16" r="3" />,
]);

export const FlowerIcon = lineIcon('FlowerIcon', [
  <path key="a" d="M12 21v-8" />,
  <path key="b" d="M7 4.5s0 4.5 2 6.5 3 2 3 2 1 0 3-2 2-6.5 2-6.5l-2.5 2L12 3 9.5 6.5Z" />,
  <path key="c" d="M12 18c-1.5-2-4.5-2.5-6-2 1 2.5 3.5 3.5 6 3.5 2.5 0 5-1 6-3.5-1.5-.5-4.5 0-6 2" />,
]);

export const HeartIcon = lineIcon('HeartIcon', [
  <path key="a" d="M19.5 12.6 12 20l-7.5-7.4A4.9 4.9 0 0 1 12 6.1a4.9 4.9 0 0 1 7.5 6.5Z" />,
]);

export const CheckIcon = lineIcon('CheckIcon', [<path key="a" d="M20 6 9 17l-5-5" />]);

export const ShieldIcon = lineIcon('ShieldIcon', [
  <path key="a" d="M12 22s8-3.5 8-10V5l-8-3-8 3v7c0 6.5 8 10 8 10Z" />,
  <path key="b" d="m9 12 2 2 4-4" />,
]);

export const MailIcon = lineIcon('MailIcon', [
  <rect key="a" x="3" y="5" width="18" height="14" rx="2" />,
  <path key="b" d="m3 7 9 6 9-6" />,
]);

export const PhoneIcon = lineIcon('PhoneIcon', [
  <path
    key="a"
    d="M21 16.4v2.8a1.9 1.9 0 0 1-2 1.9 18.6 18.6 0 0 1-8.1-2.9 18.3 18.3 0 0 1-5.6-5.6A18.6 18.6 0 0 1 2.4 4.5a1.9 1.9 0 0 1 1.9-2h2.8a1.9 1.9 0 0 1 1.9 1.6c.1.9.3 1.7.6 2.5a1.9 1.9 0 0 1-.4 2L8 9.8a15 15 0 0 0 5.6 5.6l1.2-1.2a1.9 1.9 0 0 1 2-.4c.8.3 1.6.5 2.5.6a1.9 1.9 0 0 1 1.7 2Z"
  />,
]);

export const SearchIcon = lineIcon('SearchIcon', [
  <circle key="a" cx="11" cy="11" r="7" />,
  <path key="b" d="m20 20-3.5-3.5" />,
]);

export const MoonIcon = lineIcon('MoonIcon', [
  <path key="a" d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z" />,
]);

export const SparklesIcon = lineIcon('SparklesIcon', [
  <path key="a" d="m12 3 1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8Z" />,
  <path key="b" d="m19 15 .7 1.8 1.8.7-1.8.7L19 20l-.7-1.8-1.8-.7 1.8-.7Z" />,
]);

export const LockIcon = lineIcon('LockIcon', [
  <rect key="a" x="4" y="11" width="16" height="10" rx="2" />,
  <path key="b" d="M8 11V7a4 4 0 0 1 8 0v4" />,
]);

export const BriefcaseIcon = lineIcon('BriefcaseIcon', [
  <rect key="a" x="3" y="7" width="18" height="13" rx="2" />,
  <path key="b" d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2" />,
  <path key="c" d="M3 13h18" />,
]);

export const CompassIcon = lineIcon('CompassIcon', [
  <circle key="a" cx="12" cy="12" r="9" />,
  <path key="b" d="m15.5 8.5-2 5-5 2 2-5Z" />,
]);

export const InfoIcon = lineIcon('InfoIcon', [
  <circle key="a" cx="12" cy="12" r="9" />,
  <path key="b" d="M12 16v-4M12 8h.01" />,
]);

export const ClipboardIcon = lineIcon('ClipboardIcon', [
  <rect key="a" x="5" y="4" width="14" height="17" rx="2" />,
  <path key="b" d="M9 4V2.5h6V4" />,
  <path key="c" d="M9 10h6M9 14h6M9 18h3" />,
]);

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

export const ChevronLeftIcon = lineIcon('ChevronLeftIcon', [<path key="a" d="m15 18-6-6 6-6" />]);

export const ChevronRightIcon = lineIcon('ChevronRightIcon', [<path key="a" d="m9 18 6-6-6-6" />]);

export const CandlesIcon = lineIcon('CandlesIcon', [
  <path key="a" d="M8 21V11h3v10M13 21V11h3v10M5 21h14" />,
  <path key="b" d="M9.5 8c-1 0-1.5-.8-1.5-1.6C8 5.3 9.5 4 9.5 4S11 5.3 11 6.4c0 .8-.5 1.6-1.5 1.6Z" />,
  <path key="c" d="M14.5 8c-1 0-1.5-.8-1.5-1.6C13 5.3 14.5 4 14.5 4S16 5.3 16 6.4c0 .8-.5 1.6-1.5 1.6Z" />,
]);

export const GlobeIcon = createIcon({
  displayName: 'GlobeIcon',
  defaultProps: stroke,
  path: [
    <circle key="a" cx="12" cy="12" r="9" />,
    <path key="b" d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />,
  ],
});

export const CrosshairIcon = createIcon({
  displayName: 'CrosshairIcon',
  defaultProps: stroke,
  path: [
    <circle key="a" cx="12" cy="12" r="8" />,
    <path key="b" d="M12 2v4M12 18v4M2 12h4M18 12h4" />,
    <circle key="c" cx="12" cy="12" r="2" />,
  ],
});

export const PaperclipIcon = createIcon({
  displayName: 'PaperclipIcon',
  defaultProps: stroke,
  path: [
    <path
      key="a"
      d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9"
    />,
  ],
});

export const GlobeLinkIcon = createIcon({
  displayName: 'GlobeLinkIcon',
  defaultProps: stroke,
  path: [
    <path key="a" d="M14 4h6v6" />,
    <path key="b" d="M20 4 10 14" />,
    <path key="c" d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
  ],
});

export const VerifiedIcon = createIcon({
  displayName: 'VerifiedIcon',
  defaultProps: stroke,
  path: [
    <path
      key="a"
      d="M12 2.5 14.4 4l2.8-.2 1.1 2.6 2.4 1.5-.6 2.8L21.5 13l-1.8 2.2.1 2.8-2.7.8-1.6 2.3-2.7-.9-2.7.9-1.6-2.3-2.7-.8.1-2.8L2.5 13l1.4-2.3-.6-2.8 2.4-1.5 1.1-2.6 2.8.2Z"
    />,
    <path key="b" d="m8.5 12.5 2.5 2.5 4.5-5" />,
  ],
});

export const FileIcon = createIcon({
  displayName: 'FileIcon',
  defaultProps: stroke,
  path: [
    <path key="a" d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8Z" />,
    <path key="b" d="M14 3v5h5" />,
  ],
});
