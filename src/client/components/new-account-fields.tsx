import { LIMITS } from '../../shared/constants';
import { FormEmailField, FormPasswordField, FormTextField, NEW_PASSWORD_HINT } from './form-fields';

/** What a person types to create an account; the phone is optional. */
export interface NewAccount {
  name: string;
  email: string;
  password: string;
  phone: string;
}

export const EMPTY_ACCOUNT: NewAccount = { name: '', email: '', password: '', phone: '' };

interface NewAccountFieldsProps {
  values: NewAccount;
  /** Takes an update of the values, as a state setter does. */
  onChange: (update: (current: NewAccount) => NewAccount) => void;
  disabled: boolean;
  /** Extra words under the name field, e.g. that a vendor gives the business owner's name. */
  nameHint?: string;
  phoneLabel?: string;
}

/** Name, email, password and phone of a new account, on the sign-up pages and the invite page alike. */
export function NewAccountFields({
  values,
  onChange,
  disabled,
  nameHint,
  phoneLabel = 'Phone',
}: NewAccountFieldsProps) {
  const set = (field: keyof NewAccount, value: string) =>
    onChange((current) => ({ ...current, [field]: value }));
  return (
    <>
      <FormTextField
        label="Full name"
        required
        disabled={disabled}
        hint={nameHint}
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        maxLength={LIMITS.nameMax}
      />
      <FormEmailField
        label="Email"
        required
        disabled={disabled}
        name="email"
        value={values.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <FormPasswordField
        label="Password"
        required
        disabled={disabled}
        hint={NEW_PASSWORD_HINT}
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set('password', e.target.value)}
      />
      <FormTextField
        label={phoneLabel}
        disabled={disabled}
        hint="Optional."
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={(e) => set('phone', e.target.value)}
        maxLength={LIMITS.phoneMax}
      />
    </>
  );
}

/** The account's part of a sign-up request: an empty phone is no phone. */
export function accountInput({ name, email, password, phone }: NewAccount) {
  return { name, email, password, phone: phone.trim() || null };
}
