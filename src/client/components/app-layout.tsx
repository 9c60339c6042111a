import {
  Box,
  Container,
  defineStyle,
  Flex,
  HStack,
  Icon,
  Stack,
  Text,
  VisuallyHidden,
  VStack,
} from '@chakra-ui/react';
import { lazy, memo, Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import type { UserDto } from '../../shared/schemas/auth';
import { useT } from '../i18n/use-t';
import { PageHydrated, TakenOverSuspense } from '../lib/hydration-gate';
import { formatCount } from '../lib/intl';
import { lazyPart } from '../lib/lazy-with-preload';
import { homePathFor, useCurrentUser } from '../lib/session';
import { rememberViewport, useWiderThan } from '../lib/viewport';
import {
  AccountBox,
  EntryLink,
  FamilyCircleBox,
  HebrewDatesSwitch,
  type NavEntry,
  navEntriesFor,
  SideNavLink,
} from './app-navigation';
import { PageSpinner } from './full-screen-spinner';
import { HebrewDatesProvider } from './hebrew-dates';
import { LanguageSwitch } from './language-switch';
import { useLazyMenu } from './lazy-menu';
import { LiveEventsProvider } from './live-events';
import { Logo } from './logo';
import { NotificationBell } from './notification-bell';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useUnreadCount } from './use-unread-count';

const PANEL_WIDTH = '72';

/** Where the side panel shows instead of the phone's top bar and menu (Chakra's lg breakpoint). */
const DESKTOP_QUERY = '(min-width: 64rem)';
const loadMenu = () => import('./app-menu');
const AppMenu = lazy(async () => ({ default: (await loadMenu()).AppMenu }));

// Loaded only for an account whose address is not confirmed yet: most sessions never need it.
const EmailConfirmationBanner = lazyPart(
  'email-confirmation-banner',
  () => import('./email-confirmation-banner'),
  (m) => m.EmailConfirmationBanner,
);

/**
 * The signed-in layout (spec section 2): a side panel on a desktop; on a phone a top bar with a
 * slide-out menu and a bottom bar. Rendered only under a guard, so a user is always present.
 */
export function AppLayout() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    // A different account starts from its own saved Hebrew-date preference.
    <HebrewDatesProvider key={user.id} initial={user.hebrewDatesEnabled}>
      {/* One live stream per tab: new messages, seen marks, unread totals and notifications. */}
      <LiveEventsProvider key={user.id} userId={user.id}>
        <SignedInShell user={user} />
      </LiveEventsProvider>
    </HebrewDatesProvider>
  );
}

function SignedInShell({ user }: { user: UserDto }) {
  const unreadCount = useUnreadCount();
  const entries = navEntriesFor(user);
  const menu = useLazyMenu(loadMenu, DESKTOP_QUERY);
  // One navigation in the document at a time, so that its links and labels are never duplicated.
  const isDesktop = useWiderThan('lg');
  // The server draws a signed-in page for the window's width and in the browser's zone, as its
  // cookies say: written from the first signed-in page on, in a task of their own (viewport.tsx).
  useEffect(() => {
    const id = setTimeout(rememberViewport, 0);
    return () => clearTimeout(id);
  }, []);
  // The marketplace and vendor pages lay out their own full-width bands and containers.
  const fullBleed = useMatches().some(
    (match) => (match.handle as { fullBleed?: boolean } | undefined)?.fullBleed,
  );
  const pagePadding = fullBleed
    ? { pb: isDesktop ? '0' : '20' }
    : { px: { base: '4', md: '8', xl: '12' }, pt: { base: '6', md: '10' }, pb: isDesktop ? '12' : '28' };

  return (
    <Flex minH="100dvh" bg="canvas">
      <SkipLink />
      {isDesktop ? (
        <Box as="aside" position="fixed" insetY="0" insetStart="0" w={PANEL_WIDTH} zIndex="docked">
          <PanelContent user={user} entries={entries} unreadCount={unreadCount} showBell />
        </Box>
      ) : null}

      <Flex direction="column" flex="1" minW="0" ms={isDesktop ? PANEL_WIDTH : '0'}>
        {isDesktop ? null : (
          <Box
            as="header"
            position="sticky"
            top="0"
            zIndex="sticky"
            bg="bg/95"
            backdropFilter="blur(10px)"
            borderBottomWidth="1px"
            borderColor="border.muted"
          >
            <Flex h="14" px="3" align="center" justify="space-between" gap="1">
              {menu.button}
              {menu.used ? (
                <TakenOverSuspense fallback={null}>
                  <AppMenu open={menu.open} onOpenChange={menu.setOpen} trigger={menu.trigger}>
                    <PanelContent
                      user={user}
                      entries={entries}
                      unreadCount={unreadCount}
                      onNavigate={() => menu.setOpen(false)}
                    />
                  </AppMenu>
                </TakenOverSuspense>
              ) : null}
              <Logo size="sm" to={homePathFor(user.role)} />
              <HStack gap="1">
                {/* Narrow padding (and a small gap above): 'English' is wider than 'עברית', and on a
                    375 px phone the Hebrew bar's switch pushed the bell past the screen's edge. */}
                <LanguageSwitch px="2" />
                <NotificationBell user={user} dark={false} />
              </HStack>
            </Flex>
          </Box>
        )}

        {user.emailConfirmedAt === null && (
          <TakenOverSuspense fallback={null}>
            <EmailConfirmationBanner user={user} />
          </TakenOverSuspense>
        )}

        <Box
          as="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          _focus={{ outline: 'none' }}
          flex="1"
          {...pagePadding}
        >
          <PageContent fullBleed={fullBleed} />
        </Box>
      </Flex>

      {isDesktop ? null : <BottomBar entries={entries} unreadCount={unreadCount} />}
    </Flex>
  );
}

/**
 * The page's own content, in its own boundary. A drawn page's boundary is taken over after the shell
 * around it, and an update reaching it before then makes React throw the drawn content away and draw
 * it again, silently: every element of the page new, and a press held for one of them (boot.ts) lost.
 * The shell does re-render then (a query of its own, such as the unread count, changes as it mounts),
 * so the boundary sits behind memo: the shell's re-render stops here unless fullBleed changes.
 */
const PageContent = memo(function PageContent({ fullBleed }: { fullBleed: boolean }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      {fullBleed ? (
        <Outlet />
      ) : (
        <Container maxW="6xl" px="0">
          <Outlet />
        </Container>
      )}
      <PageHydrated />
    </Suspense>
  );
});

interface PanelContentProps {
  user: UserDto;
  entries: NavEntry[];
  unreadCount: number;
  showBell?: boolean;
  onNavigate?: () => void;
}

/** The dark navigation panel: the desktop side panel and the phone's slide-out menu alike. */
function PanelContent({ user, entries, unreadCount, showBell = false, onNavigate }: PanelContentProps) {
  const t = useT();
  return (
    <Stack h="full" layerStyle="navPanel" px="4" py="5" gap="6" overflowY="auto">
      <HStack justify="space-between" px="2" minH="10">
        <Logo inverted to={homePathFor(user.role)} />
        {showBell ? <NotificationBell user={user} dark /> : null}
      </HStack>

      <Stack as="nav" aria-label={t('common.nav.main')} gap="1">
        {entries.map((entry) => (
          <SideNavLink key={entry.to} entry={entry} unreadCount={unreadCount} onNavigate={onNavigate} />
        ))}
      </Stack>

      <Stack gap="4" mt="auto">
        {/* The family circle belongs to event planning, which an admin's navigation leaves out. */}
        {user.familyLabel && user.role !== 'admin' ? <FamilyCircleBox label={user.familyLabel} /> : null}
        <Stack gap="1">
          <HebrewDatesSwitch />
          {/* On a phone the top bar holds the language switch; the side panel holds it on a desktop. */}
          {showBell ? (
            <LanguageSwitch
              size="md"
              w="full"
              justifyContent="flex-start"
              px="3"
              gap="3"
              color="whiteAlpha.900"
              _hover={{ bg: 'whiteAlpha.100', color: 'white' }}
              focusRingColor="gold.300"
            />
          ) : null}
        </Stack>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" pt="4">
          <AccountBox user={user} />
        </Box>
      </Stack>
    </Stack>
  );
}

/** Pinned to the foot of the screen, above the page. */
const PINNED_TO_FOOT = defineStyle({ position: 'fixed', insetX: '0', bottom: '0', zIndex: 'sticky' });

/** The look of a bottom-bar tab: muted, in the brand colour on its own page, its focus ring inside. */
const BOTTOM_TAB_LOOK = defineStyle({
  color: 'fg.muted',
  position: 'relative',
  _currentPage: { color: 'brand.fg', fontWeight: 'semibold' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' },
});

/** The phone's bottom bar: the same entries as the side panel. */
function BottomBar({ entries, unreadCount }: { entries: NavEntry[]; unreadCount: number }) {
  const t = useT();
  return (
    <Box
      as="nav"
      aria-label={t('common.appNav.quick')}
      data-bottom-bar=""
      css={PINNED_TO_FOOT}
      layerStyle="bottomBar"
    >
      <Flex justify="space-around" h="16">
        {entries
          .filter((entry) => !entry.menuOnly)
          .map((entry) => {
            const EntryIcon = entry.icon;
            return (
              <VStack key={entry.to} asChild justify="center" gap="1" flex="1" minW="0" css={BOTTOM_TAB_LOOK}>
                <EntryLink entry={entry}>
                  <Icon boxSize="5">
                    <EntryIcon />
                  </Icon>
                  <Text as="span" fontSize="2xs" lineHeight="1" truncate maxW="full" px="0.5">
                    {t(entry.shortLabel)}
                  </Text>
                  {entry.unread && unreadCount > 0 ? (
                    <Box
                      as="span"
                      position="absolute"
                      top="2"
                      insetStart="calc(50% + 6px)"
                      bg="red.solid"
                      color="white"
                      fontSize="2xs"
                      rounded="full"
                      px="1.5"
                      lineHeight="1.4"
                      aria-hidden
                    >
                      {formatCount(unreadCount)}
                    </Box>
                  ) : null}
                  {entry.unread && unreadCount > 0 ? (
                    <VisuallyHidden>{t('common.appNav.unreadSuffix', { count: unreadCount })}</VisuallyHidden>
                  ) : null}
                </EntryLink>
              </VStack>
            );
          })}
      </Flex>
    </Box>
  );
}
