import { Stack } from '@chakra-ui/react';
import { useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { ErrorAlert } from '../../components/error-alert';
import { LinkButton } from '../../components/link-button';
import { NEW_PASSWORD_ALIASES, NewPasswordFields } from '../../components/new-password-fields';
import { ScreenForm } from '../../components/screen-form';
import { useMessageText, useT } from '../../i18n/use-t';
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
  const t = useT();
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
      title={invalid ? t('auth.linkUnusable') : t('auth.reset.title')}
      subtitle={
        invalid
          ? t('auth.reset.invalidSubtitle', { minutes: RESET_LINK_VALID_MINUTES })
          : t('auth.reset.subtitle')
      }
      footer={
        <OtherPortalLink
          prompt={t('auth.recovery.remembered')}
          to="/login"
          label={t('auth.recovery.backToSignIn')}
        />
      }
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
  const t = useT();
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
          toast.success(t('auth.reset.done'), t('auth.reset.doneHint'));
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          // A refused password (too common) names the password; anything else about the request is the link.
          if (form.applyServerErrors(error)) return;
          if (errorCode(error) === 'BAD_REQUEST') {
            onInvalid(serverMessage(error) ?? RECOVERY_MESSAGES.invalidLink);
          } else {
            setFailure(serverMessage(error) ?? t('auth.recovery.unreachable', { brand: PRODUCT_NAME }));
          }
        },
      },
    );
  });

  return (
    <ScreenForm onSubmit={submit} pending={pending} failure={failure} submitLabel={t('auth.reset.submit')}>
      <NewPasswordFields form={form} autoFocus />
    </ScreenForm>
  );
}

function InvalidLink({ message }: { message: string }) {
  const t = useT();
  const messageText = useMessageText();
  return (
    <Stack gap="5" data-testid="reset-link-invalid">
      <ErrorAlert>{messageText(message)}</ErrorAlert>
      <LinkButton to="/forgot-password" size="lg" w="full">
        {t('auth.reset.requestNew')}
      </LinkButton>
    </Stack>
  );
}
