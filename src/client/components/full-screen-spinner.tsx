import { Center, Spinner, VisuallyHidden, VStack } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../../shared/constants';
import { useT } from '../i18n/use-t';
import { StarOfDavid } from './logo';

/** Shown while the signed-in user is being determined (spec section 2). */
export function FullScreenSpinner() {
  const t = useT();
  return (
    <Center minH="100dvh" bg="canvas" role="status" aria-live="polite">
      <VStack gap="4" color="brand.900">
        <StarOfDavid boxSize="10" />
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <VisuallyHidden>{t('common.loading.app', { brand: PRODUCT_NAME })}</VisuallyHidden>
      </VStack>
    </Center>
  );
}

/** Suspense fallback inside a layout, while a page's code loads. */
export function PageSpinner() {
  const t = useT();
  return (
    <Center py="24" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>{t('common.loading.page')}</VisuallyHidden>
    </Center>
  );
}
