import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { CardHeading } from '../../components/card-heading';
import { FormInput } from '../../components/form-fields';
import { LinkButton } from '../../components/link-button';
import { ScreenForm } from '../../components/screen-form';
import { errorCode, serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import type { ForgotPasswordState } from './account-forms';
import { OtherPortalLink } from './auth-extras';
import { AuthShell } from './auth-shell';
import { forgotPasswordForm, RESET_LINK_VALID_MINUTES, signInPathFrom } from './recovery-forms';

/** /forgot-password: asks for the account's email and mails a reset link. */
export function ForgotPasswordPage() {
  const location = useLocation();
  const state = (location.state ?? {}) as ForgotPasswordState;
  const signInPath = signInPathFrom(state.from);
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <AuthShell
      title={sentTo ? 'Check your email' : 'Forgot your password?'}
      subtitle={
        sentTo
          ? 'Follow the link in the email to choose a new password.'
          : 'Enter the email address of your account and we will send you a link to choose a new password.'
      }
      footer={
        sentTo ? null : <OtherPortalLink prompt="Remembered it?" to={signInPath} label="Back to sign in" />
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
              (errorCode(error) ? 'Please try again.' : 'Could not reach SimchaHub. Please try again.'),
          );
        },
      },
    );
  });

  return (
    <ScreenForm onSubmit={submit} pending={pending} failure={failure} submitLabel="Send reset link">
      <FormInput
        form={form}
        name="email"
        kind="email"
        label="Email"
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had the focus is gone: move it to what replaced it, so a screen reader reads it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="5" data-testid="reset-requested">
      <Box layerStyle="brandNote" p="5">
        <CardHeading ref={headingRef} tabIndex={-1} icon={Mail} fontSize="md" outline="none">
          Reset link sent
        </CardHeading>
        <Text mt="2" color="fg" role="status">
          If an account exists for{' '}
          <Text as="strong" fontWeight="semibold" overflowWrap="anywhere">
            {email}
          </Text>
          , we've sent a link to reset your password. It is valid for {RESET_LINK_VALID_MINUTES} minutes.
        </Text>
        <Text mt="3" fontSize="sm" color="fg.muted">
          No email after a few minutes? Check your spam folder, or make sure the address is the one you signed
          up with.
        </Text>
      </Box>
      <LinkButton to={signInPath} size="lg" w="full">
        Back to sign in
      </LinkButton>
      <Button variant="ghost" size="sm" onClick={onRetry} alignSelf="center">
        Use a different email address
      </Button>
    </Stack>
  );
}
