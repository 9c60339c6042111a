import { useState } from 'react';
import { loginInput, type UserDto } from '../../../shared/schemas/auth';
import { FormInput } from '../../components/form-fields';
import { AccountPasswordInput } from '../../components/new-password-fields';
import { ScreenForm } from '../../components/screen-form';
import { serverMessage } from '../../lib/errors';
import { useAdoptSignedInUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import type { InviteFormProps } from './invite-sign-up-form';

const signInForm = loginInput.pick({ email: true, password: true });

/** Sign in with an existing account, then follow the invite at once (family.acceptInvite). */
export function InviteSignInForm({ label, token, onJoined }: InviteFormProps) {
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
      setFailure(serverMessage(error) ?? 'Could not reach SimchaHub. Please try again.');
      return;
    }
    // The page shows the signed-in state once the user is adopted; the join happens before that.
    try {
      const { user } = await accept.mutateAsync({ label, token });
      onJoined(user);
      await adopt(user);
    } catch (error) {
      toast.failed('Signed in, but could not join the circle', error);
      await adopt(signedIn);
    }
  });
  const pending = form.formState.isSubmitting;

  return (
    <ScreenForm
      onSubmit={submit}
      pending={pending}
      failure={failure}
      submitLabel="Sign In & Join"
      pendingLabel="Signing in..."
      aria-label="Sign in and join the family circle"
    >
      <FormInput form={form} name="email" kind="email" label="Email" required disabled={pending} />
      <AccountPasswordInput
        form={form}
        name="password"
        label="Password"
        disabled={pending}
        autoComplete="current-password"
      />
    </ScreenForm>
  );
}
