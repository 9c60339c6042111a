import type { FieldValues, Path } from 'react-hook-form';
import { LIMITS } from '../../shared/constants';
import { useT } from '../i18n/use-t';
import type { ZodForm } from '../lib/use-zod-form';
import { FormInput, useNewPasswordHint } from './form-fields';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** A refusal of the new password may name it as the wire does ('password'): it goes under the new password. */
export const NEW_PASSWORD_ALIASES = { password: 'newPassword' } as const;

interface NewPasswordFieldsProps<T extends NewPasswordValues> {
  /** The form; its schema checks that the two match. */
  // biome-ignore lint/suspicious/noExplicitAny: the fields do not care what the form's schema outputs.
  form: ZodForm<T, any>;
  /** Focus the new password when the form opens (when it is the form's first field). */
  autoFocus?: boolean;
}

/** "New password" and "Confirm new password", for a reset link and for a signed-in change alike. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  autoFocus,
}: NewPasswordFieldsProps<T>) {
  const t = useT();
  const passwordHint = useNewPasswordHint();
  return (
    <>
      <AccountPasswordInput
        form={form}
        name={'newPassword' as Path<T>}
        label={t('common.field.newPassword')}
        hint={passwordHint}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <AccountPasswordInput
        form={form}
        name={'confirmPassword' as Path<T>}
        label={t('common.field.confirmNewPassword')}
        autoComplete="new-password"
      />
    </>
  );
}

type AccountPasswordProps<T extends FieldValues> = Omit<
  Parameters<typeof FormInput<T>>[0],
  'kind' | 'required'
> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A required password of the account, with its show/hide toggle, up to the longest the app accepts. */
export function AccountPasswordInput<T extends FieldValues>(props: AccountPasswordProps<T>) {
  return <FormInput kind="password" required maxLength={LIMITS.passwordMax} {...props} />;
}
