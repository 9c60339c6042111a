import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { PRODUCT_NAME } from '../../../shared/constants';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import { ErrorAlert, FormAlert } from '../../components/error-alert';
import { LinkButton } from '../../components/link-button';
import { useMessageText, useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { homePathFor, useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AuthShell } from './auth-shell';
import { tokenFromHash } from './recovery-forms';

const INVALID_LINK = ACCOUNT_MESSAGES.confirmLinkInvalid;

type Outcome =
  | { state: 'confirming' }
  | { state: 'confirmed'; email: string }
  | { state: 'failed'; message: string };

/**
 * /confirm-email#token=...: the page the confirmation mail links to (decision 030). It confirms the
 * address as soon as it opens, signed in or not; the token leaves the address bar at once.
 */
export function ConfirmEmailPage() {
  const t = useT();
  const messageText = useMessageText();
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'confirming' } : { state: 'failed', message: INVALID_LINK },
  );
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const confirm = trpc.auth.confirmEmail.useMutation();
  const sent = useRef(false);

  useLayoutEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);

  useEffect(() => {
    // Once, even when a development render runs effects twice.
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(
      { token },
      {
        onSuccess: ({ email }) => {
          setOutcome({ state: 'confirmed', email });
          // The banner asking for confirmation goes with the next read of the session.
          void utils.auth.session.invalidate();
        },
        onError: (error) =>
          setOutcome({
            state: 'failed',
            message: serverMessage(error) ?? t('auth.confirm.unreachable', { brand: PRODUCT_NAME }),
          }),
      },
    );
  }, [token, confirm, utils, t]);

  const next = user
    ? outcome.state === 'failed'
      ? { to: '/profile', label: t('auth.confirm.toProfile') }
      : { to: homePathFor(user.role), label: t('auth.confirm.toDashboard') }
    : { to: '/login', label: t('auth.register.signIn') };

  return (
    <AuthShell
      title={
        outcome.state === 'confirmed'
          ? t('auth.confirm.confirmedTitle')
          : outcome.state === 'failed'
            ? t('auth.linkUnusable')
            : t('auth.confirm.confirmingTitle')
      }
      subtitle={outcome.state === 'failed' ? t('auth.confirm.failedSubtitle') : t('auth.confirm.subtitle')}
    >
      <Stack gap="5" aria-live="polite" data-testid={`confirm-email-${outcome.state}`}>
        {outcome.state === 'confirming' ? (
          <Text color="fg.muted" role="status">
            {t('auth.confirm.confirming')}
          </Text>
        ) : outcome.state === 'confirmed' ? (
          <FormAlert status="success" variant="subtle">
            <FormattedMessage
              id="auth.confirm.confirmed"
              values={{
                // An address has no spaces to wrap at: on a phone it breaks anywhere rather than widen the card.
                email: (
                  <Text as="bdi" overflowWrap="anywhere">
                    {outcome.email}
                  </Text>
                ),
              }}
            />
          </FormAlert>
        ) : (
          <ErrorAlert>{messageText(outcome.message)}</ErrorAlert>
        )}
        {outcome.state === 'confirming' ? null : (
          <LinkButton to={next.to} size="lg" w="full">
            {next.label}
          </LinkButton>
        )}
      </Stack>
    </AuthShell>
  );
}
