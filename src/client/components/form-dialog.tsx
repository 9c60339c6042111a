import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !pending) onClose();
      }}
      size={{ mdDown: 'full', md: 'lg' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!pending}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate aria-busy={pending}>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
                <Dialog.Title color="brand.950" fontSize="xl">
                  {title}
                </Dialog.Title>
                {description ? (
                  <Dialog.Description color="fg.muted" fontSize="sm">
                    {description}
                  </Dialog.Description>
                ) : null}
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer gap="3">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={pending}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={pending} loadingText={pendingLabel} disabled={submitDisabled}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton aria-label="Close dialog" size="sm" disabled={pending} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !pending) onClose();
      }}
      placement="center"
      size="sm"
      closeOnInteractOutside={!pending}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title color="brand.950">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{children}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={pending} loadingText={pendingLabel} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={{ base: 'xs', sm: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <Dialog.Title color="brand.950" fontSize="xl">
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description color="fg.muted" fontSize="sm">
                  {description}
                </Dialog.Description>
              ) : null}
            </Dialog.Header>
            <Dialog.Body pb="6">{children}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton aria-label="Close dialog" size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
