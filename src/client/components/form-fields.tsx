import {
  Field,
  Input,
  type InputProps,
  NativeSelect,
  type NativeSelectFieldProps,
  Textarea,
  type TextareaProps,
} from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { type FieldValues, get, type Path, useFormState } from 'react-hook-form';
import { LIMITS } from '../../shared/constants';
import { useMessageText, useT } from '../i18n/use-t';
import type { ZodForm } from '../lib/use-zod-form';
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

/**
 * A label, any control, and the message under it: the frame of every form field. While there is an
 * error the field is invalid, so the control carries aria-invalid and points at the message.
 */
export function FieldFrame({ children, ...frame }: FieldFrameProps & { children: ReactNode }) {
  const { label, required, hint } = frame;
  const messageText = useMessageText();
  const error = frame.error ? messageText(frame.error) : undefined;
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={frame.disabled} {...frame.rootProps}>
      <Field.Label>
        {label}
        {required ? (
          <>
            {' '}
            <Field.RequiredIndicator />
          </>
        ) : null}
      </Field.Label>
      {children}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : hint ? (
        <Field.HelperText>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}

/** Parts the frame's props from the control's, so that each goes where it belongs. */
function splitFrame<P extends FieldFrameProps>({
  label,
  required,
  disabled,
  error,
  hint,
  rootProps,
  ...control
}: P) {
  return { frame: { label, required, disabled, error, hint, rootProps }, control };
}

function LabelledInput({ password, ...props }: InputFieldProps & { password: boolean }) {
  const { frame, control: input } = splitFrame(props);
  return (
    <FieldFrame {...frame}>
      {password ? (
        // The show/hide toggle reads `disabled` from its own props, not from the field.
        <PasswordInput {...input} disabled={frame.disabled} />
      ) : (
        <Input {...input} />
      )}
    </FieldFrame>
  );
}

/**
 * A labelled input with its message under it. The other props go to the input, so that
 * react-hook-form's `register(...)` (name, ref, onChange, onBlur), or a value and onChange, spread onto it.
 */
export function FormTextField(props: InputFieldProps) {
  return <LabelledInput {...props} password={false} />;
}

type TextareaFieldProps = FieldFrameProps &
  Omit<TextareaProps, keyof FieldFrameProps> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled textarea with its message under it; the other props (a `register(...)`) go to the textarea. */
export function FormTextareaField(props: TextareaFieldProps) {
  const { frame, control: textarea } = splitFrame(props);
  return (
    <FieldFrame {...frame}>
      <Textarea {...textarea} />
    </FieldFrame>
  );
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
export function useNewPasswordHint(): string {
  const t = useT();
  return t('common.field.minLength', { min: LIMITS.passwordMin });
}

/** What a field bound to a form needs: the form and the field's name in it. */
export interface Bound<T extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: a field does not care what the form's schema outputs.
  form: ZodForm<T, any>;
  name: Path<T>;
}

/** The message the form holds for one field, read so that only this field re-renders when it changes. */
export function useFieldError<T extends FieldValues>({ form, name }: Bound<T>): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  const error: { message?: unknown } | undefined = get(errors, name);
  const message = error?.message;
  const messageText = useMessageText();
  return typeof message === 'string' && message ? messageText(message) : undefined;
}

type BoundInputProps<T extends FieldValues> = Bound<T> &
  Omit<InputFieldProps, 'form' | 'name' | 'error' | 'ref' | 'onChange' | 'onBlur' | 'value'> & {
    kind?: 'text' | 'email' | 'password';
  };

/**
 * An input bound to a form field: registered with the form, its message under it, disabled while
 * the form saves. `kind` picks the email or password variant.
 */
/**
 * A text field's value as the server draws it: the form's default (decision 048 draws signed-in
 * pages with their data). Registered fields are uncontrolled, so without it the server draws them
 * empty, and they fill in only as the app takes the page over: a listing's text appears seconds
 * later on a phone, and counts as the page's largest paint.
 */
function drawnValue<T extends FieldValues>(
  form: Bound<T>['form'],
  name: Path<T>,
): { defaultValue?: string | number } {
  const value: unknown = get(form.formState.defaultValues, name);
  return typeof value === 'string' || typeof value === 'number' ? { defaultValue: value } : {};
}

export function FormInput<T extends FieldValues>({
  form,
  name,
  kind = 'text',
  disabled,
  ...props
}: BoundInputProps<T>) {
  const error = useFieldError({ form, name });
  const shared = {
    ...props,
    error,
    disabled: disabled ?? form.pending,
    ...drawnValue(form, name),
    ...form.register(name),
  };
  if (kind === 'email') return <FormEmailField {...shared} />;
  if (kind === 'password') return <FormPasswordField {...shared} />;
  return <FormTextField {...shared} />;
}

type BoundTextareaProps<T extends FieldValues> = Bound<T> &
  FieldFrameProps &
  Omit<TextareaProps, keyof FieldFrameProps | 'form' | 'name' | 'onChange' | 'onBlur' | 'value'>;

/** A textarea bound to a form field, with its message under it. */
export function FormTextarea<T extends FieldValues>({ form, name, ...props }: BoundTextareaProps<T>) {
  const { frame, control: textarea } = splitFrame(props);
  return (
    <BoundFrame form={form} name={name} frame={frame}>
      <Textarea {...textarea} {...drawnValue(form, name)} {...form.register(name)} />
    </BoundFrame>
  );
}

/** The frame of a field bound to a form: the form's message for it, disabled while the form saves. */
function BoundFrame<T extends FieldValues>({
  form,
  name,
  frame,
  children,
}: Bound<T> & { frame: FieldFrameProps; children: ReactNode }) {
  const error = useFieldError({ form, name });
  return (
    <FieldFrame {...frame} disabled={frame.disabled ?? form.pending} error={error}>
      {children}
    </FieldFrame>
  );
}

type BoundSelectProps<T extends FieldValues> = Bound<T> &
  FieldFrameProps &
  Omit<NativeSelectFieldProps, keyof FieldFrameProps | 'form' | 'name' | 'onBlur' | 'value' | 'children'> & {
    /**
     * The choices; a placeholder option with an empty value goes first when given. A choice that is
     * a name alone (an event's title) is `name`: it takes its own direction (dir="auto") rather than
     * isolates, which would come first in its text and keep a typed name from choosing it.
     */
    options: readonly (string | { value: string; label: string; name?: boolean })[];
    placeholder?: string;
  };

/**
 * A native select bound to a form field, with its message under it. An `onChange` given here runs
 * after the form has taken the new value (a linked event that fills in other fields).
 */
export function FormSelect<T extends FieldValues>({
  form,
  name,
  options,
  placeholder,
  onChange,
  ...props
}: BoundSelectProps<T>) {
  const { frame, control: select } = splitFrame(props);
  const registered = form.register(name);
  return (
    <BoundFrame form={form} name={name} frame={frame}>
      <NativeSelect.Root>
        <NativeSelect.Field
          {...select}
          {...drawnValue(form, name)}
          {...registered}
          onChange={(event) => {
            void registered.onChange(event);
            onChange?.(event);
          }}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const {
              value,
              label: text,
              name: isName = false,
            } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value} dir={isName ? 'auto' : undefined}>
                {text}
              </option>
            );
          })}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </BoundFrame>
  );
}
