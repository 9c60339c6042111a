import { Button, Dialog, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { DialogActions, DialogCloseX, DialogHeading, DialogShell } from './dialog-parts';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** What the submit button reads while saving, e.g. 'Saving...'. */
  pendingLabel: string;
  pending: boolean;
  /** Blocks submitting while something else runs (an image upload) or a required field is empty. */
  submitDisabled?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** A dialog around one form: full screen on a phone, centred from tablets up. */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
  onSubmit,
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !submitDisabled) onSubmit();
  };
  return (
    <DialogShell open={open} onClose={onClose} pending={pending} long="lg">
      <Dialog.Content asChild>
        <form onSubmit={submit} noValidate aria-busy={pending}>
          <DialogHeading title={title} description={description} />
          <Dialog.Body>{children}</Dialog.Body>
          <DialogActions pending={pending}>
            <Button type="submit" loading={pending} loadingText={pendingLabel} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </DialogActions>
          <DialogCloseX disabled={pending} />
        </form>
      </Dialog.Content>
    </DialogShell>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone; the safe choice has the focus. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <DialogShell role="alertdialog" open={open} onClose={onClose} pending={pending} size="sm" inset>
      <Dialog.Content>
        <Dialog.Header>
          <Dialog.Title color="brand.950">{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text color="fg.muted">{children}</Text>
        </Dialog.Body>
        <DialogActions pending={pending}>
          <Button colorPalette="red" loading={pending} loadingText={pendingLabel} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog.Content>
    </DialogShell>
  );
}

interface InfoDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A small dialog without a form: prompts and pickers. */
export function InfoDialog({ open, onClose, title, description, children }: InfoDialogProps) {
  return (
    <DialogShell open={open} onClose={onClose} size={{ base: 'xs', sm: 'sm' }} inset>
      <Dialog.Content>
        <DialogHeading title={title} description={description} />
        <Dialog.Body pb="6">{children}</Dialog.Body>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
