import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';
import { changePasswordInput } from '../../../shared/schemas/auth';
import { CardHeading } from '../../components/card-heading';
import { ErrorAlert } from '../../components/error-alert';
import {
  AccountPasswordInput,
  NEW_PASSWORD_ALIASES,
  NewPasswordFields,
} from '../../components/new-password-fields';
import { type Translate, useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { ProfileCard } from './profile-card';
import { ActiveSessions } from './sessions-card';

/** The change-password form's own checks, in the page's language. */
function changePasswordForm(t: Translate) {
  return changePasswordInput
    .extend({ confirmPassword: z.string().min(1, t('profile.security.confirmRequired')) })
    .refine((form) => form.newPassword === form.confirmPassword, {
      message: t('profile.security.mismatch'),
      path: ['confirmPassword'],
    })
    .refine((form) => form.newPassword !== form.currentPassword, {
      message: t('profile.security.samePassword'),
      path: ['newPassword'],
    });
}
type ChangePasswordForm = z.input<ReturnType<typeof changePasswordForm>>;

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password & security: change the password, and see and end the sessions signed in to the account. */
export function SecurityCard({ email }: { email: string }) {
  const t = useT();
  const [changing, setChanging] = useState(false);
  return (
    <ProfileCard headingId="security-heading">
      <CardHeading id="security-heading" icon={Lock}>
        {t('profile.security.title')}
      </CardHeading>

      <Stack gap="4" mt="5">
        <Box>
          <Heading as="h3" fontSize="md" color="brand.950">
            {t('profile.security.password')}
          </Heading>
          <Text mt="1" fontSize="sm" color="fg.muted">
            {t('profile.security.passwordHint')}
          </Text>
        </Box>
        {changing ? (
          <ChangePasswordFields email={email} onDone={() => setChanging(false)} />
        ) : (
          <Box>
            <Button variant="outline" onClick={() => setChanging(true)}>
              {t('profile.security.change')}
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
  const t = useT();
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => utils.auth.sessions.invalidate(),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const pending = change.isPending;
  const schema = useMemo(() => changePasswordForm(t), [t]);
  const form = useZodForm(schema, {
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
          toast.success(t('profile.security.changed'), t('profile.security.changedHint'));
          onDone();
        },
        onError: (error) => {
          if (!form.applyServerErrors(error)) {
            setFailure(serverMessage(error) ?? t('profile.security.unreachable', { product: PRODUCT_NAME }));
          }
        },
      },
    );
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={pending}
      aria-label={t('profile.security.change')}
    >
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack gap="5">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <AccountPasswordInput
          form={form}
          name="currentPassword"
          label={t('profile.security.currentPassword')}
          autoComplete="current-password"
          autoFocus
        />
        <NewPasswordFields form={form} />
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
          <Button variant="outline" onClick={onDone} disabled={pending}>
            {t('profile.security.cancel')}
          </Button>
          <Button type="submit" loading={pending} loadingText={t('profile.security.saving')}>
            {t('profile.security.change')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
