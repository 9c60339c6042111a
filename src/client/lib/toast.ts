import { createToaster } from '@chakra-ui/react';
import { TIMINGS } from '../../shared/constants';
import { serverMessage } from './errors';

/**
 * One toast at a time (spec section 9): a new toast replaces the one on screen instead of waiting
 * in a queue. F8 moves focus to the notification region.
 */
export const toaster = createToaster({
  // At the top: on a phone, dialogs fill the screen with their action buttons at the bottom, where
  // a toast would cover them.
  placement: 'top-end',
  max: 1,
  duration: TIMINGS.toastMs,
  hotkey: ['F8'],
  // The top offset is a CSS variable so the Toaster can lower toasts below the phone's top bar.
  offsets: { top: 'var(--toast-offset-top, 1rem)', right: '1rem', bottom: '1rem', left: '1rem' },
  pauseOnPageIdle: true,
});

type ToastType = 'success' | 'error' | 'info';

/** What the Toaster adds in the page's language: 'retry', a plain retry hint under the title. */
export interface ToastMeta {
  hint?: 'retry';
}

function show(type: ToastType, title: string, description?: string, meta?: ToastMeta): string {
  // remove, not dismiss: a dismissed toast still holds the single slot while it animates out,
  // which queued the next toast for a whole toast duration.
  toaster.remove();
  return toaster.create({ type, title, description, closable: true, meta });
}

/** The only way screens raise toasts: `toast.success(title)`, `toast.error(title, description)`, `toast.failed(title, error)`. */
export const toast = {
  success: (title: string, description?: string) => show('success', title, description),
  /** Destructive style, for failures and rejected input. */
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  /** A failed request: the server's own message when it sent one, else a plain retry hint. */
  failed: (title: string, error: unknown) => {
    const said = serverMessage(error);
    return said
      ? show('error', title, said)
      : show('error', title, undefined, {
          hint: /* value: the kind of hint, drawn by the Toaster */ 'retry',
        });
  },
};
