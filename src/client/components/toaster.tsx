import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, type ToastOptions } from '@chakra-ui/react';
import { type PointerEvent, useRef } from 'react';
import { useMessageText, useT } from '../i18n/use-t';
import { type ToastMeta, toaster } from '../lib/toast';

/** How far right a toast must be dragged to go away (spec section 9). */
export const SWIPE_DISMISS_PX = 50;
/** Movement before a press counts as a swipe rather than a click or a vertical scroll. */
const SWIPE_START_PX = 6;

/**
 * Renders the toasts raised through `toast` from lib/toast. Mounted once, in the providers.
 * F8 focuses the region (the toaster's hotkey); a toast goes away when swiped right.
 *
 * A toast is a live region, read out by its text, so it needs no label; without one it never
 * answers a lookup by label meant for a form field (a 'Password must be...' toast is not the
 * Password field).
 */
export function Toaster() {
  return (
    <Portal>
      {/* Below the large breakpoint the signed-in frame has a 3.5rem top bar (menu, bell) and the
          public header is 4rem (4.5rem from md): toasts start under it, never over the bell. */}
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        css={{ '--toast-offset-top': { base: '4.5rem', md: '5rem', lg: '1rem' } }}
      >
        {(item) => <SwipeableToast item={item} />}
      </ChakraToaster>
    </Portal>
  );
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  swiping: boolean;
  dx: number;
}

/**
 * One toast. Dragged right with a finger or the mouse it follows the pointer; let go past 50 px it
 * is dismissed, before that it slides back. A press that does not move stays a click (the close
 * button keeps working), and a mostly vertical drag is left to the page.
 */
function SwipeableToast({ item }: { item: ToastOptions }) {
  const drag = useRef<Drag | null>(null);
  const t = useT();
  // A shared schema's sentence (toast.error(EVENT_MESSAGES.required)) in the page's language; words
  // already in it are left as they are.
  const messageText = useMessageText();
  const said = (text: ToastOptions['title']) => (typeof text === 'string' ? messageText(text) : text);
  const title = said(item.title);
  const description =
    said(item.description) ??
    ((item.meta as ToastMeta | undefined)?.hint === 'retry' ? t('common.error.tryAgainPlease') : null);

  const settle = (el: HTMLElement) => {
    el.style.transition = 'transform 0.2s ease, opacity 0.2s ease';
    el.style.transform = '';
    el.style.opacity = '';
    el.style.userSelect = '';
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, swiping: false, dx: 0 };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dx = event.clientX - d.x;
    const dy = event.clientY - d.y;
    const el = event.currentTarget;
    if (!d.swiping) {
      if (Math.abs(dy) > SWIPE_START_PX && Math.abs(dy) > Math.abs(dx)) {
        drag.current = null;
        return;
      }
      if (dx < SWIPE_START_PX) return;
      d.swiping = true;
      // From here the toast follows the pointer even when it leaves the toast.
      el.setPointerCapture?.(event.pointerId);
      el.style.transition = 'none';
      el.style.userSelect = 'none';
    }
    d.dx = Math.max(0, dx);
    el.style.transform = `translateX(${d.dx}px)`;
    el.style.opacity = String(Math.max(0.2, 1 - d.dx / 250));
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d?.swiping || d.pointerId !== event.pointerId) return;
    const el = event.currentTarget;
    if (d.dx >= SWIPE_DISMISS_PX) {
      el.style.transition = 'transform 0.15s ease, opacity 0.15s ease';
      el.style.transform = `translateX(${Math.max(d.dx, el.offsetWidth)}px)`;
      el.style.opacity = '0';
      if (item.id) toaster.dismiss(item.id);
    } else {
      settle(el);
    }
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (d?.swiping) settle(event.currentTarget);
  };

  return (
    <Toast.Root
      width={{ md: 'sm' }}
      // biome-ignore lint/a11y/useValidAriaValues: an empty value drops the title-as-label link on purpose
      aria-labelledby=""
      // Horizontal moves are the toast's (the swipe); vertical ones still scroll the page.
      touchAction="pan-y"
      data-swipe-dismiss={SWIPE_DISMISS_PX}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {item.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
      <Stack gap="1" flex="1" maxWidth="100%">
        {title ? <Toast.Title>{title}</Toast.Title> : null}
        {/* Chakra fades the description to 80%: white at 80% on the error red is 3.5:1, under the 4.5:1
            body text needs, so it is drawn at full strength like the title. */}
        {description ? <Toast.Description opacity="1">{description}</Toast.Description> : null}
      </Stack>
      {item.closable ? <Toast.CloseTrigger aria-label={t('common.toast.dismiss')} /> : null}
    </Toast.Root>
  );
}
