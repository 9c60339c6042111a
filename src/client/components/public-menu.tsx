import { CloseButton, Drawer } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import { useT } from '../i18n/use-t';
import { MenuDrawer } from './menu-drawer';

/**
 * The phone menu of the public header, a drawer. Its own chunk (the dialog machine and focus trap,
 * about 15 KB gzip): the header loads it when the page is idle or the menu button is pressed, so it
 * is not in the landing page's first paint.
 */
interface PublicMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets the focus back when the menu closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

export function PublicMenu({ open, onOpenChange, trigger, children }: PublicMenuProps) {
  const t = useT();
  return (
    <MenuDrawer open={open} onOpenChange={onOpenChange} placement="end" finalFocusEl={() => trigger.current}>
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>{t('common.menu.title')}</Drawer.Title>
        </Drawer.Header>
        <Drawer.Body>{children}</Drawer.Body>
        <Drawer.CloseTrigger asChild>
          <CloseButton aria-label={t('common.menu.close')} size="sm" />
        </Drawer.CloseTrigger>
      </Drawer.Content>
    </MenuDrawer>
  );
}
