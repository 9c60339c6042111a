import { Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { staleCurrent } from '../lib/stale-write';
import { toast } from '../lib/toast';
import { useWhenOpened, useZodForm } from '../lib/use-zod-form';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { StaleWriteAlert } from './stale-write-alert';

/** What a save is told to do when the server answers. */
export interface SaveCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** What the toasts of a dialog say: 'Event created successfully', 'Failed to update event'. */
export interface EditToasts {
  created: string;
  updated: string;
  createFailed: string;
  updateFailed: string;
}

export interface EditDialogOptions<
  Row extends { id: string; version: number },
  Values extends FieldValues,
  Out,
> {
  /** The row to edit; null adds a new one. */
  item: Row | null;
  open: boolean;
  onClose: () => void;
  schema: z.ZodType<Out, Values>;
  /** Whether the dialog's own save is under way. */
  pending: boolean;
  /** The form's values for a row, or for a new one. */
  valuesOf: (row: Row | null) => Values;
  /** Opening to add keeps what was typed (and not sent) the last time instead of a blank form. */
  keepDraft?: boolean;
  create: (fields: Out, callbacks: SaveCallbacks) => void;
  /** Sends the edit made from `base`; false when nothing changed, and the dialog simply closes. */
  update: (base: Row, fields: Out, callbacks: SaveCallbacks) => boolean;
  /** A refusal in the browser that the spec answers with a toast as well as the field messages. */
  onInvalid: (errors: FieldErrors<Values>) => void;
  toasts: EditToasts;
}

/** The parts of the dialog's frame that differ from one dialog to another. */
export type EditDialogFrame = Pick<
  FormDialogProps,
  'title' | 'description' | 'submitLabel' | 'pendingLabel' | 'submitDisabled'
>;

/**
 * The add/edit dialog of a row (an event, a listing, a task): it fills the form from the row each
 * time it opens, sends an edit with the version it was made from, shows 'changed elsewhere' with a
 * Reload that refills the form from the current row, puts a server refusal under its fields, and
 * raises its toasts.
 */
export function useEditDialog<Row extends { id: string; version: number }, Values extends FieldValues, Out>({
  item,
  open,
  onClose,
  schema,
  pending,
  valuesOf,
  keepDraft = false,
  create,
  update,
  onInvalid,
  toasts,
}: EditDialogOptions<Row, Values, Out>) {
  const form = useZodForm(schema, { defaultValues: valuesOf(item), pending });
  // The row as the form was filled from: its version goes with the save.
  const [base, setBase] = useState<Row | null>(item);
  // The current row, when a save was refused because it changed elsewhere.
  const [stale, setStale] = useState<Row | null>(null);
  const fill = (from: Row | null) => {
    setBase(from);
    setStale(null);
    form.reset(valuesOf(from));
  };
  useWhenOpened(open, () => {
    if (item || !keepDraft) fill(item);
  });

  const submit = form.handleSubmit((fields) => {
    if (base) {
      const sent = update(base, fields, {
        onSuccess: () => {
          toast.success(toasts.updated);
          onClose();
        },
        onError: (error) => {
          setStale(staleCurrent<Row>(error));
          form.applyServerErrors(error);
          toast.failed(toasts.updateFailed, error);
        },
      });
      if (!sent) onClose();
    } else {
      create(fields, {
        onSuccess: () => {
          toast.success(toasts.created);
          // A kept draft ends once it is sent; other dialogs fill themselves afresh when they open.
          if (keepDraft) form.reset(valuesOf(null));
          onClose();
        },
        onError: (error) => {
          form.applyServerErrors(error);
          toast.failed(toasts.createFailed, error);
        },
      });
    }
  }, onInvalid);

  const dialog = (frame: EditDialogFrame, children: ReactNode) => (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={form.pending}
      onSubmit={() => void submit()}
      {...frame}
    >
      <Stack gap="5">
        {stale ? <StaleWriteAlert onReload={() => fill(stale)} /> : null}
        {children}
      </Stack>
    </FormDialog>
  );
  return { form, base, fill, dialog };
}
