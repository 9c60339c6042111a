import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { type LoginInput, loginInput, type UserDto } from '../../../shared/schemas/auth';
import { PasswordInput } from '../../components/password-input';
import { serverMessage } from '../../lib/errors';
import { useAdoptSignedInUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

interface InviteSignInFormProps {
  label: string;
  token: string;
  /** Called once signed in and in the circle, before the signed-in user is adopted. */
  onJoined: (user: UserDto) => void;
}

/** Sign in with an existing account, then follow the invite at once (family.acceptInvite). */
export function InviteSignInForm({ label, token, onJoined }: InviteSignInFormProps) {
  const adopt = useAdoptSignedInUser();
  const login = trpc.auth.login.useMutation();
  const accept = trpc.family.acceptInvite.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async ({ email, password }) => {
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
  const pending = isSubmitting;

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} aria-label="Sign in and join the family circle">
      <Stack gap="5">
        {failure ? (
          <Alert.Root status="error" rounded="lg" variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Field.Root required invalid={Boolean(errors.email)} disabled={pending}>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={LIMITS.emailMax}
            {...register('email')}
          />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.password)} disabled={pending}>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            autoComplete="current-password"
            maxLength={LIMITS.passwordMax}
            disabled={pending}
            {...register('password')}
          />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="lg" w="full" loading={pending} loadingText="Signing in...">
          Sign In &amp; Join
        </Button>
      </Stack>
    </form>
  );
}
