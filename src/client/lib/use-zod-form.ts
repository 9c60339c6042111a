import { zodResolver } from '@hookform/resolvers/zod';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useLayoutEffect, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { messageText } from '../i18n/message-text';
import { codedMessage } from './errors';
import {
  forgetTypedBeforeTakeover,
  restoreFieldTypedBeforeTakeover,
  restoreTypedBeforeTakeover,
} from './typed-before-takeover';
import { useFocusWhenIdle } from './use-focus-when-idle';

export interface FieldIssue<Name extends string = string> {
  field: Name;
  message: string;
}

/**
 * The issues of a server refusal that name one of a form's fields, first issue of each field
 * only, in the order the server listed them. A refusal arrives as a BAD_REQUEST whose data carries
 * `issues` with a `path` (the tRPC error formatter puts zod's issues there, and the password rules
 * that live only on the server use the same shape). `aliases` maps a wire name to the form's own
 * where the two differ (the admin's `notes` is the dialog's `reason`).
 */
export function serverFieldIssues<Name extends string>(
  error: unknown,
  fields: readonly Name[],
  aliases: Readonly<Record<string, Name>> = {},
): FieldIssue<Name>[] {
  if (!(error instanceof TRPCClientError)) return [];
  const issues: unknown = error.data?.issues;
  if (!Array.isArray(issues)) return [];
  const found: FieldIssue<Name>[] = [];
  for (const issue of issues) {
    const wire: unknown = issue?.path?.[0];
    const message: unknown = issue?.message;
    if (typeof wire !== 'string' || typeof message !== 'string') continue;
    const field = (Object.hasOwn(aliases, wire) ? aliases[wire] : wire) as Name;
    if (fields.includes(field) && !found.some((f) => f.field === field)) {
      found.push({ field, message: messageText(codedMessage(message, issue)) });
    }
  }
  return found;
}

/** The first message of a failed check, in the form's field order: what a missing-fields toast says. */
export function firstErrorMessage<T extends FieldValues>(
  errors: FieldErrors<T>,
  order: readonly string[],
): string | undefined {
  for (const name of order) {
    const error: { message?: unknown; root?: { message?: unknown } } | undefined = get(errors, name);
    const message = error?.message ?? error?.root?.message;
    if (typeof message === 'string' && message) return messageText(message);
  }
  return undefined;
}

export type ZodForm<Input extends FieldValues, Output = Input> = UseFormReturn<Input, unknown, Output> & {
  /** Whether the form is saving: fields are disabled, and a server's field error waits to take the focus. */
  pending: boolean;
  /**
   * Puts a refusal's field errors under their fields and focuses the first of them. False when the
   * refusal named none of the form's fields, so the caller shows it elsewhere (a toast, an alert).
   */
  applyServerErrors: (error: unknown) => boolean;
};

interface ZodFormOptions<Input extends FieldValues, Output>
  extends Omit<UseFormProps<Input, unknown, Output>, 'resolver' | 'defaultValues'> {
  defaultValues: Input;
  pending?: boolean;
  aliases?: Readonly<Record<string, Path<Input>>>;
}

/**
 * react-hook-form checked by a zod schema: the one the procedure validates with, or a form schema
 * derived from it where the inputs differ from the wire (a date and a time that make one timestamp).
 * Messages go under their fields, whether the browser's check or the server's refused them.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { defaultValues, pending = false, aliases, ...options }: ZodFormOptions<Input, Output>,
): ZodForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    ...options,
    defaultValues: defaultValues as UseFormProps<Input, unknown, Output>['defaultValues'],
    resolver: zodResolver(schema as never) as unknown as UseFormProps<Input, unknown, Output>['resolver'],
  });
  const { setError, setFocus, getValues, register: registerField } = form;
  // Fields typed into before the app took a drawn page over keep the text: register sets a field to
  // the form's value as the field is handed over, whenever that is (typed-before-takeover.ts).
  const register = useCallback<typeof registerField>(
    (name, fieldOptions) => {
      const registered = registerField(name, fieldOptions);
      return {
        ...registered,
        ref: (element: unknown) => {
          registered.ref(element);
          restoreFieldTypedBeforeTakeover(element);
        },
      };
    },
    [registerField],
  );
  useLayoutEffect(() => restoreTypedBeforeTakeover(), []);
  const focusWhenIdle = useFocusWhenIdle<Path<Input>>(pending, setFocus);

  const applyServerErrors = useCallback(
    (error: unknown) => {
      const fields = Object.keys(getValues()) as Path<Input>[];
      const issues = serverFieldIssues(error, fields, aliases);
      for (const { field, message } of issues) setError(field, { type: 'server', message });
      const first = issues[0];
      if (first) focusWhenIdle(first.field);
      return first !== undefined;
    },
    [aliases, getValues, setError, focusWhenIdle],
  );

  // useForm hands back the same object every render with a fresh formState on it: copied, not memoised.
  return { ...form, register, pending, applyServerErrors };
}

/**
 * Runs `fill` each time a dialog opens, before it paints: every opening starts from the row as it
 * is now (or a blank form), never from what was typed and cancelled last time. Only an opening
 * counts: React runs layout effects again when a Suspense boundary above shows its content after a
 * fallback (a screen's code arriving while the dialog is open), and what is being typed stays.
 */
export function useWhenOpened(open: boolean, fill: () => void): void {
  const latest = useRef(fill);
  latest.current = fill;
  const filledFor = useRef(false);
  useLayoutEffect(() => {
    if (open && !filledFor.current) {
      latest.current();
      // A dialog drawn open by the server, typed into before the app took it over, keeps the text.
      restoreTypedBeforeTakeover();
    } else if (!open && filledFor.current) forgetTypedBeforeTakeover();
    filledFor.current = open;
  }, [open]);
}

/**
 * Checks the form's values, once turned into the wire's shape, with the procedure's own schema, and
 * puts each refusal on the field it names. (A zod pipe would too, but its types want the wire's
 * input to be exactly what the form makes, where the wire takes more: a Date or an ISO string.)
 */
export function thenWire<W extends z.ZodType>(wire: W) {
  function refine<T>(value: T, ctx: z.RefinementCtx<T>): z.output<W> {
    const parsed = wire.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  return refine;
}
