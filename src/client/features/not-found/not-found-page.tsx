import { Box, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Compass } from 'lucide-react';
import { IconBadge } from '../../components/icon-badge';
import { LinkButton } from '../../components/link-button';
import { useDocumentTitle } from '../../components/use-document-title';

/** Any path the route table does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container maxW="2xl" px={{ base: '4', md: '8' }} py={{ base: '16', md: '28' }} textAlign="center">
      <IconBadge icon={Compass} iconSize="10" boxSize="20" rounded="full" tone="brand" mx="auto" />
      <Text mt="6" fontWeight="bold" color="gold.fg" letterSpacing="widest" fontSize="sm">
        ERROR 404
      </Text>
      <Heading as="h1" mt="2" fontSize={{ base: '3xl', md: '5xl' }} color="brand.950">
        Page not found
      </Heading>
      <Text mt="4" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
        We could not find the page you were looking for. The link may be mistyped, or the page may have moved.
      </Text>
      <Box mt="8">
        <Flex gap="3" justify="center" direction={{ base: 'column', sm: 'row' }}>
          <LinkButton to="/" size="lg">
            Back to home
          </LinkButton>
          <LinkButton to="/marketplace" size="lg" variant="outline">
            Browse Vendors
          </LinkButton>
        </Flex>
      </Box>
    </Container>
  );
}
