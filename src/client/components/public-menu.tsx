import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';

/**
 * The phone menu of the public header, a drawer. Its own chunk (the dialog machine and focus trap,
 * about 15 KB gzip): the header loads it when the page is idle or the menu button is pressed, so it
 * is not in the landing page's first paint.
 */
export function PublicMenu({
  open,
  onOpenChange,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="end"
      size="xs"
      lazyMount
      unmountOnExit
      finalFocusEl={() => trigger.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label="Close menu" size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
