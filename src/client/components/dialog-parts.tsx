import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../i18n/use-t';

type DialogShellProps = Omit<Dialog.RootProps, 'onOpenChange' | 'closeOnInteractOutside' | 'children'> & {
  onClose: () => void;
  /** While something saves, the dialog stays open: no closing by Escape, the backdrop or the X. */
  pending?: boolean;
  /** Keeps a small dialog off the screen's edges on a phone. */
  inset?: boolean;
  /**
   * For a long dialog (a form, a review): the whole screen below md, this size from md up, and its
   * body scrolls inside.
   */
  long?: 'lg' | 'xl';
  children: ReactNode;
};

/** The root, backdrop and positioner around every dialog's content; centred unless told otherwise. */
export function DialogShell({
  onClose,
  pending = false,
  inset = false,
  long,
  children,
  ...root
}: DialogShellProps) {
  // A dialog the server drew open (a link to /events?new=1) stays where it was drawn, inside the
  // page, until it closes: moved into its portal once the page is taken over, it would be drawn
  // anew, and a field being typed into would lose the focus and what was typed (boot.ts).
  const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, hydratingNow);
  const [drawnOpen, setDrawnOpen] = useState(() => hydrating && root.open === true);
  useEffect(() => {
    if (!root.open) setDrawnOpen(false);
  }, [root.open]);
  const longLayout = long
    ? ({ size: { mdDown: 'full', md: long }, scrollBehavior: 'inside' } as const)
    : null;
  return (
    <Dialog.Root
      onOpenChange={(details) => {
        if (!details.open && !pending) onClose();
      }}
      placement="center"
      closeOnInteractOutside={!pending}
      {...longLayout}
      {...root}
    >
      <Portal disabled={drawnOpen}>
        <Dialog.Backdrop />
        <Dialog.Positioner px={inset ? '4' : undefined}>{children}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const subscribeToNothing = () => () => {};
const notHydrating = () => false;
/** The server's snapshot: what React reads while drawing on the server and while hydrating. */
const hydratingNow = () => true;

/** The dialog's title, with an optional line under it; room is left for the close button. */
export function DialogHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
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
  );
}

/** The X in the dialog's corner. */
export function DialogCloseX({ disabled }: { disabled?: boolean }) {
  const t = useT();
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton aria-label={t('common.dialog.close')} size="sm" disabled={disabled} />
    </Dialog.CloseTrigger>
  );
}

/** The outlined button that closes the dialog without doing anything: Cancel, Close or Done. */
export function DialogDismiss({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  return (
    <Dialog.ActionTrigger asChild>
      <Button variant="outline" disabled={disabled}>
        {children}
      </Button>
    </Dialog.ActionTrigger>
  );
}

/** The footer of a dialog that asks for something: Cancel, then the action given. */
export function DialogActions({ pending, children }: { pending: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <Dialog.Footer gap="3">
      <DialogDismiss disabled={pending}>{t('common.action.cancel')}</DialogDismiss>
      {children}
    </Dialog.Footer>
  );
}
