import { Menu, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface ActionMenuProps extends Omit<Menu.RootProps, 'children'> {
  /** The button that opens the menu (an icon button); it becomes the menu's trigger. */
  trigger: ReactElement;
  /** The list's own props (its width). */
  content?: Menu.ContentProps;
  children: ReactNode;
}

/** A menu opened from a button, its items drawn in a portal over the page next to the button. */
export function ActionMenu({ trigger, content, children, ...root }: ActionMenuProps) {
  return (
    <Menu.Root {...root}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content {...content}>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
