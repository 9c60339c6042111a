import type { FieldValues } from 'react-hook-form';
import { useT } from '../i18n/use-t';
import { FormSelect, FormTextarea } from './form-fields';

type BoundSelect<T extends FieldValues> = Parameters<typeof FormSelect<T>>[0];
type BoundTextarea<T extends FieldValues> = Parameters<typeof FormTextarea<T>>[0];

/** A listing's category, which every listing must have. */
export function ListingCategorySelect<T extends FieldValues>(
  props: Omit<BoundSelect<T>, 'label' | 'required'>,
) {
  const t = useT();
  return <FormSelect label={t('common.field.category')} required {...props} />;
}

/** A listing's description, shown under About on its public profile: up to 5000 characters. */
export function ListingDescriptionInput<T extends FieldValues>(
  props: Omit<BoundTextarea<T>, 'label' | 'maxLength'>,
) {
  const t = useT();
  return <FormTextarea label={t('common.field.description')} maxLength={5000} {...props} />;
}
