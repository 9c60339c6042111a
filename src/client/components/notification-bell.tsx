import {
  Badge,
  Box,
  Button,
  Float,
  HStack,
  Icon,
  IconButton,
  Popover,
  Portal,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TIMINGS } from '../../shared/constants';
import { isAppPath } from '../../shared/links';
import type { UserDto } from '../../shared/schemas/auth';
import type { NotificationDto } from '../../shared/schemas/messages';
import { timeAgo } from '../features/profile/relative-time';
import { useLanguage } from '../i18n/language';
import { useT } from '../i18n/use-t';
import { formatCount } from '../lib/intl';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { useNotificationText } from './coded-text';
import { LinkButton } from './link-button';
import { useLiveConnected } from './live-events';

/** Where a person reads all of their conversations, if their role has any. */
function messagesPathFor(user: UserDto): string | null {
  if (user.role === 'customer') return '/messages';
  if (user.role === 'vendor') return '/vendor-dashboard?tab=messages';
  return null;
}

/**
 * The bell, for every role: its badge is the unread notification total, and it opens the newest
 * notifications. Opening one marks it read and goes where it points.
 */
export function NotificationBell({ user, dark }: { user: UserDto; dark: boolean }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  // The items are said by code in the page's language: their words are asked for as the bell is
  // pointed at, focused or opened, and the items wait for them (in English as they came otherwise).
  const { lateWordsReady, loadLateWords } = useLanguage();
  const connected = useLiveConnected();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, {
    // The live stream keeps the list current; without it the list is read again now and then.
    refetchInterval: connected ? false : TIMINGS.unreadPollMs,
  });
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: (read) => {
      utils.notifications.list.setData(undefined, (old) => {
        if (!old) return old;
        const wasUnread = old.items.some((n) => n.id === read.id && n.readAt === null);
        return {
          items: old.items.map((n) => (n.id === read.id ? read : n)),
          unreadCount: wasUnread ? Math.max(0, old.unreadCount - 1) : old.unreadCount,
        };
      });
    },
  });
  const markAll = trpc.notifications.markAllRead.useMutation({
    onSuccess: () => {
      const now = new Date();
      utils.notifications.list.setData(undefined, (old) =>
        old ? { items: old.items.map((n) => ({ ...n, readAt: n.readAt ?? now })), unreadCount: 0 } : old,
      );
    },
    onError: (error) => toast.failed(t('common.notifications.markFailed'), error),
  });

  const unread = list.data?.unreadCount ?? 0;
  const label =
    unread > 0 ? t('common.notifications.labelUnread', { count: unread }) : t('common.notifications.title');
  const items = list.data?.items ?? [];
  const allMessages = messagesPathFor(user);

  const openItem = (item: NotificationDto) => {
    if (item.readAt === null) markRead.mutate({ id: item.id });
    setOpen(false);
  };
  // A link that is not a path of the app is never followed: the item is only marked read.
  const readItem = (item: NotificationDto) => {
    if (item.readAt === null) markRead.mutate({ id: item.id });
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        if (details.open) loadLateWords();
        setOpen(details.open);
      }}
      positioning={{ placement: dark ? 'bottom-start' : 'bottom-end', gutter: 8 }}
      lazyMount
      unmountOnExit
    >
      <Box position="relative" display="inline-flex">
        <Popover.Trigger asChild>
          <IconButton
            aria-label={label}
            variant="ghost"
            rounded="full"
            color={dark ? 'whiteAlpha.900' : 'brand.900'}
            _hover={{ bg: dark ? 'whiteAlpha.200' : 'brand.subtle' }}
            focusRingColor={dark ? 'gold.300' : undefined}
            onPointerEnter={loadLateWords}
            onFocus={loadLateWords}
          >
            <Icon boxSize="5">
              <Bell />
            </Icon>
          </IconButton>
        </Popover.Trigger>
        {unread > 0 ? (
          <Float placement="top-end" offset="2">
            <Badge
              colorPalette="red"
              variant="solid"
              rounded="full"
              size="xs"
              pointerEvents="none"
              aria-hidden
              data-testid="notifications-badge"
            >
              {unread > 99 ? t('common.notifications.overflow', { count: 99 }) : formatCount(unread)}
            </Badge>
          </Float>
        ) : null}
      </Box>
      <Portal>
        <Popover.Positioner>
          <Popover.Content
            w="min(24rem, calc(100vw - 1.5rem))"
            rounded="xl"
            overflow="hidden"
            aria-label={t('common.notifications.title')}
          >
            <HStack
              justify="space-between"
              px="4"
              py="3"
              borderBottomWidth="1px"
              borderColor="border.muted"
              gap="3"
            >
              <Popover.Title fontWeight="semibold" color="brand.950">
                {t('common.notifications.title')}
              </Popover.Title>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="brand"
                disabled={unread === 0}
                loading={markAll.isPending}
                onClick={() => markAll.mutate()}
              >
                {t('common.notifications.markAll')}
              </Button>
            </HStack>
            <Box maxH="min(26rem, 65dvh)" overflowY="auto">
              {list.isPending || !lateWordsReady ? (
                <Stack
                  gap="3"
                  p="4"
                  role="status"
                  aria-busy="true"
                  aria-label={t('common.notifications.loading')}
                >
                  <Skeleton h="12" rounded="md" />
                  <Skeleton h="12" rounded="md" />
                </Stack>
              ) : list.isLoadingError ? (
                <Stack gap="3" p="4" align="flex-start">
                  <Text fontSize="sm" color="fg.muted">
                    {t('common.notifications.loadFailed')}
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => void list.refetch()}>
                    {t('common.action.tryAgain')}
                  </Button>
                </Stack>
              ) : items.length === 0 ? (
                <Stack gap="1" px="4" py="8" textAlign="center" align="center">
                  <Icon boxSize="6" color="fg.subtle">
                    <Bell />
                  </Icon>
                  <Text fontWeight="medium" color="brand.950">
                    {t('common.notifications.emptyTitle')}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('common.notifications.emptyHint')}
                  </Text>
                </Stack>
              ) : (
                <Box as="ul" listStyleType="none" aria-label={t('common.notifications.latest')}>
                  {items.map((item) => (
                    <NotificationItem
                      key={item.id}
                      item={item}
                      onOpen={() => (isAppPath(item.link) ? openItem(item) : readItem(item))}
                    />
                  ))}
                </Box>
              )}
            </Box>
            {allMessages ? (
              <Box borderTopWidth="1px" borderColor="border.muted" px="4" py="2.5">
                <LinkButton
                  to={allMessages}
                  size="xs"
                  variant="ghost"
                  colorPalette="brand"
                  onClick={() => setOpen(false)}
                >
                  {t('common.notifications.allMessages')}
                </LinkButton>
              </Box>
            ) : null}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** Opens the item's link when it is a path of the app (isAppPath); otherwise a button that only reads it. */
function NotificationItem({ item, onOpen }: { item: NotificationDto; onOpen: () => void }) {
  const unread = item.readAt === null;
  const at = item.updatedAt ?? item.createdAt;
  const t = useT();
  const { title, body } = useNotificationText()(item);
  const content = (
    <>
      <Box
        mt="1.5"
        boxSize="2"
        rounded="full"
        flexShrink="0"
        bg={unread ? 'red.solid' : 'transparent'}
        aria-hidden
      />
      <Box minW="0" flex="1">
        {unread ? <VisuallyHidden>{t('common.notifications.unreadPrefix')}</VisuallyHidden> : null}
        <Text
          as="span"
          display="block"
          fontSize="sm"
          fontWeight={unread ? 'semibold' : 'medium'}
          color="brand.950"
          lineClamp={2}
        >
          {title}
        </Text>
        {body ? (
          <Text as="span" display="block" fontSize="sm" color="fg.muted" lineClamp={2} dir="auto">
            {body}
          </Text>
        ) : null}
        <Text as="span" display="block" fontSize="xs" color="fg.subtle" mt="0.5">
          <time dateTime={at.toISOString()}>{timeAgo(at)}</time>
        </Text>
      </Box>
    </>
  );
  return (
    <Box as="li" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: '0' }}>
      <Box
        asChild
        display="flex"
        gap="3"
        w="full"
        textAlign="start"
        px="4"
        py="3"
        bg={unread ? 'brand.subtle' : 'bg'}
        _hover={{ bg: unread ? 'brand.muted' : 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
        data-unread={unread ? '' : undefined}
      >
        {isAppPath(item.link) ? (
          <RouterLink to={item.link} onClick={onOpen}>
            {content}
          </RouterLink>
        ) : (
          <button type="button" onClick={onOpen}>
            {content}
          </button>
        )}
      </Box>
    </Box>
  );
}
