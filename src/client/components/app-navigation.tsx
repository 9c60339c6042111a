import { Avatar, Box, Button, defineStyle, HStack, Icon, Stack, Switch, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import {
  Briefcase,
  Calendar,
  CalendarCheck,
  ClipboardList,
  History,
  House,
  LogOut,
  MessageCircle,
  Moon,
  ShieldCheck,
  Store,
  User,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { type Location, NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import type { UserDto } from '../../shared/schemas/auth';
import { adminTabPath } from '../features/admin/admin-tabs';
import type { MessageId } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { copyInviteLink, useCreateInviteLink, useFamilyCircle } from '../lib/family';
import { preloadPageOn } from '../lib/page-preload';
import { homePathFor, useSignOut } from '../lib/session';
import { toast } from '../lib/toast';
import { CountBadge } from './count-badge';
import { useHebrewDates } from './hebrew-dates';
import { IconEyebrow } from './icon-eyebrow';
import { SmallIcon } from './small-icon';

export interface NavEntry {
  to: string;
  /** The entry's name (a message, translated where it is drawn). */
  label: MessageId;
  /** Label of the phone's bottom bar, where room is short. */
  shortLabel: MessageId;
  icon: LucideIcon;
  /** Shows the unread badge. */
  unread?: boolean;
  /**
   * One tab of a page (`/admin-dashboard?tab=claims`): current only while that tab is open, not on
   * every tab of the page as a plain path match would have it.
   */
  tabbed?: boolean;
  /** Kept out of the phone's bottom bar (too many entries); the slide-out menu still has it. */
  menuOnly?: boolean;
}

/**
 * An admin plans no events: the side panel leads to the dashboard's tabs and the marketplace
 * instead of the customer's planning pages, and Profile waits in the phone's menu.
 */
function adminEntries(): NavEntry[] {
  const tab = (to: string, label: MessageId, icon: LucideIcon): NavEntry => ({
    to,
    label,
    shortLabel: label,
    icon,
    tabbed: true,
  });
  // One entry per tab of the dashboard (ADMIN_TABS), in its order.
  return [
    tab(adminTabPath('overview'), 'common.appNav.admin.overview', House),
    tab(adminTabPath('claims'), 'common.appNav.admin.claims', ClipboardList),
    tab(adminTabPath('vendors'), 'common.appNav.admin.vendors', Briefcase),
    tab(adminTabPath('kashrut'), 'common.appNav.admin.kashrut', ShieldCheck),
    tab(adminTabPath('users'), 'common.appNav.admin.users', Users),
    tab(adminTabPath('activity'), 'common.appNav.admin.activity', History),
    {
      to: '/marketplace',
      label: 'common.appNav.marketplace',
      shortLabel: 'common.appNav.short.market',
      icon: Store,
    },
    {
      to: '/profile',
      label: 'common.appNav.profile',
      shortLabel: 'common.appNav.profile',
      icon: User,
      menuOnly: true,
    },
  ];
}

/** Whether a tabbed entry is the page on screen: same path, same ?tab (none for the first tab). */
function isCurrentTab(entry: NavEntry, location: Location): boolean {
  const target = new URL(entry.to, 'http://app.invalid');
  const tab = new URLSearchParams(location.search).get('tab');
  return location.pathname === target.pathname && (target.searchParams.get('tab') ?? null) === tab;
}

/**
 * The link of an entry: NavLink for a page (current on its own path); a plain link for a tab,
 * marked current by its ?tab. Takes the props Chakra's `asChild` passes down.
 */
export function EntryLink({ entry, children, ...rest }: { entry: NavEntry; children: ReactNode }) {
  const location = useLocation();
  if (!entry.tabbed) {
    return (
      <NavLink to={entry.to} end {...preloadPageOn(entry.to)} {...rest}>
        {children}
      </NavLink>
    );
  }
  return (
    <RouterLink
      to={entry.to}
      aria-current={isCurrentTab(entry, location) ? 'page' : undefined}
      {...preloadPageOn(entry.to)}
      {...rest}
    >
      {children}
    </RouterLink>
  );
}

const HOME_LABEL = {
  customer: 'common.appNav.home.customer',
  vendor: 'common.appNav.home.vendor',
  admin: 'common.appNav.home.admin',
} as const satisfies Record<UserDto['role'], MessageId>;

/** The entries of spec section 2, in order; Messages only for customers. */
export function navEntriesFor(user: UserDto): NavEntry[] {
  if (user.role === 'admin') return adminEntries();
  const entries: NavEntry[] = [
    {
      to: homePathFor(user.role),
      label: HOME_LABEL[user.role],
      shortLabel: 'common.appNav.short.home',
      icon: House,
    },
    {
      to: '/events',
      label: 'common.appNav.myEvents',
      shortLabel: 'common.appNav.short.events',
      icon: CalendarCheck,
    },
    {
      to: '/marketplace',
      label: 'common.appNav.marketplace',
      shortLabel: 'common.appNav.short.vendors',
      icon: Store,
    },
    {
      to: '/calendar',
      label: 'common.appNav.calendar',
      shortLabel: 'common.appNav.calendar',
      icon: Calendar,
    },
  ];
  if (user.role === 'customer') {
    entries.push({
      to: '/messages',
      label: 'common.appNav.messages',
      shortLabel: 'common.appNav.messages',
      icon: MessageCircle,
      unread: true,
    });
  }
  entries.push({
    to: '/profile',
    label: 'common.appNav.profile',
    shortLabel: 'common.appNav.profile',
    icon: User,
  });
  return entries;
}

/** The look of an entry of the dark panel: light text, white under the pointer and on its own page. */
const SIDE_NAV_LINK_LOOK = defineStyle({
  color: 'whiteAlpha.800',
  fontWeight: 'medium',
  _hover: { bg: 'whiteAlpha.100', color: 'white' },
  _currentPage: { bg: 'whiteAlpha.200', color: 'white', fontWeight: 'semibold' },
  focusRingColor: 'gold.300',
});

/** A side-panel entry (dark panel); `onNavigate` closes the phone's menu. */
export function SideNavLink({
  entry,
  unreadCount,
  onNavigate,
}: {
  entry: NavEntry;
  unreadCount: number;
  onNavigate?: () => void;
}) {
  const EntryIcon = entry.icon;
  const t = useT();
  return (
    <Button
      asChild
      variant="ghost"
      justifyContent="flex-start"
      gap="3"
      h="11"
      px="3"
      css={SIDE_NAV_LINK_LOOK}
      onClick={onNavigate}
    >
      <EntryLink entry={entry}>
        <Icon boxSize="5">
          <EntryIcon />
        </Icon>
        <Box as="span" flex="1">
          {t(entry.label)}
        </Box>
        {entry.unread ? (
          <CountBadge
            count={unreadCount}
            label={t('common.appNav.unreadCount', { count: unreadCount })}
            testId="messages-unread-badge"
          />
        ) : null}
      </EntryLink>
    </Button>
  );
}

/**
 * The user's family circle (only when the user has a family label). Active members get Invite
 * Family, which makes a new invite link and copies it; others see where their request stands.
 */
export function FamilyCircleBox({ label }: { label: string }) {
  const circle = useFamilyCircle(label);
  const { create, isPending } = useCreateInviteLink();
  const status = circle.data?.status;
  const t = useT();
  const invite = async () => {
    try {
      await copyInviteLink(t, (await create()).link);
    } catch (error) {
      toast.failed(t('common.family.inviteFailed'), error);
    }
  };
  return (
    <Box bg="whiteAlpha.100" borderWidth="1px" borderColor="whiteAlpha.200" rounded="xl" p="4">
      <IconEyebrow icon={Users} color="gold.300">
        {t('common.family.circle')}
      </IconEyebrow>
      <Text mt="2" color="white" fontWeight="semibold" lineClamp={2} wordBreak="break-word">
        <bdi>{label}</bdi>
      </Text>
      {status === 'active' ? (
        <Button
          mt="3"
          size="sm"
          w="full"
          colorPalette="gold"
          loading={isPending}
          onClick={() => void invite()}
        >
          {t('common.family.invite')}
        </Button>
      ) : status ? (
        <Text mt="2" fontSize="sm" color="whiteAlpha.800">
          <RouterLink to="/profile">
            {status === 'pending' ? t('common.family.pending') : t('common.family.notMember')}
          </RouterLink>
        </Text>
      ) : null}
    </Box>
  );
}

/** A switch of the dark panel drawn as a full-width row: its label at the start, the switch at the end. */
const PANEL_SWITCH_ROW = defineStyle({
  display: 'flex',
  justifyContent: 'space-between',
  w: 'full',
  px: '3',
  py: '2',
  rounded: 'lg',
  _hover: { bg: 'whiteAlpha.100' },
});

/** The Hebrew-date switch; its state lives in the HebrewDates context. */
export function HebrewDatesSwitch() {
  const { enabled, setEnabled } = useHebrewDates();
  const t = useT();
  return (
    <Switch.Root
      checked={enabled}
      onCheckedChange={(details) => setEnabled(details.checked)}
      colorPalette="gold"
      css={PANEL_SWITCH_ROW}
    >
      <Switch.Label color="whiteAlpha.900" fontWeight="medium" display="flex" alignItems="center" gap="3">
        <Icon boxSize="5">
          <Moon />
        </Icon>
        {t('common.appNav.hebrewDates')}
      </Switch.Label>
      <Switch.HiddenInput />
      <Switch.Control bg={enabled ? undefined : 'whiteAlpha.300'}>
        <Switch.Thumb bg="white" />
      </Switch.Control>
    </Switch.Root>
  );
}

/** Who is signed in, and the sign-out button. */
export function AccountBox({ user }: { user: UserDto }) {
  const { signOut, isPending } = useSignOut();
  const t = useT();
  return (
    <Stack gap="3">
      <HStack gap="3" minW="0">
        <Avatar.Root size="sm" colorPalette="gold" variant="solid">
          <Avatar.Fallback name={user.name} />
        </Avatar.Root>
        <Box minW="0">
          <Text color="white" fontWeight="semibold" fontSize="sm" truncate>
            <bdi>{user.name}</bdi>
          </Text>
          <Text color="whiteAlpha.700" fontSize="xs" truncate>
            <bdi>{user.email}</bdi>
          </Text>
        </Box>
      </HStack>
      <Button
        variant="outline"
        size="sm"
        color="white"
        borderColor="whiteAlpha.400"
        _hover={{ bg: 'whiteAlpha.100' }}
        focusRingColor="gold.300"
        loading={isPending}
        loadingText={t('common.appNav.signingOut')}
        onClick={signOut}
      >
        <SmallIcon icon={LogOut} />
        {t('common.appNav.signOut')}
      </Button>
    </Stack>
  );
}
