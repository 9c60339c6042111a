import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { serverFieldError } from '../lib/errors';

/**
 * A small form checked by a zod schema, with its errors at hand and a way to put the server's
 * refusal of one of its fields under that field.
 */
export function useCheckedForm<T extends FieldValues>(
  schema: z.ZodType<unknown, T>,
  defaultValues: DefaultValues<T>,
) {
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    defaultValues,
  });
  /** Shows a refusal under its field when it names one of `fields`; false when it names none of them. */
  const placeServerError = (error: unknown, fields: readonly Path<T>[], focus = false): boolean => {
    const found = serverFieldError(error);
    const field = fields.find((name) => name === found?.field);
    if (!found || !field) return false;
    form.setError(field, { message: found.message }, focus ? { shouldFocus: true } : undefined);
    return true;
  };
  return { ...form, errors: form.formState.errors, placeServerError };
}
