import { Icon, IconButton } from '@chakra-ui/react';
import { Menu } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A phone menu whose drawer is its own chunk (the dialog machine and focus trap): the chunk loads
 * once the page has been idle a moment on a screen narrower than `wideQuery` (where the menu button
 * shows), or when the button is pressed. The drawer is mounted from the first press on, so that
 * closing still plays its exit.
 */
export function useLazyMenu(load: () => Promise<unknown>, wideQuery: string) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const t = useT();
  useEffect(() => {
    if (window.matchMedia(wideQuery).matches) return;
    const id = window.setTimeout(() => void load(), 1500);
    return () => window.clearTimeout(id);
  }, [load, wideQuery]);

  const button: ReactNode = (
    <IconButton
      ref={trigger}
      aria-label={t('common.menu.open')}
      aria-haspopup="dialog"
      aria-expanded={open}
      variant="ghost"
      color="brand.900"
      onClick={() => {
        setUsed(true);
        setOpen(true);
      }}
    >
      <Icon boxSize="6">
        <Menu />
      </Icon>
    </IconButton>
  );
  return { open, setOpen, used, trigger: trigger as RefObject<HTMLButtonElement | null>, button };
}
