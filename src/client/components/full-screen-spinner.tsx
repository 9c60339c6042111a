import { Center, Spinner, VisuallyHidden, VStack } from '@chakra-ui/react';
import { StarOfDavid } from './logo';

/** Shown while the signed-in user is being determined (spec section 2). */
export function FullScreenSpinner() {
  return (
    <Center minH="100dvh" bg="canvas" role="status" aria-live="polite">
      <VStack gap="4" color="brand.900">
        <StarOfDavid boxSize="10" />
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <VisuallyHidden>Loading SimchaHub</VisuallyHidden>
      </VStack>
    </Center>
  );
}

/** Suspense fallback inside a layout, while a page's code loads. */
export function PageSpinner() {
  return (
    <Center py="24" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.solid" borderWidth="3px" />
      <VisuallyHidden>Loading page</VisuallyHidden>
    </Center>
  );
}
