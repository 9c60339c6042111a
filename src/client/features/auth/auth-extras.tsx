import { Alert, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { CheckList } from '../../components/check-list';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
import type { Credentials } from './account-forms';

export type AuthMode = 'signIn' | 'signUp';

/** The mode lives in the URL (?mode=signup) so that the toggle is a real link and survives a reload. */
export function modeFromSearch(search: string): AuthMode {
  return new URLSearchParams(search).get('mode') === 'signup' ? 'signUp' : 'signIn';
}

/** "Don't have an account? Sign up" / "Already have an account? Sign in", at the same path. */
export function ModeToggleLink({ mode }: { mode: AuthMode }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Text textAlign="center" fontSize="sm">
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={{ pathname, search: mode === 'signIn' ? '?mode=signup' : '' }} replace>
          {mode === 'signIn' ? t('auth.toggle.toSignUp') : t('auth.toggle.toSignIn')}
        </RouterLink>
      </Link>
    </Text>
  );
}

/** A quiet line with a link to another sign-in page. */
export function OtherPortalLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <Text textAlign="center" fontSize="sm" color="fg.muted">
      {prompt}{' '}
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={to}>{label}</RouterLink>
      </Link>
    </Text>
  );
}

export interface DemoAccount extends Credentials {
  role: 'customer' | 'vendor' | 'admin';
}

/* value: the seeded demo accounts' password */
export const DEMO_PASSWORD = 'simcha123';

/** The seeded demo accounts, with a button that fills the sign-in form. */
export function DemoAccounts({
  accounts,
  onUse,
}: {
  accounts: DemoAccount[];
  onUse: (account: DemoAccount) => void;
}) {
  const t = useT();
  return (
    <Box layerStyle="brandNote" p="4">
      <Text fontWeight="semibold" fontSize="sm" color="brand.950">
        {t('auth.demo.title', { count: accounts.length })}
      </Text>
      <Stack gap="3" mt="3">
        {accounts.map((account) => (
          <HStack key={account.email} justify="space-between" gap="3" align="center">
            <Box minW="0" fontSize="sm">
              <Text fontWeight="medium" color="brand.950">
                {term(t, 'role', account.role)}
              </Text>
              <Text color="fg.muted" fontFamily="mono" fontSize="xs" wordBreak="break-all">
                <bdi>{account.email}</bdi> / <bdi>{account.password}</bdi>
              </Text>
            </Box>
            <Button
              size="xs"
              variant="outline"
              bg="bg"
              flexShrink="0"
              aria-label={t('auth.demo.useLabel', { role: account.role })}
              onClick={() => onUse(account)}
            >
              {t('auth.demo.use')}
            </Button>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}

/** Why the sign-in screen is shown instead of the page asked for. */
export function AuthNotice({
  status = 'info',
  children,
}: {
  status?: 'info' | 'error';
  children: ReactNode;
}) {
  return (
    <Alert.Root status={status} rounded="lg" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

const VENDOR_BENEFITS: MessageId[] = [
  'auth.vendorBenefits.profiles',
  'auth.vendorBenefits.claim',
  'auth.vendorBenefits.connect',
];

/** What a vendor account offers, shown beside the vendor sign-up form. */
export function VendorBenefits() {
  const t = useT();
  return (
    <Box bg="gold.subtle" borderWidth="1px" borderColor="gold.muted" rounded="xl" p="4">
      <Text fontWeight="semibold" fontSize="sm" color="gold.fg">
        {t('auth.vendorBenefits.title')}
      </Text>
      <CheckList items={VENDOR_BENEFITS.map((id) => t(id))} tick="gold.fg" gap="2" mt="3" fontSize="sm" />
    </Box>
  );
}
