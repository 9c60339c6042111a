import { Stack } from '@chakra-ui/react';
import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import { LinkButton } from '../../components/link-button';
import { NEW_PASSWORD_ALIASES, NewPasswordFields } from '../../components/new-password-fields';
import { ScreenForm } from '../../components/screen-form';
import { errorCode, serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import {
  RECOVERY_MESSAGES,
  RESET_LINK_VALID_MINUTES,
  resetPasswordForm,
  tokenFromHash,
} from './recovery-forms';

/**
 * /reset-password#token=...: the page the reset mail links to. The token is taken out of the
 * address bar at once, so that it stays neither in the history nor on screen for a shoulder to read.
 */
export function ResetPasswordPage() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [invalid, setInvalid] = useState<string | null>(token ? null : RECOVERY_MESSAGES.invalidLink);

  useLayoutEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    // Keep the router's own entry state; only the address loses its fragment.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);

  return (
    <AuthShell
      title={invalid ? 'This link cannot be used' : 'Choose a new password'}
      subtitle={
        invalid
          ? `Reset links work only once, and for ${RESET_LINK_VALID_MINUTES} minutes.`
          : 'Pick a password you do not use anywhere else. Every device signed in to your account will be signed out.'
      }
      footer={<OtherPortalLink prompt="Remembered it?" to="/login" label="Back to sign in" />}
    >
      {token && !invalid ? (
        <ResetForm token={token} onInvalid={setInvalid} />
      ) : (
        <InvalidLink message={invalid ?? RECOVERY_MESSAGES.invalidLink} />
      )}
    </AuthShell>
  );
}

function ResetForm({ token, onInvalid }: { token: string; onInvalid: (message: string) => void }) {
  const navigate = useNavigate();
  const confirm = trpc.auth.confirmPasswordReset.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = confirm.isPending;
  const form = useZodForm(resetPasswordForm, {
    defaultValues: { newPassword: '', confirmPassword: '' },
    pending,
    aliases: NEW_PASSWORD_ALIASES,
  });

  const submit = form.handleSubmit(({ newPassword }) => {
    setFailure(null);
    confirm.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          toast.success('Your password has been reset', 'Sign in with your new password.');
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          // A refused password (too common) names the password; anything else about the request is the link.
          if (form.applyServerErrors(error)) return;
          if (errorCode(error) === 'BAD_REQUEST') {
            onInvalid(serverMessage(error) ?? RECOVERY_MESSAGES.invalidLink);
          } else {
            setFailure(serverMessage(error) ?? 'Could not reach SimchaHub. Please try again.');
          }
        },
      },
    );
  });

  return (
    <ScreenForm onSubmit={submit} pending={pending} failure={failure} submitLabel="Set new password">
      <NewPasswordFields form={form} autoFocus />
    </ScreenForm>
  );
}

function InvalidLink({ message }: { message: string }) {
  return (
    <Stack gap="5" data-testid="reset-link-invalid">
      <ErrorAlert>{message}</ErrorAlert>
      <LinkButton to="/forgot-password" size="lg" w="full">
        Request a new link
      </LinkButton>
    </Stack>
  );
}
