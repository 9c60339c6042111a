import type { z } from 'zod';
import { LIMITS } from '../../shared/constants';
import { registerInput } from '../../shared/schemas/auth';
import { useT } from '../i18n/use-t';
import type { ZodForm } from '../lib/use-zod-form';
import { FormInput, useNewPasswordHint } from './form-fields';

/** What a sign-up form asks, checked by the register procedure's own rules; role and invite token are added when it is sent. */
export const signUpForm = registerInput.pick({
  name: true,
  email: true,
  password: true,
  phone: true,
  familyLabel: true,
});
export type SignUpValues = z.input<typeof signUpForm>;

/** The order a refused sign-up's toast reads the messages in: missing fields first, then the password (spec section 5). */
export const SIGN_UP_ORDER = ['name', 'email', 'password', 'phone', 'familyLabel'] as const;

export const EMPTY_SIGN_UP: SignUpValues = { name: '', email: '', password: '', phone: '', familyLabel: '' };

interface NewAccountFieldsProps {
  form: ZodForm<SignUpValues, unknown>;
  /** Extra words under the name field, e.g. that a vendor gives the business owner's name. */
  nameHint?: string;
  phoneLabel?: string;
}

/** Name, email, password and phone of a new account, on the sign-up pages and the invite page alike. */
export function NewAccountFields({ form, nameHint, phoneLabel }: NewAccountFieldsProps) {
  const t = useT();
  const passwordHint = useNewPasswordHint();
  return (
    <>
      <FormInput
        form={form}
        name="name"
        label={t('common.field.fullName')}
        required
        hint={nameHint}
        autoComplete="name"
        maxLength={LIMITS.nameMax}
      />
      <FormInput form={form} name="email" kind="email" label={t('common.field.email')} required />
      <FormInput
        form={form}
        name="password"
        kind="password"
        label={t('common.field.password')}
        required
        hint={passwordHint}
        autoComplete="new-password"
      />
      <FormInput
        form={form}
        name="phone"
        label={phoneLabel ?? t('common.field.phone')}
        hint={t('common.state.optional')}
        type="tel"
        autoComplete="tel"
        maxLength={LIMITS.phoneMax}
      />
    </>
  );
}
