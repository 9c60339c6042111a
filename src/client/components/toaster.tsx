import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from '../lib/toast';

/**
 * Renders the toasts raised through `toast` from lib/toast. Mounted once, in the providers.
 *
 * A toast is a live region, read out by its text, so it needs no label; without one it never
 * answers a lookup by label meant for a form field (a 'Password must be...' toast is not the
 * Password field).
 */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(item) => (
          <Toast.Root
            width={{ md: 'sm' }}
            // biome-ignore lint/a11y/useValidAriaValues: an empty value drops the title-as-label link on purpose
            aria-labelledby=""
          >
            {item.type === 'loading' ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {item.title ? <Toast.Title>{item.title}</Toast.Title> : null}
              {item.description ? <Toast.Description>{item.description}</Toast.Description> : null}
            </Stack>
            {item.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
