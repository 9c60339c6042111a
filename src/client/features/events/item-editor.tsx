import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { type EditDialogOptions, useEditDialog } from '../../components/edit-dialog';
import { type Bound, FormInput } from '../../components/form-fields';
import { toast } from '../../lib/toast';

export type { SaveCallbacks } from '../../components/edit-dialog';

/** What the add/edit dialog of a tab is given: the item (null for a new one) and the tab's mutations. */
export interface ItemDialogProps<Row, Mutations> {
  eventId: string;
  item: Row | null;
  open: boolean;
  onClose: () => void;
  mutations: Mutations;
}

type ItemEditorOptions<Row extends { id: string; version: number }, Values extends FieldValues, Out> = Omit<
  EditDialogOptions<Row, Values, Out>,
  'toasts' | 'keepDraft'
> & {
  /** 'Task', 'Deposit', 'Memo': the dialog's title, its button and its toasts name it. */
  noun: string;
};

/** The add/edit dialog of an event's tasks, deposits and memos, each named the same way by its noun. */
export function useItemEditor<Row extends { id: string; version: number }, Values extends FieldValues, Out>({
  noun,
  ...options
}: ItemEditorOptions<Row, Values, Out>) {
  const lower = noun.toLowerCase();
  const { form, dialog } = useEditDialog({
    ...options,
    toasts: {
      created: `${noun} added`,
      updated: `${noun} updated`,
      createFailed: `Failed to add ${lower}`,
      updateFailed: `Failed to update ${lower}`,
    },
  });
  const editing = options.item !== null;
  return {
    form,
    dialog: (children: ReactNode) =>
      dialog(
        {
          title: editing ? `Edit ${noun}` : `Add ${noun}`,
          submitLabel: editing ? `Save ${noun}` : `Add ${noun}`,
          pendingLabel: 'Saving...',
        },
        children,
      ),
  };
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
