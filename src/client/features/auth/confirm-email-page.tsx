import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../shared/schemas/auth';
import { ErrorAlert, FormAlert } from '../../components/error-alert';
import { LinkButton } from '../../components/link-button';
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
            message: serverMessage(error) ?? 'Could not reach SimchaHub. Please open the link again.',
          }),
      },
    );
  }, [token, confirm, utils]);

  const next = user
    ? outcome.state === 'failed'
      ? { to: '/profile', label: 'Go to Profile Settings' }
      : { to: homePathFor(user.role), label: 'Go to your dashboard' }
    : { to: '/login', label: 'Sign in' };

  return (
    <AuthShell
      title={
        outcome.state === 'confirmed'
          ? 'Your e-mail address is confirmed'
          : outcome.state === 'failed'
            ? 'This link cannot be used'
            : 'Confirming your e-mail address'
      }
      subtitle={
        outcome.state === 'failed'
          ? 'Confirmation links work for 7 days, and only for the address they were sent to.'
          : 'One click in the mail we sent proves the address is yours.'
      }
    >
      <Stack gap="5" aria-live="polite" data-testid={`confirm-email-${outcome.state}`}>
        {outcome.state === 'confirming' ? (
          <Text color="fg.muted" role="status">
            Confirming…
          </Text>
        ) : outcome.state === 'confirmed' ? (
          <FormAlert status="success" variant="subtle">
            {/* An address has no spaces to wrap at: on a phone it breaks anywhere rather than widen the card. */}
            <Text as="span" overflowWrap="anywhere">
              {outcome.email}
            </Text>{' '}
            is confirmed. Your account can now store images and files up to its full storage.
          </FormAlert>
        ) : (
          <ErrorAlert>{outcome.message}</ErrorAlert>
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
