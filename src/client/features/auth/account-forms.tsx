import { Button, Field, HStack, Input, Link, Stack } from '@chakra-ui/react';
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
        <EmailField value={email} onChange={setEmail} disabled={pending} />
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
  phoneLabel = 'Phone',
  withFamilyLabel,
  onSignedUp,
}: SignUpFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [familyLabel, setFamilyLabel] = useState('');
  const signUp = useSignUp();
  const pending = signUp.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: RegisterInput = {
      name,
      email,
      password,
      phone: phone.trim() || null,
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
          {nameHint ? <Field.HelperText>{nameHint}</Field.HelperText> : null}
        </Field.Root>
        <EmailField value={email} onChange={setEmail} disabled={pending} />
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
          <Field.Label>{phoneLabel}</Field.Label>
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
        {withFamilyLabel ? (
          <Field.Root disabled={pending}>
            <Field.Label>Family label</Field.Label>
            <Input
              name="familyLabel"
              autoComplete="off"
              placeholder="e.g. The Cohen Family"
              value={familyLabel}
              onChange={(e) => setFamilyLabel(e.target.value)}
              maxLength={LIMITS.familyLabelMax}
            />
            <Field.HelperText>
              Optional. The first person to use a label starts its circle; others join when a member approves
              them.
            </Field.HelperText>
          </Field.Root>
        ) : null}
        <Button type="submit" size="lg" w="full" loading={pending} loadingText="Please wait...">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}

function EmailField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <Field.Root required disabled={disabled}>
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={LIMITS.emailMax}
      />
    </Field.Root>
  );
}
