import type { RegisterInput, UserDto } from '../../../shared/schemas/auth';
import { FormInput } from '../../components/form-fields';
import {
  EMPTY_SIGN_UP,
  NewAccountFields,
  SIGN_UP_ORDER,
  signUpForm,
} from '../../components/new-account-fields';
import { ScreenForm } from '../../components/screen-form';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { useAdoptSignedInUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { firstErrorMessage, useZodForm } from '../../lib/use-zod-form';

/** What both of an invitation's forms (sign up, sign in) are given. */
export interface InviteFormProps {
  /** The invitation's family label (on the sign-up form: filled in and read-only). */
  label: string;
  /** The invite link's secret: with it the account joins the circle at once (decision 007). */
  token: string;
  /** Called once the account is in the circle, before the signed-in user is adopted. */
  onJoined: (user: UserDto) => void;
}

/** A customer account already in the invited circle; the checks of spec section 5. */
export function InviteSignUpForm({ label, token, onJoined }: InviteFormProps) {
  const t = useT();
  const adopt = useAdoptSignedInUser();
  // Sign-up signs the new user in, and the page then shows the signed-in state instead of this form:
  // the next step is taken here, not in a callback of `mutate`, which an unmounted form never gets.
  const signUp = trpc.auth.register.useMutation({
    onSuccess: async ({ user }) => {
      onJoined(user);
      await adopt(user);
    },
  });
  const pending = signUp.isPending;
  const form = useZodForm(signUpForm, { defaultValues: { ...EMPTY_SIGN_UP, familyLabel: label }, pending });

  const submit = form.handleSubmit(
    (values) => {
      if (pending) return;
      const input: RegisterInput = { ...values, familyLabel: label, role: 'customer', inviteToken: token };
      signUp.mutate(input, {
        onError: (error) => {
          form.applyServerErrors(error);
          toast.error(t('auth.signUpFailed'), serverMessage(error) ?? t('auth.signUp.failedDescription'));
        },
      });
    },
    (errors) => {
      const message = firstErrorMessage(errors, SIGN_UP_ORDER);
      if (message) toast.error(message);
    },
  );

  return (
    <ScreenForm
      onSubmit={submit}
      pending={pending}
      submitLabel={t('family.signUp.submit')}
      aria-label={t('family.signUp.label')}
    >
      <NewAccountFields form={form} />
      <FormInput
        form={form}
        name="familyLabel"
        label={t('auth.signUp.familyLabel')}
        rootProps={{ readOnly: true }}
        hint={t('family.signUp.labelHint')}
        readOnly
        bg="bg.muted"
        cursor="default"
      />
    </ScreenForm>
  );
}
