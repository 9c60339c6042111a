import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';

/** What a save is told to do when the server answers. */
export interface SaveCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** What the add/edit dialog of a tab is given: the item (null for a new one) and the tab's mutations. */
export interface ItemDialogProps<Row, Mutations> {
  eventId: string;
  item: Row | null;
  open: boolean;
  onClose: () => void;
  mutations: Mutations;
}

interface ItemEditorOptions<Row extends { id: string; version: number }, Values extends FieldValues, Out> {
  /** 'Task', 'Deposit', 'Memo': the dialog's title, its button and its toasts name it. */
  noun: string;
  item: Row | null;
  open: boolean;
  onClose: () => void;
  /** The form's schema (src/client/features/events/forms.ts). */
  schema: z.ZodType<Out, Values>;
  /** Whether the dialog's own save is under way. */
  pending: boolean;
  /** The form's values for a row, or for a new item. */
  valuesOf: (row: Row | null) => Values;
  create: (fields: Out, callbacks: SaveCallbacks) => void;
  /** Sends the edit made from `base`; false when nothing changed, and the dialog simply closes. */
  update: (base: Row, fields: Out, callbacks: SaveCallbacks) => boolean;
  /** A refusal in the browser that the spec answers with a toast as well as the field messages. */
  onInvalid: (errors: FieldErrors<Values>) => void;
}

/**
 * The add/edit dialog of an event's tasks, deposits and memos: it fills the form from the item each
 * time it opens, sends an edit with the version it was made from, shows 'changed elsewhere' with a
 * Reload that refills the form from the current row, puts a server refusal under its fields, and
 * raises the same toasts for each kind of item.
 */
export function useItemEditor<Row extends { id: string; version: number }, Values extends FieldValues, Out>({
  noun,
  item,
  open,
  onClose,
  schema,
  pending,
  valuesOf,
  create,
  update,
  onInvalid,
}: ItemEditorOptions<Row, Values, Out>) {
  const form = useZodForm(schema, { defaultValues: valuesOf(null), pending });
  // The item as the form was filled from: its version goes with the save.
  const [base, setBase] = useState<Row | null>(null);
  // The current item, when a save was refused because it changed elsewhere.
  const [stale, setStale] = useState<Row | null>(null);
  const fill = (from: Row | null) => {
    setBase(from);
    setStale(null);
    form.reset(valuesOf(from));
  };
  useWhenOpened(open, () => fill(item));
  const lower = noun.toLowerCase();

  const submit = form.handleSubmit((fields) => {
    if (base) {
      const sent = update(base, fields, {
        onSuccess: () => {
          toast.success(`${noun} updated`);
          onClose();
        },
        onError: (error) => {
          setStale(staleCurrent<Row>(error));
          form.applyServerErrors(error);
          toast.failed(`Failed to update ${lower}`, error);
        },
      });
      if (!sent) onClose();
    } else {
      create(fields, {
        onSuccess: () => {
          toast.success(`${noun} added`);
          onClose();
        },
        onError: (error) => {
          form.applyServerErrors(error);
          toast.failed(`Failed to add ${lower}`, error);
        },
      });
    }
  }, onInvalid);

  const dialog = (children: ReactNode) => (
    <FormDialog
      open={open}
      onClose={onClose}
      title={item ? `Edit ${noun}` : `Add ${noun}`}
      submitLabel={item ? `Save ${noun}` : `Add ${noun}`}
      pendingLabel="Saving..."
      pending={form.pending}
      onSubmit={() => void submit()}
    >
      <Stack gap="5">
        {stale ? <StaleWriteAlert onReload={() => fill(stale)} /> : null}
        {children}
      </Stack>
    </FormDialog>
  );
  return { form, dialog };
}
