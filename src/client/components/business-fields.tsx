import type { FieldValues } from 'react-hook-form';
import type { VendorDto } from '../../shared/schemas/vendors';
import { useT } from '../i18n/use-t';
import { FormInput } from './form-fields';

type BoundInput<T extends FieldValues> = Parameters<typeof FormInput<T>>[0];
type PresetInput<T extends FieldValues> = Omit<BoundInput<T>, 'label'> & { label?: string };

/** A business's name, as autofill knows it: required, up to 200 characters. */
export function BusinessNameInput<T extends FieldValues>(props: PresetInput<T>) {
  const t = useT();
  return (
    <FormInput
      label={t('common.field.businessName')}
      required
      maxLength={200}
      autoComplete="organization"
      {...props}
    />
  );
}

/**
 * The business's name in Hebrew, optional, typed right to left: search finds the listing by it as by
 * the Latin name.
 */
export function HebrewBusinessNameInput<T extends FieldValues>(props: PresetInput<T>) {
  const t = useT();
  return (
    <FormInput
      label={t('common.field.nameHe')}
      maxLength={200}
      lang="he"
      dir="rtl"
      autoComplete="off"
      {...props}
    />
  );
}

/** A business's phone number: the phone keypad and autofill. */
export function BusinessPhoneInput<T extends FieldValues>(props: PresetInput<T>) {
  const t = useT();
  return (
    <FormInput label={t('common.field.phone')} type="tel" autoComplete="tel" maxLength={40} {...props} />
  );
}

/** A business's website: the URL keyboard, autofill, and the scheme as a hint. */
export function BusinessWebsiteInput<T extends FieldValues>(props: PresetInput<T>) {
  const t = useT();
  return (
    <FormInput
      label={t('common.field.website')}
      type="url"
      inputMode="url"
      autoComplete="url"
      placeholder={/* value: the scheme a web address starts with, in every language */ 'https://'}
      maxLength={500}
      {...props}
    />
  );
}

/** A business's street address, as autofill knows it. */
export function BusinessAddressInput<T extends FieldValues>(props: PresetInput<T>) {
  const t = useT();
  return (
    <FormInput label={t('common.field.address')} autoComplete="street-address" maxLength={300} {...props} />
  );
}

/** A listing's details as a form's fields hold them: text fields empty rather than missing. */
export function listingDetailsOf(vendor: VendorDto) {
  return {
    nameHe: vendor.nameHe ?? '',
    description: vendor.description ?? '',
    contactPhone: vendor.contactPhone ?? '',
    contactEmail: vendor.contactEmail,
    website: vendor.website ?? '',
    address: vendor.address ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    neighborhood: vendor.neighborhood ?? '',
    logoUrl: vendor.logoUrl,
    imageUrl: vendor.imageUrl,
  };
}
