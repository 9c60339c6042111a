import { Box, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/constants';
import type { MessageId } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { pageToday } from '../lib/page-clock';
import { StaticPart } from '../lib/static-part';
import { Logo } from './logo';

interface FooterColumn {
  /** The column's heading: the brand, or a message. */
  title: { brand: string } | { id: MessageId };
  links: readonly { to: string; label: MessageId }[];
}

const COLUMNS: readonly FooterColumn[] = [
  {
    title: { brand: PRODUCT_NAME },
    links: [
      { to: '/about', label: 'common.footer.about' },
      { to: '/marketplace', label: 'common.nav.browseVendors' },
      { to: '/pricing', label: 'common.footer.pricing' },
    ],
  },
  {
    title: { id: 'common.footer.support' },
    links: [
      { to: '/help', label: 'common.footer.helpCenter' },
      { to: '/vendor-help', label: 'common.footer.vendorHelp' },
      { to: '/contact', label: 'common.footer.contact' },
    ],
  },
  {
    title: { id: 'common.footer.legal' },
    links: [
      { to: '/terms', label: 'common.footer.terms' },
      { to: '/privacy', label: 'common.footer.privacy' },
    ],
  },
];

/**
 * Footer of the public pages, with the footer links of spec section 2: links only, kept as the server
 * drew it (decision 049).
 */
export function SiteFooter() {
  return (
    <StaticPart>
      <Footer />
    </StaticPart>
  );
}

function Footer() {
  const t = useT();
  const titleOf = (column: FooterColumn) =>
    'brand' in column.title ? column.title.brand : t(column.title.id);
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
              {t('common.footer.tagline')}
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 2, sm: 3 }} gap={{ base: '8', md: '16' }}>
            {COLUMNS.map((column) => (
              <Stack as="nav" aria-label={titleOf(column)} key={titleOf(column)} gap="3">
                <Heading as="h2" fontSize="sm" fontFamily="body" color="white" letterSpacing="wide">
                  {titleOf(column)}
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
                    <RouterLink to={link.to}>{t(link.label)}</RouterLink>
                  </Link>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
        </Flex>
        <Box borderTopWidth="1px" borderColor="whiteAlpha.200" mt="10" pt="6">
          <Text fontSize="xs" color="whiteAlpha.700">
            {t('common.footer.copyright', { year: Number(pageToday().slice(0, 4)), brand: PRODUCT_NAME })}
          </Text>
        </Box>
      </Container>
    </Box>
  );
}
