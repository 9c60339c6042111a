import { Field, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import {
  type LoginPortal,
  loginInput,
  MESSAGES,
  type RegisterInput,
  type UserDto,
} from '../../../shared/schemas/auth';
import { FormInput, useFieldError } from '../../components/form-fields';
import {
  EMPTY_SIGN_UP,
  NewAccountFields,
  SIGN_UP_ORDER,
  signUpForm,
} from '../../components/new-account-fields';
import { PasswordInput } from '../../components/password-input';
import { ScreenForm } from '../../components/screen-form';
import { useT } from '../../i18n/use-t';
import { errorCode, serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { firstErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { useSignIn, useSignUp } from './use-account';

export interface Credentials {
  email: string;
  password: string;
}

/** Credentials to put in the sign-in form (a demo account's); each new `key` fills it afresh. */
export interface Prefill {
  key: number;
  credentials?: Credentials;
}

interface SignInFormProps {
  /** The sign-in page the request comes from; the server accepts only some roles on each. */
  portal?: LoginPortal;
  prefill?: Prefill;
  onSignedIn: (user: UserDto) => void;
}

/** Email and password, the sign-in page being the page's own. */
const signInForm = loginInput.pick({ email: true, password: true });

/** Email and password; the checks and failure toasts of spec sections 5 and 8. */
export function SignInForm({ prefill, ...rest }: SignInFormProps) {
  return <SignInFields key={prefill?.key} initial={prefill?.credentials} {...rest} />;
}

function SignInFields({
  portal,
  initial,
  onSignedIn,
}: Omit<SignInFormProps, 'prefill'> & { initial: Credentials | undefined }) {
  const t = useT();
  const signIn = useSignIn();
  const form = useZodForm(signInForm, {
    defaultValues: { email: initial?.email ?? '', password: initial?.password ?? '' },
    pending: signIn.isPending,
  });
  const pending = signIn.isPending;
  const error = useFieldError({ form, name: 'password' });

  const submit = form.handleSubmit(
    ({ email, password }) => {
      signIn.mutate(
        { email, password, portal },
        {
          onSuccess: ({ user }) => onSignedIn(user),
          onError: (error) => {
            const message = serverMessage(error);
            // Wrong sign-in page: the server made no session and says which page to use.
            if (errorCode(error) === 'FORBIDDEN' && message)
              toast.error(t('auth.signIn.accessDenied'), message);
            else {
              form.applyServerErrors(error);
              toast.error(t('auth.signIn.failed'), message ?? t('auth.signIn.checkCredentials'));
            }
          },
        },
      );
    },
    (errors) => {
      if (errors.email?.message === MESSAGES.requiredSignIn || errors.password) {
        toast.error(MESSAGES.requiredSignUp);
      }
    },
  );

  return (
    <ScreenForm onSubmit={submit} pending={pending} submitLabel={t('auth.signIn.submit')}>
      <FormInput form={form} name="email" kind="email" label={t('auth.signIn.email')} required />
      <Field.Root required disabled={pending} invalid={Boolean(error)}>
        <HStack justify="space-between" align="baseline" w="full" gap="3">
          <Field.Label>
            {t('auth.signIn.password')} <Field.RequiredIndicator />
          </Field.Label>
          <ForgotPasswordLink email={form.watch('email')} />
        </HStack>
        <PasswordInput autoComplete="current-password" disabled={pending} {...form.register('password')} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </ScreenForm>
  );
}

/** Where the reset pages send people back to; the email typed so far comes along to save retyping. */
export interface ForgotPasswordState {
  email?: string;
  from?: string;
}

function ForgotPasswordLink({ email }: { email: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const state: ForgotPasswordState = { email: email.trim(), from: pathname };
  return (
    <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
      <RouterLink to="/forgot-password" state={state}>
        {t('auth.signIn.forgot')}
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
  const t = useT();
  const signUp = useSignUp();
  const pending = signUp.isPending;
  const form = useZodForm(signUpForm, { defaultValues: EMPTY_SIGN_UP, pending });

  const submit = form.handleSubmit(
    (values) => {
      const input: RegisterInput = {
        ...values,
        familyLabel: withFamilyLabel ? values.familyLabel : null,
        role: accountRole,
      };
      signUp.mutate(input, {
        onSuccess: ({ user }) => onSignedUp(user),
        onError: (error) => {
          form.applyServerErrors(error);
          toast.error(failureTitle, serverMessage(error) ?? t('auth.signUp.failedDescription'));
        },
      });
    },
    (errors) => {
      const message = firstErrorMessage(errors, SIGN_UP_ORDER);
      if (message) toast.error(message);
    },
  );

  return (
    <ScreenForm onSubmit={submit} pending={pending} submitLabel={t('auth.signUp.submit')}>
      <NewAccountFields form={form} nameHint={nameHint} phoneLabel={phoneLabel} />
      {withFamilyLabel ? (
        <FormInput
          form={form}
          name="familyLabel"
          label={t('auth.signUp.familyLabel')}
          hint={t('auth.signUp.familyLabelHint')}
          autoComplete="off"
          placeholder={t('auth.signUp.familyLabelPlaceholder')}
          maxLength={LIMITS.familyLabelMax}
        />
      ) : null}
    </ScreenForm>
  );
}
