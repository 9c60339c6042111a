import { Box, Button, Container, Flex, HStack, Stack } from '@chakra-ui/react';
import { lazy } from 'react';
import { NavLink } from 'react-router-dom';
import type { MessageId } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { TakenOverSuspense } from '../lib/hydration-gate';
import { homePathFor, useCurrentUser } from '../lib/session';
import { LanguageSwitch } from './language-switch';
import { useLazyMenu } from './lazy-menu';
import { LinkButton } from './link-button';
import { Logo } from './logo';

const loadMenu = () => import('./public-menu');
const PublicMenu = lazy(async () => ({ default: (await loadMenu()).PublicMenu }));

/** Where the header shows its bar instead of the menu button (Chakra's md breakpoint). */
const WIDE_QUERY = '(min-width: 48rem)';

const PAGE_LINKS = [
  { to: '/', label: 'common.nav.home', end: true },
  { to: '/marketplace', label: 'common.nav.browseVendors', end: false },
] as const satisfies readonly { to: string; label: MessageId; end: boolean }[];

/** Header of the public pages: Home, Browse Vendors, and the logins or a Dashboard button (spec section 2). */
export function PublicHeader() {
  const { user, isLoading } = useCurrentUser();
  const menu = useLazyMenu(loadMenu, WIDE_QUERY);
  const close = () => menu.setOpen(false);
  const t = useT();

  const accountButtons = (stacked: boolean) => {
    if (isLoading) return null;
    if (user) {
      return (
        <LinkButton to={homePathFor(user.role)} size={stacked ? 'lg' : 'sm'} onClick={close}>
          {t('common.account.dashboard')}
        </LinkButton>
      );
    }
    return (
      <>
        <LinkButton to="/login-customer" variant="outline" size={stacked ? 'lg' : 'sm'} onClick={close}>
          {t('common.account.customerLogin')}
        </LinkButton>
        <LinkButton to="/login-vendor" size={stacked ? 'lg' : 'sm'} onClick={close}>
          {t('common.account.vendorLogin')}
        </LinkButton>
      </>
    );
  };

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/90"
      backdropFilter="saturate(180%) blur(10px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="7xl" px={{ base: '4', md: '8' }}>
        <Flex h={{ base: '16', md: '18' }} align="center" justify="space-between" gap="6">
          <Logo />
          {/* The bar on wide screens, the menu button on phones: both drawn, one shown by the
              stylesheet, so that the page can be drawn before any script runs (display: none also
              keeps the other out of the accessibility tree and the tab order). */}
          <Flex hideBelow="md" align="center" gap="6" flex="1">
            <HStack as="nav" aria-label={t('common.nav.main')} gap="1" flex="1" ms="6">
              {PAGE_LINKS.map((link) => (
                <HeaderLink key={link.to} {...link} />
              ))}
            </HStack>
            <HStack gap="3">
              <LanguageSwitch />
              {accountButtons(false)}
            </HStack>
          </Flex>
          <Box hideFrom="md">
            {menu.button}
            {menu.used ? (
              <TakenOverSuspense fallback={null}>
                <PublicMenu open={menu.open} onOpenChange={menu.setOpen} trigger={menu.trigger}>
                  <Stack as="nav" aria-label={t('common.nav.main')} gap="1">
                    {PAGE_LINKS.map((link) => (
                      <HeaderLink key={link.to} {...link} onClick={close} block />
                    ))}
                  </Stack>
                  <Stack gap="3" mt="6">
                    <LanguageSwitch size="lg" justifyContent="flex-start" />
                    {accountButtons(true)}
                  </Stack>
                </PublicMenu>
              </TakenOverSuspense>
            ) : null}
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}

interface HeaderLinkProps {
  to: string;
  label: MessageId;
  end: boolean;
  block?: boolean;
  onClick?: () => void;
}

function HeaderLink({ to, label, end, block = false, onClick }: HeaderLinkProps) {
  const t = useT();
  return (
    <Button
      asChild
      variant="ghost"
      size={block ? 'lg' : 'sm'}
      justifyContent={block ? 'flex-start' : 'center'}
      color="fg.muted"
      fontWeight="medium"
      _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}
      onClick={onClick}
    >
      <NavLink to={to} end={end}>
        {t(label)}
      </NavLink>
    </Button>
  );
}
