import { Box, defineStyle, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { CheckList } from '../../components/check-list';
import { Logo, StarOfDavid } from '../../components/logo';
import { MainLandmark } from '../../components/main-landmark';
import { SkipLink } from '../../components/skip-link';
import { SmallIcon } from '../../components/small-icon';
import { starPattern } from '../../components/star-pattern';
import { useDocumentTitle } from '../../components/use-document-title';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { countText, useSiteFigures } from '../../lib/site-figures';
import { useWiderThan } from '../../lib/viewport';

interface AuthShellProps {
  title: string;
  subtitle: ReactNode;
  /** Shown above the form: why this screen appeared (e.g. a guarded page). */
  notice?: ReactNode;
  children: ReactNode;
  /** Links and boxes under the form card. */
  footer?: ReactNode;
  /** The brand panel's message on wide screens. */
  panel?: AuthPanel;
}

/** The brand panel's heading and points, as message ids. */
export interface AuthPanel {
  heading: MessageId;
  points: MessageId[];
}

const DEFAULT_PANEL: AuthPanel = {
  heading: 'auth.panel.heading',
  points: ['auth.panel.events', 'auth.panel.hebrewDates', 'auth.panel.vendors'],
};

/**
 * "Trusted by 1,204 families and 312 vendors.", from counted figures, once they are large enough to
 * show (SITE_FIGURES_MIN); until then a true sentence without a number.
 */
function TrustedBy() {
  const t = useT();
  const figures = useSiteFigures();
  const families = countText(figures?.families);
  const vendors = countText(figures?.vendors);
  const trusted =
    families && vendors
      ? t('auth.trusted.both', {
          families: figures?.families ?? 0,
          familiesText: families,
          vendors: figures?.vendors ?? 0,
          vendorsText: vendors,
        })
      : families
        ? t('auth.trusted.families', { families: figures?.families ?? 0, familiesText: families })
        : vendors
          ? t('auth.trusted.vendors', { vendors: figures?.vendors ?? 0, vendorsText: vendors })
          : null;
  return (
    <Text fontSize="sm" color="whiteAlpha.700" minH="1.25rem">
      {trusted ?? (figures ? t('auth.trusted.none') : null)}
    </Text>
  );
}

/** The brand panel beside the form on wide screens: a starry blue column, its parts spread top to bottom. */
const BRAND_PANEL = defineStyle({
  w: '44%',
  maxW: '2xl',
  minH: '100dvh',
  flexDirection: 'column',
  justifyContent: 'space-between',
  p: '12',
  color: 'white',
  bgColor: 'brand.900',
  bgImage: `${starPattern('#ffffff', 0.07)}, linear-gradient(160deg, #1e3a8a 0%, #152456 100%)`,
});

/** The frame of the sign-in and sign-up screens: a brand panel and the form card. */
export function AuthShell({
  title,
  subtitle,
  notice,
  children,
  footer,
  panel = DEFAULT_PANEL,
}: AuthShellProps) {
  const t = useT();
  useDocumentTitle(title);
  // The brand panel shows on wide screens only: phones do not ask for figures they would not show.
  const wide = useWiderThan('lg');
  return (
    <Flex minH="100dvh" bg="canvas">
      <SkipLink />
      <Flex hideBelow="lg" css={BRAND_PANEL}>
        <Logo inverted />
        <Stack gap="6" maxW="md">
          <StarOfDavid boxSize="14" color="gold.300" />
          <Heading as="p" fontSize="4xl" lineHeight="1.15" fontWeight="bold">
            {t(panel.heading, { brand: PRODUCT_NAME })}
          </Heading>
          <CheckList
            items={panel.points.map((id) => t(id))}
            tick="gold.300"
            tickSize="5"
            gap="3"
            color="whiteAlpha.900"
          />
        </Stack>
        {wide ? <TrustedBy /> : null}
      </Flex>

      {/* minW 0: a long word inside (an address) never widens the page past the screen. */}
      <Stack flex="1" minW="0" align="center" px={{ base: '4', sm: '6' }} py={{ base: '6', md: '10' }}>
        <Box w="full" maxW="md">
          <HStack justify="space-between" mb={{ base: '6', md: '8' }}>
            <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
              <RouterLink to="/">
                <DirectionalIcon>
                  <SmallIcon icon={ArrowLeft} />
                </DirectionalIcon>
                {t('auth.backHome')}
              </RouterLink>
            </Link>
            <Box display={{ base: 'block', lg: 'none' }}>
              <Logo size="sm" />
            </Box>
          </HStack>
          <MainLandmark layerStyle="formCard" p={{ base: '6', md: '8' }}>
            <Heading as="h1" size="2xl" color="brand.950">
              {title}
            </Heading>
            <Text mt="2" color="fg.muted">
              {subtitle}
            </Text>
            {notice ? <Box mt="5">{notice}</Box> : null}
            <Box mt="6">{children}</Box>
          </MainLandmark>
          {footer ? (
            <Stack gap="4" mt="6">
              {footer}
            </Stack>
          ) : null}
        </Box>
      </Stack>
    </Flex>
  );
}
