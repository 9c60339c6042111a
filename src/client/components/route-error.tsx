import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { StarOfDavid } from './logo';
import { useDocumentTitle } from './use-document-title';

/**
 * When a route fails to render or its code cannot be loaded (for instance after a new release
 * replaced the files), offer a reload instead of a blank page.
 */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <Center minH="100dvh" bg="canvas" px="4">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <StarOfDavid boxSize="12" color="brand.900" />
        <Heading as="h1" size="2xl" color="brand.950">
          Something went wrong
        </Heading>
        <Text color="fg.muted">This page could not be shown. Reloading usually fixes it.</Text>
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Stack>
    </Center>
  );
}
