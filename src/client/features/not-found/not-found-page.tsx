import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Compass } from 'lucide-react';
import { IconBadge } from '../../components/icon-badge';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../../components/use-document-title';
import { useT } from '../../i18n/use-t';

/** Any path the route table does not know. */
export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.title'));
  return (
    <Container maxW="2xl" px={{ base: '4', md: '8' }} py={{ base: '16', md: '28' }} textAlign="center">
      <IconBadge icon={Compass} iconSize="10" boxSize="20" rounded="full" tone="brand" mx="auto" />
      <Text mt="6" fontWeight="bold" color="gold.fg" letterSpacing="widest" fontSize="sm">
        {t('notFound.eyebrow')}
      </Text>
      <Heading as="h1" mt="2" fontSize={{ base: '3xl', md: '5xl' }} color="brand.950">
        {t('notFound.title')}
      </Heading>
      <Text mt="4" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
        {t('notFound.body')}
      </Text>
      <Box mt="8">
        <Flex gap="3" justify="center" direction={{ base: 'column', sm: 'row' }}>
          <LinkButton to="/" size="lg">
            {t('notFound.backHome')}
          </LinkButton>
          <LinkButton to="/marketplace" size="lg" variant="outline">
            {t('common.nav.browseVendors')}
          </LinkButton>
        </Flex>
      </Box>
    </Container>
  );
}
