import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { CardHeading } from '../../components/card-heading';
import { FormInput } from '../../components/form-fields';
import { LinkButton } from '../../components/link-button';
import { ScreenForm } from '../../components/screen-form';
import { TruncatedText } from '../../components/truncated-text';
import { useT } from '../../i18n/use-t';
import { errorCode, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import type { ForgotPasswordState } from './account-forms';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { forgotPasswordForm, RESET_LINK_VALID_MINUTES, signInPathFrom } from './recovery-forms';

/** /forgot-password: asks for the account's email and mails a reset link. */
export function ForgotPasswordPage() {
  const t = useT();
  const location = useLocation();
  const state = (location.state ?? {}) as ForgotPasswordState;
  const signInPath = signInPathFrom(state.from);
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthShell
      title={sentTo ? t('auth.forgot.checkEmail') : t('auth.forgot.title')}
      subtitle={sentTo ? t('auth.forgot.checkEmailSubtitle') : t('auth.forgot.subtitle')}
      footer={
        sentTo ? null : (
          <OtherPortalLink
            prompt={t('auth.recovery.remembered')}
            to={signInPath}
            label={t('auth.recovery.backToSignIn')}
          />
        )
      }
    >
      {sentTo ? (
        <SentConfirmation email={sentTo} signInPath={signInPath} onRetry={() => setSentTo(null)} />
      ) : (
        <RequestForm initialEmail={state.email ?? ''} onSent={setSentTo} />
      )}
    </AuthShell>
  );
}

function RequestForm({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const t = useT();
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = request.isPending;
  const form = useZodForm(forgotPasswordForm, { defaultValues: { email: initialEmail }, pending });

  const submit = form.handleSubmit(({ email }) => {
    setFailure(null);
    const address = email.trim();
    request.mutate(
      { email: address },
      {
        onSuccess: () => onSent(address),
        onError: (error) => {
          if (form.applyServerErrors(error)) return;
          // Too many requests: the server says how long to wait.
          setFailure(
            serverMessage(error) ??
              (errorCode(error)
                ? t('common.error.tryAgainPlease')
                : t('auth.recovery.unreachable', { brand: PRODUCT_NAME })),
          );
        },
      },
    );
  });

  return (
    <ScreenForm onSubmit={submit} pending={pending} failure={failure} submitLabel={t('auth.forgot.submit')}>
      <FormInput
        form={form}
        name="email"
        kind="email"
        label={t('common.field.email')}
        required
        // A person arriving without a prefilled address starts typing at once.
        autoFocus={!initialEmail}
      />
    </ScreenForm>
  );
}

function SentConfirmation({
  email,
  signInPath,
  onRetry,
}: {
  email: string;
  signInPath: string;
  onRetry: () => void;
}) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: move it to what replaced it, so a screen reader reads it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="5" data-testid="reset-requested">
      <Box layerStyle="brandNote" p="5">
        <CardHeading ref={headingRef} tabIndex={-1} icon={Mail} fontSize="md" outline="none">
          {t('auth.forgot.sent')}
        </CardHeading>
        <Text mt="2" color="fg" role="status">
          <FormattedMessage
            id="auth.forgot.sentText"
            values={{
              email: (
                // One word, its end cut short with an ellipsis (whole on hover and focus) when wider than the card.
                <TruncatedText
                  as="bdi"
                  dir="ltr"
                  fontWeight="semibold"
                  display="inline-block"
                  maxW="full"
                  verticalAlign="bottom"
                >
                  {email}
                </TruncatedText>
              ),
              minutes: RESET_LINK_VALID_MINUTES,
            }}
          />
        </Text>
        <Text mt="3" fontSize="sm" color="fg.muted">
          {t('auth.forgot.spam')}
        </Text>
      </Box>
      <LinkButton to={signInPath} size="lg" w="full">
        {t('auth.recovery.backToSignIn')}
      </LinkButton>
      <Button variant="ghost" size="sm" onClick={onRetry} alignSelf="center">
        {t('auth.forgot.differentEmail')}
      </Button>
    </Stack>
  );
}
