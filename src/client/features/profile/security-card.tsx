import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { CardHeading } from '../../components/card-heading';
import { ErrorAlert } from '../../components/error-alert';
import {
  AccountPasswordInput,
  NEW_PASSWORD_ALIASES,
  NewPasswordFields,
} from '../../components/new-password-fields';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { ProfileCard } from './profile-card';
import { ActiveSessions } from './sessions-card';

const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    message: 'Choose a password different from your current one',
    path: ['newPassword'],
  });
type ChangePasswordForm = z.input<typeof changePasswordForm>;

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password & security: change the password, and see and end the sessions signed in to the account. */
export function SecurityCard({ email }: { email: string }) {
  const [changing, setChanging] = useState(false);
  return (
    <ProfileCard headingId="security-heading">
      <CardHeading id="security-heading" icon={Lock}>
        Password &amp; security
      </CardHeading>

      <Stack gap="4" mt="5">
        <Box>
          <Heading as="h3" fontSize="md" color="brand.950">
            Password
          </Heading>
          <Text mt="1" fontSize="sm" color="fg.muted">
            Changing your password signs out every other device; this one stays signed in.
          </Text>
        </Box>
        {changing ? (
          <ChangePasswordFields email={email} onDone={() => setChanging(false)} />
        ) : (
          <Box>
            <Button variant="outline" onClick={() => setChanging(true)}>
              Change password
            </Button>
          </Box>
        )}
      </Stack>

      <Box borderTopWidth="1px" borderColor="border.muted" mt="8" pt="6">
        <ActiveSessions />
      </Box>
    </ProfileCard>
  );
}

function ChangePasswordFields({ email, onDone }: { email: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => utils.auth.sessions.invalidate(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const pending = change.isPending;
  const form = useZodForm(changePasswordForm, {
    defaultValues: EMPTY,
    pending,
    aliases: NEW_PASSWORD_ALIASES,
  });

  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setFailure(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success('Password changed', 'Other devices were signed out.');
          onDone();
        },
        onError: (error) => {
          if (!form.applyServerErrors(error)) {
            setFailure(serverMessage(error) ?? 'Could not reach SimchaHub. Please try again.');
          }
        },
      },
    );
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={pending} aria-label="Change password">
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="5">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <AccountPasswordInput
          form={form}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          autoFocus
        />
        <NewPasswordFields form={form} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} loadingText="Saving...">
            Change password
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
