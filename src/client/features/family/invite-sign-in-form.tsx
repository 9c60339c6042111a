import { useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { loginInput, type UserDto } from '../../../shared/schemas/auth';
import { FormInput } from '../../components/form-fields';
import { AccountPasswordInput } from '../../components/new-password-fields';
import { ScreenForm } from '../../components/screen-form';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { useAdoptSignedInUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import type { InviteFormProps } from './invite-sign-up-form';

const signInForm = loginInput.pick({ email: true, password: true });

/** Sign in with an existing account, then follow the invite at once (family.acceptInvite). */
export function InviteSignInForm({ label, token, onJoined }: InviteFormProps) {
  const t = useT();
  const adopt = useAdoptSignedInUser();
  const login = trpc.auth.login.useMutation();
  const accept = trpc.family.acceptInvite.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(signInForm, {
    defaultValues: { email: '', password: '' },
    pending: login.isPending || accept.isPending,
  });

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    let signedIn: UserDto;
    try {
      signedIn = (await login.mutateAsync({ email, password, portal: 'customer' })).user;
    } catch (error) {
      setFailure(serverMessage(error) ?? t('family.signIn.unreachable', { brand: PRODUCT_NAME }));
      return;
    }
    // The page shows the signed-in state once the user is adopted; the join happens before that.
    try {
      const { user } = await accept.mutateAsync({ label, token });
      onJoined(user);
      await adopt(user);
    } catch (error) {
      toast.failed(t('family.signIn.joinFailed'), error);
      await adopt(signedIn);
    }
  });
  const pending = form.formState.isSubmitting;

  return (
    <ScreenForm
      onSubmit={submit}
      pending={pending}
      failure={failure}
      submitLabel={t('family.signIn.submit')}
      pendingLabel={t('family.signIn.pending')}
      aria-label={t('family.signIn.label')}
    >
      <FormInput
        form={form}
        name="email"
        kind="email"
        label={t('common.field.email')}
        required
        disabled={pending}
      />
      <AccountPasswordInput
        form={form}
        name="password"
        label={t('common.field.password')}
        disabled={pending}
        autoComplete="current-password"
      />
    </ScreenForm>
  );
}
