import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { EVENT_MESSAGES } from '../../../shared/schemas/events';
import { type EditDialogOptions, useEditDialog } from '../../components/edit-dialog';
import { type Bound, FormInput } from '../../components/form-fields';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import type { ZodForm } from '../../lib/use-zod-form';

export type { SaveCallbacks } from '../../components/edit-dialog';

/** The items of an event's tabs. */
export type ItemKind = 'task' | 'deposit' | 'memo';

/** What names an item of a kind: its add button, its dialog, its toasts, its list. */
type ItemPart =
  | 'add'
  | 'editTitle'
  | 'save'
  | 'added'
  | 'updated'
  | 'addFailed'
  | 'updateFailed'
  | 'deleted'
  | 'list'
  | 'loadFailed'
  | 'editNamed'
  | 'deleteNamed';

/** One of a kind's messages: `events.item.task.add`. */
export function itemMessage(kind: ItemKind, part: ItemPart): MessageId {
  return `events.item.${kind}.${part}`;
}

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
  /** The dialog's title, its button and its toasts name the item's kind. */
  kind: ItemKind;
  /** The item to edit; null adds a new one. */
  item: Row | null;
  open: boolean;
  onClose: () => void;
  editor: ItemEditorConfig<Row, Values, Out>;
}

/** The add/edit dialog of an event's tasks, deposits and memos, each named the same way by its noun. */
export function ItemDialog<Row extends { id: string; version: number }, Values extends FieldValues, Out>({
  kind,
  editor: { fields, ...editor },
  ...target
}: ItemDialogProps<Row, Values, Out>) {
  const t = useT();
  const { form, dialog } = useEditDialog({
    ...target,
    ...editor,
    toasts: {
      created: t(itemMessage(kind, 'added')),
      updated: t(itemMessage(kind, 'updated')),
      createFailed: t(itemMessage(kind, 'addFailed')),
      updateFailed: t(itemMessage(kind, 'updateFailed')),
    },
  });
  const editing = target.item !== null;
  return dialog(
    {
      title: t(itemMessage(kind, editing ? 'editTitle' : 'add')),
      submitLabel: t(itemMessage(kind, editing ? 'save' : 'add')),
      pendingLabel: t('events.item.saving'),
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
