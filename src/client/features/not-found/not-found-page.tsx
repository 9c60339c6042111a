import { Box, Button, Container, Flex, Heading, Icon, Text } from '@chakra-ui/react';
import { Compass } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';

/** Any path the route table does not know. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container maxW="2xl" px={{ base: '4', md: '8' }} py={{ base: '16', md: '28' }} textAlign="center">
      <Flex
        mx="auto"
        boxSize="20"
        rounded="full"
        bg="brand.subtle"
        color="brand.fg"
        align="center"
        justify="center"
      >
        <Icon boxSize="10">
          <Compass />
        </Icon>
      </Flex>
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
          <Button asChild size="lg">
            <RouterLink to="/">Back to home</RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <RouterLink to="/marketplace">Browse Vendors</RouterLink>
          </Button>
        </Flex>
      </Box>
    </Container>
  );
}
