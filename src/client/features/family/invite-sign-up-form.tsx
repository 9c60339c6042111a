import { Button, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { type RegisterInput, signUpProblem, type UserDto } from '../../../shared/schemas/auth';
import { FormTextField } from '../../components/form-fields';
import { accountInput, EMPTY_ACCOUNT, NewAccountFields } from '../../components/new-account-fields';
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
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
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
      ...accountInput(account),
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
        <NewAccountFields values={account} onChange={setAccount} disabled={pending} />
        <FormTextField
          label="Family label"
          rootProps={{ readOnly: true }}
          hint="From your invitation: you join this circle when your account is created."
          name="familyLabel"
          value={label}
          readOnly
          bg="bg.muted"
          cursor="default"
        />
        <Button type="submit" size="lg" w="full" loading={pending} loadingText="Please wait...">
          Create Account &amp; Join
        </Button>
      </Stack>
    </form>
  );
}
