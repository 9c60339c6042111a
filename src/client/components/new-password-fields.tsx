import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS } from '../../shared/constants';
import { FormPasswordField, NEW_PASSWORD_HINT } from './form-fields';

type NewPasswordField = 'newPassword' | 'confirmPassword';

interface NewPasswordFieldsProps {
  /** The form's `register`; the form's schema checks that the two match. */
  register: (name: NewPasswordField) => UseFormRegisterReturn;
  errors: Partial<Record<NewPasswordField, { message?: string }>>;
  disabled: boolean;
  /** Focus the new password when the form opens (when it is the form's first field). */
  autoFocus?: boolean;
}

/** "New password" and "Confirm new password", for a reset link and for a signed-in change alike. */
export function NewPasswordFields({ register, errors, disabled, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <FormPasswordField
        label="New password"
        required
        disabled={disabled}
        error={errors.newPassword?.message}
        hint={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        autoFocus={autoFocus}
        {...register('newPassword')}
      />
      <FormPasswordField
        label="Confirm new password"
        required
        disabled={disabled}
        error={errors.confirmPassword?.message}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        {...register('confirmPassword')}
      />
    </>
  );
}
