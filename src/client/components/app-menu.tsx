import { CloseButton, Drawer } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { useT } from '../i18n/use-t';
import { MenuDrawer } from './menu-drawer';

interface AppMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  /** The dark navigation panel. */
  children: ReactNode;
}

/**
 * The signed-in layout's phone menu: the navigation panel sliding in from the start. Its own chunk
 * (the dialog machine and focus trap), like the public header's menu: a desktop never loads it, and
 * a phone loads it when the page is idle or the menu button is pressed.
 */
export function AppMenu({ open, onOpenChange, trigger, children }: AppMenuProps) {
  const t = useT();
  return (
    <MenuDrawer
      open={open}
      onOpenChange={onOpenChange}
      placement="start"
      finalFocusEl={() => trigger.current}
    >
      <Drawer.Content bg="transparent" shadow="none" aria-label={t('common.menu.title')}>
        <Drawer.Title srOnly>{t('common.menu.title')}</Drawer.Title>
        {children}
        <Drawer.CloseTrigger asChild top="4" insetEnd="3">
          <CloseButton
            aria-label={t('common.menu.close')}
            size="sm"
            color="white"
            _hover={{ bg: 'whiteAlpha.200' }}
          />
        </Drawer.CloseTrigger>
      </Drawer.Content>
    </MenuDrawer>
  );
}
