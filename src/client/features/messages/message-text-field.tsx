import type { ComponentProps } from 'react';
import { MESSAGING_LIMITS } from '../../../shared/schemas/messages';
import { FormTextareaField } from '../../components/form-fields';

/** The text of a message written ahead (a first message, a quick reply): required, and no longer than a reply. */
export function MessageTextField(props: ComponentProps<typeof FormTextareaField>) {
  return <FormTextareaField required maxLength={MESSAGING_LIMITS.replyMax} {...props} />;
}
