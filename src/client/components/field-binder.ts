import { type FieldErrors, type FieldValues, get, type Path, type UseFormRegister } from 'react-hook-form';

/**
 * Binds the text fields of a small checked form (useCheckedForm) by name: each is registered, shows
 * its message under it, and is disabled while the form is sent.
 */
export function fieldBinder<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  pending: boolean,
) {
  return (name: Path<T>) => {
    const error: { message?: unknown } | undefined = get(errors, name);
    const message = typeof error?.message === 'string' ? error.message : undefined;
    return { error: message, disabled: pending, ...register(name) };
  };
}
