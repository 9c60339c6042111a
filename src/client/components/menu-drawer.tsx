import { Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type MenuDrawerProps = Omit<Drawer.RootProps, 'onOpenChange' | 'children'> & {
  onOpenChange: (open: boolean) => void;
  /** The button that opens the drawer, when it stands where the drawer is declared. */
  button?: ReactNode;
  /** The drawer's content (a `Drawer.Content`). */
  children: ReactNode;
};

/** A phone menu sliding in from a side: narrow, and mounted only while it is open. */
export function MenuDrawer({ onOpenChange, button, children, ...root }: MenuDrawerProps) {
  return (
    <Drawer.Root onOpenChange={(e) => onOpenChange(e.open)} size="xs" lazyMount unmountOnExit {...root}>
      {button ? <Drawer.Trigger asChild>{button}</Drawer.Trigger> : null}
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>{children}</Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
