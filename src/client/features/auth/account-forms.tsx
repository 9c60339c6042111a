import { Button, Field, HStack, Link, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import {
  type LoginPortal,
  loginInput,
  MESSAGES,
  type RegisterInput,
  signUpProblem,
  type UserDto,
} from '../../../shared/schemas/auth';
import { FormEmailField, FormTextField } from '../../components/form-fields';
import { accountInput, EMPTY_ACCOUNT, NewAccountFields } from '../../components/new-account-fields';
import { PasswordInput } from '../../components/password-input';
import { errorCode, serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useSignIn, useSignUp } from './use-account';

export interface Credentials {
  email: string;
  password: string;
}

interface SignInFormProps {
  /** The sign-in page the request comes from; the server accepts only some roles on each. */
  portal?: LoginPortal;
  initial?: Credentials;
  onSignedIn: (user: UserDto) => void;
}

/** Email and password; the checks and failure toasts of spec sections 5 and 8. */
export function SignInForm({ portal, initial, onSignedIn }: SignInFormProps) {
  const [email, setEmail] = useState(initial?.email ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const signIn = useSignIn();
  const pending = signIn.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error(MESSAGES.requiredSignUp);
      return;
    }
    const parsed = loginInput.safeParse({ email, password, portal });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MESSAGES.requiredSignUp);
      return;
    }
    signIn.mutate(
      { email, password, portal },
      {
        onSuccess: ({ user }) => onSignedIn(user),
        onError: (error) => {
          const message = serverMessage(error);
          // Wrong sign-in page: the server made no session and says which page to use.
          if (errorCode(error) === 'FORBIDDEN' && message) toast.error('Access denied', message);
          else toast.error('Login failed', message ?? 'Please check your credentials');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <Stack gap="5">
        <FormEmailField
          label="Email"
          required
          disabled={pending}
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field.Root required disabled={pending}>
          <HStack justify="space-between" align="baseline" w="full" gap="3">
            <Field.Label>
              Password <Field.RequiredIndicator />
            </Field.Label>
            <ForgotPasswordLink email={email} />
          </HStack>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={pending}
          />
        </Field.Root>
        <Button type="submit" size="lg" w="full" loading={pending} loadingText="Please wait...">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}

/** Where the reset pages send people back to; the email typed so far comes along to save retyping. */
export interface ForgotPasswordState {
  email?: string;
  from?: string;
}

function ForgotPasswordLink({ email }: { email: string }) {
  const { pathname } = useLocation();
  const state: ForgotPasswordState = { email: email.trim(), from: pathname };
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
      <RouterLink to="/forgot-password" state={state}>
        Forgot password?
      </RouterLink>
    </Link>
  );
}

interface SignUpFormProps {
  accountRole: 'customer' | 'vendor';
  /** Toast title when the server refuses: 'Sign up failed' on the role pages, 'Registration failed' on /register. */
  failureTitle: string;
  /** Extra words under the name field, e.g. that a vendor gives the business owner's name. */
  nameHint?: string;
  phoneLabel?: string;
  withFamilyLabel: boolean;
  onSignedUp: (user: UserDto) => void;
}

/** Account creation; name, email and password are required, phone and family label are optional. */
export function SignUpForm({
  accountRole,
  failureTitle,
  nameHint,
  phoneLabel,
  withFamilyLabel,
  onSignedUp,
}: SignUpFormProps) {
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [familyLabel, setFamilyLabel] = useState('');
  const signUp = useSignUp();
  const pending = signUp.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: RegisterInput = {
      ...accountInput(account),
      familyLabel: withFamilyLabel ? familyLabel.trim() || null : null,
      role: accountRole,
    };
    const problem = signUpProblem(input);
    if (problem) {
      toast.error(problem);
      return;
    }
    signUp.mutate(input, {
      onSuccess: ({ user }) => onSignedUp(user),
      onError: (error) => toast.error(failureTitle, serverMessage(error) ?? 'Failed to create account'),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending}>
      <Stack gap="5">
        <NewAccountFields
          values={account}
          onChange={setAccount}
          disabled={pending}
          nameHint={nameHint}
          phoneLabel={phoneLabel}
        />
        {withFamilyLabel ? (
          <FormTextField
            label="Family label"
            disabled={pending}
            hint="Optional. The first person to use a label starts its circle; others join when a member approves them."
            name="familyLabel"
            autoComplete="off"
            placeholder="e.g. The Cohen Family"
            value={familyLabel}
            onChange={(e) => setFamilyLabel(e.target.value)}
            maxLength={LIMITS.familyLabelMax}
          />
        ) : null}
        <Button type="submit" size="lg" w="full" loading={pending} loadingText="Please wait...">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
