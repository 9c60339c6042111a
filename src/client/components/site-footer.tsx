import { Box, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from './logo';

const COLUMNS = [
  {
    title: 'SimchaHub',
    links: [
      { to: '/about', label: 'About' },
      { to: '/marketplace', label: 'Browse Vendors' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/vendor-help', label: 'Vendor Help' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

/** Footer of the public pages, with the footer links of spec section 2. */
export function SiteFooter() {
  return (
    <Box as="footer" bg="brand.950" color="whiteAlpha.800" mt="auto">
      <Container maxW="7xl" px={{ base: '4', md: '8' }} py={{ base: '10', md: '14' }}>
        <Flex
          direction={{ base: 'column', md: 'row' }}
          gap={{ base: '10', md: '16' }}
          justify="space-between"
        >
          <Stack gap="4" maxW="sm">
            <Logo inverted />
            <Text fontSize="sm" lineHeight="tall">
              Planning and vendors for weddings, bar and bat mitzvahs, engagements and every simcha in
              between, built for Jewish families and the businesses that serve them.
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 2, sm: 3 }} gap={{ base: '8', md: '16' }}>
            {COLUMNS.map((column) => (
              <Stack as="nav" aria-label={column.title} key={column.title} gap="3">
                <Heading as="h2" fontSize="sm" fontFamily="body" color="white" letterSpacing="wide">
                  {column.title}
                </Heading>
                {column.links.map((link) => (
                  <Link
                    asChild
                    key={link.to}
                    fontSize="sm"
                    color="whiteAlpha.800"
                    _hover={{ color: 'white', textDecoration: 'underline' }}
                    focusRingColor="white"
                  >
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </Link>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        </Flex>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt="10" pt="6">
          <Text fontSize="xs" color="whiteAlpha.700">
            © {new Date().getFullYear()} SimchaHub. Mazel tov on your upcoming simcha.
          </Text>
        </Box>
      </Container>
    </Box>
  );
}
