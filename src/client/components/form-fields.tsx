import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { LIMITS } from '../../shared/constants';
import { PasswordInput } from './password-input';

interface FieldFrameProps {
  label: ReactNode;
  /** Marks the field required, for assistive technology and with the visible mark after the label. */
  required?: boolean;
  disabled?: boolean;
  /** The message under the field; while there is one, the field is marked invalid. */
  error?: string;
  /** Guidance under the field, shown while there is no error. */
  hint?: ReactNode;
  /** Props of the field as a whole: its place in a grid, or `readOnly`. */
  rootProps?: Field.RootProps;
}

type InputFieldProps = FieldFrameProps &
  Omit<InputProps, keyof FieldFrameProps> & {
    /** Reaches the input, so that a form library can focus the field that holds an error. */
    ref?: Ref<HTMLInputElement>;
  };

function LabelledInput({
  password,
  label,
  required,
  disabled,
  error,
  hint,
  rootProps,
  ...input
}: InputFieldProps & { password: boolean }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled} {...rootProps}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      {password ? (
        // The show/hide toggle reads `disabled` from its own props, not from the field.
        <PasswordInput {...input} disabled={disabled} />
      ) : (
        <Input {...input} />
      )}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : hint ? (
        <Field.HelperText>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

/**
 * A labelled input with its message under it. The other props go to the input, so that
 * react-hook-form's `register(...)` (name, ref, onChange, onBlur), or a value and onChange, spread onto it.
 */
export function FormTextField(props: InputFieldProps) {
  return <LabelledInput {...props} password={false} />;
}

/** An email address: the keyboard, autofill and length limit every email field of the app shares. */
export function FormEmailField(props: InputFieldProps) {
  return (
    <FormTextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={LIMITS.emailMax}
      {...props}
    />
  );
}

/** A password with its show/hide toggle; give `autoComplete` ('current-password' or 'new-password'). */
export function FormPasswordField(props: Omit<InputFieldProps, 'type'>) {
  return <LabelledInput {...props} password />;
}

/** The hint under a field where a new password is chosen. */
export const NEW_PASSWORD_HINT = `At least ${LIMITS.passwordMin} characters.`;
