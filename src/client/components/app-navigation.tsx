import { Avatar, Badge, Box, Button, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import type { UserDto } from '../../shared/schemas/auth';
import { copyInviteLink, useCreateInviteLink, useFamilyCircle } from '../lib/family';
import { homePathFor, useSignOut } from '../lib/session';
import { toast } from '../lib/toast';
import { useHebrewDates } from './hebrew-dates';
import {
  CalendarIcon,
  EventsIcon,
  HomeIcon,
  LogOutIcon,
  MessageIcon,
  MoonIcon,
  StoreIcon,
  UserIcon,
  UsersIcon,
} from './icons';

type IconComponent = ComponentType<{ boxSize?: string }>;

export interface NavEntry {
  to: string;
  label: string;
  /** Label of the phone's bottom bar, where room is short. */
  shortLabel: string;
  icon: IconComponent;
  /** Shows the unread badge. */
  unread?: boolean;
}

const HOME_LABEL = { customer: 'Dashboard', vendor: 'Vendor Dashboard', admin: 'Admin Dashboard' } as const;

/** The entries of spec section 2, in order; Messages only for customers. */
export function navEntriesFor(user: UserDto): NavEntry[] {
  const entries: NavEntry[] = [
    { to: homePathFor(user.role), label: HOME_LABEL[user.role], shortLabel: 'Home', icon: HomeIcon },
    { to: '/events', label: 'My Events', shortLabel: 'Events', icon: EventsIcon },
    { to: '/marketplace', label: 'Marketplace', shortLabel: 'Vendors', icon: StoreIcon },
    { to: '/calendar', label: 'Calendar', shortLabel: 'Calendar', icon: CalendarIcon },
  ];
  if (user.role === 'customer') {
    entries.push({
      to: '/messages',
      label: 'Messages',
      shortLabel: 'Messages',
      icon: MessageIcon,
      unread: true,
    });
  }
  entries.push({ to: '/profile', label: 'Profile', shortLabel: 'Profile', icon: UserIcon });
  return entries;
}

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
  const Icon = entry.icon;
  return (
    <Button
      asChild
      variant="ghost"
      justifyContent="flex-start"
      gap="3"
      h="11"
      px="3"
      color="whiteAlpha.800"
      fontWeight="medium"
      _hover={{ bg: 'whiteAlpha.100', color: 'white' }}
      _currentPage={{ bg: 'whiteAlpha.200', color: 'white', fontWeight: 'semibold' }}
      focusRingColor="gold.300"
      onClick={onNavigate}
    >
      <NavLink to={entry.to} end>
        <Icon boxSize="5" />
        <Box as="span" flex="1">
          {entry.label}
        </Box>
        {entry.unread && unreadCount > 0 ? (
          <Badge
            colorPalette="red"
            variant="solid"
            rounded="full"
            aria-label={`${unreadCount} unread`}
            data-testid="messages-unread-badge"
          >
            {unreadCount}
          </Badge>
        ) : null}
      </NavLink>
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
  const invite = async () => {
    try {
      await copyInviteLink((await create()).link);
    } catch (error) {
      toast.failed('Could not create an invite link', error);
    }
  };
  return (
    <Box bg="whiteAlpha.100" borderWidth="1px" borderColor="whiteAlpha.200" rounded="xl" p="4">
      <HStack gap="2" color="gold.300">
        <UsersIcon boxSize="4" />
        <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
          Family Circle
        </Text>
      </HStack>
      <Text mt="2" color="white" fontWeight="semibold" lineClamp={2} wordBreak="break-word">
        {label}
      </Text>
      {status === 'active' ? (
        <Button
          mt="3"
          size="sm"
          w="full"
          colorPalette="gold"
          loading={isPending}
          onClick={() => {
            void invite();
          }}
        >
          Invite Family
        </Button>
      ) : status ? (
        <Text mt="2" fontSize="sm" color="whiteAlpha.800">
          <RouterLink to="/profile">
            {status === 'pending' ? 'Waiting for approval' : 'Not a member yet'}
          </RouterLink>
        </Text>
      ) : null}
    </Box>
  );
}

/** The Hebrew-date switch; its state lives in the HebrewDates context. */
export function HebrewDatesSwitch() {
  const { enabled, setEnabled } = useHebrewDates();
  return (
    <Switch.Root
      checked={enabled}
      onCheckedChange={(details) => setEnabled(details.checked)}
      colorPalette="gold"
      display="flex"
      justifyContent="space-between"
      w="full"
      px="3"
      py="2"
      rounded="lg"
      _hover={{ bg: 'whiteAlpha.100' }}
    >
      <Switch.Label color="whiteAlpha.900" fontWeight="medium" display="flex" alignItems="center" gap="3">
        <MoonIcon boxSize="5" />
        Hebrew dates
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
  return (
    <Stack gap="3">
      <HStack gap="3" minW="0">
        <Avatar.Root size="sm" colorPalette="gold" variant="solid">
          <Avatar.Fallback name={user.name} />
        </Avatar.Root>
        <Box minW="0">
          <Text color="white" fontWeight="semibold" fontSize="sm" truncate>
            {user.name}
          </Text>
          <Text color="whiteAlpha.700" fontSize="xs" truncate>
            {user.email}
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
        loadingText="Signing out..."
        onClick={signOut}
      >
        <LogOutIcon boxSize="4" />
        Sign Out
      </Button>
    </Stack>
  );
}
