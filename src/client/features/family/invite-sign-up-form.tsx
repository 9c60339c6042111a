import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LIMITS } from '../../../shared/constants';
import { type RegisterInput, signUpProblem, type UserDto } from '../../../shared/schemas/auth';
import { PasswordInput } from '../../components/password-input';
import { serverMessage } from '../../lib/errors';
import { useAdoptSignedInUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

interface InviteSignUpFormProps {
  /** The invitation's family label: filled in and read-only. */
  label: string;
  /** The invite link's secret: with it the account joins the circle at once (decision 007). */
  token: string;
  /** Called once the account exists, before the signed-in user is adopted. */
  onSignedUp: (user: UserDto) => void;
}

/** A customer account already in the invited circle; the checks of spec section 5. */
export function InviteSignUpForm({ label, token, onSignedUp }: InviteSignUpFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const adopt = useAdoptSignedInUser();
  // Sign-up signs the new user in, and the page then shows the signed-in state instead of this form:
  // the next step is taken here, not in a callback of `mutate`, which an unmounted form never gets.
  const signUp = trpc.auth.register.useMutation({
    onSuccess: async ({ user }) => {
      onSignedUp(user);
      await adopt(user);
    },
  });
  const pending = signUp.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const input: RegisterInput = {
      name,
      email,
      password,
      phone: phone.trim() || null,
      familyLabel: label,
      role: 'customer',
      inviteToken: token,
    };
    const problem = signUpProblem(input);
    if (problem) {
      toast.error(problem);
      return;
    }
    signUp.mutate(input, {
      onError: (error) => toast.error('Sign up failed', serverMessage(error) ?? 'Failed to create account'),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} aria-label="Sign up and join the family circle">
      <Stack gap="5">
        <Field.Root required disabled={pending}>
          <Field.Label>
            Full name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={LIMITS.nameMax}
          />
        </Field.Root>
        <Field.Root required disabled={pending}>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={LIMITS.emailMax}
          />
        </Field.Root>
        <Field.Root required disabled={pending}>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={pending}
          />
          <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
        </Field.Root>
        <Field.Root disabled={pending}>
          <Field.Label>Phone</Field.Label>
          <Input
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            maxLength={LIMITS.phoneMax}
          />
          <Field.HelperText>Optional.</Field.HelperText>
        </Field.Root>
        <Field.Root readOnly>
          <Field.Label>Family label</Field.Label>
          <Input name="familyLabel" value={label} readOnly bg="bg.muted" cursor="default" />
          <Field.HelperText>
            From your invitation: you join this circle when your account is created.
          </Field.HelperText>
        </Field.Root>
        <Button type="submit" size="lg" w="full" loading={pending} loadingText="Please wait...">
          Create Account &amp; Join
        </Button>
      </Stack>
    </form>
  );
}
