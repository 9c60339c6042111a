import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useT } from '../i18n/use-t';
import { StarOfDavid } from './logo';
import { useDocumentTitle } from './use-document-title';

/**
 * When a route fails to render or its code cannot be loaded (for instance after a new release
 * replaced the files), offer a reload instead of a blank page.
 */
export function RouteError() {
  const t = useT();
  useDocumentTitle(t('common.error.generic'));
  return (
    <Center minH="100dvh" bg="canvas" px="4">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <StarOfDavid boxSize="12" color="brand.900" />
        <Heading as="h1" size="2xl" color="brand.950">
          {t('common.error.generic')}
        </Heading>
        <Text color="fg.muted">{t('common.routeError.description')}</Text>
        <Button size="lg" onClick={() => window.location.reload()}>
          {t('common.routeError.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
