import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { type EditDialogOptions, useEditDialog } from '../../components/edit-dialog';
import { type Bound, FormInput } from '../../components/form-fields';
import { toast } from '../../lib/toast';
import type { ZodForm } from '../../lib/use-zod-form';

export type { SaveCallbacks } from '../../components/edit-dialog';

/** What a tab's add/edit dialog is made of: its form, its fields, and how it sends a new item or an edit. */
export interface ItemEditorConfig<
  Row extends { id: string; version: number },
  Values extends FieldValues,
  Out,
> extends Pick<
    EditDialogOptions<Row, Values, Out>,
    'schema' | 'pending' | 'valuesOf' | 'create' | 'update' | 'onInvalid'
  > {
  /** The dialog's fields, for the item being edited (null when adding one). */
  fields: (form: ZodForm<Values, Out>, item: Row | null) => ReactNode;
}

interface ItemDialogProps<Row extends { id: string; version: number }, Values extends FieldValues, Out> {
  /** 'Task', 'Deposit', 'Memo': the dialog's title, its button and its toasts name it. */
  noun: string;
  /** The item to edit; null adds a new one. */
  item: Row | null;
  open: boolean;
  onClose: () => void;
  editor: ItemEditorConfig<Row, Values, Out>;
}

/** The add/edit dialog of an event's tasks, deposits and memos, each named the same way by its noun. */
export function ItemDialog<Row extends { id: string; version: number }, Values extends FieldValues, Out>({
  noun,
  editor: { fields, ...editor },
  ...target
}: ItemDialogProps<Row, Values, Out>) {
  const lower = noun.toLowerCase();
  const { form, dialog } = useEditDialog({
    ...target,
    ...editor,
    toasts: {
      created: `${noun} added`,
      updated: `${noun} updated`,
      createFailed: `Failed to add ${lower}`,
      updateFailed: `Failed to update ${lower}`,
    },
  });
  const editing = target.item !== null;
  return dialog(
    {
      title: editing ? `Edit ${noun}` : `Add ${noun}`,
      submitLabel: editing ? `Save ${noun}` : `Add ${noun}`,
      pendingLabel: 'Saving...',
    },
    fields(form, target.item),
  );
}

/** The dialog's answer to a missing title: the one message every required field of the tabs shares. */
export function titleRequired(errors: { title?: unknown }) {
  if (errors.title) toast.error(EVENT_MESSAGES.required);
}

/** The required name of an item (a task's or memo's title, a deposit's vendor), up to 200 characters. */
export function ItemNameInput<T extends FieldValues>({
  label,
  placeholder,
  ...bound
}: Bound<T> & { label: string; placeholder: string }) {
  return (
    <FormInput
      {...bound}
      label={label}
      required
      maxLength={200}
      placeholder={placeholder}
      autoComplete="off"
    />
  );
}
