import {
  Box,
  defineStyle,
  Flex,
  Heading,
  HStack,
  Link,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CheckList } from '../../components/check-list';
import { Logo, StarOfDavid } from '../../components/logo';
import { MainLandmark } from '../../components/main-landmark';
import { SkipLink } from '../../components/skip-link';
import { SmallIcon } from '../../components/small-icon';
import { starPattern } from '../../components/star-pattern';
import { useDocumentTitle } from '../../components/use-document-title';
import { counted, useSiteFigures } from '../../lib/site-figures';

interface AuthShellProps {
  title: string;
  subtitle: ReactNode;
  /** Shown above the form: why this screen appeared (e.g. a guarded page). */
  notice?: ReactNode;
  children: ReactNode;
  /** Links and boxes under the form card. */
  footer?: ReactNode;
  /** The brand panel's message on wide screens. */
  panel?: { heading: string; points: string[] };
}

const DEFAULT_PANEL = {
  heading: 'Every simcha, beautifully planned',
  points: [
    'Events, tasks, deposits and memos in one place',
    'Hebrew dates and Shabbat-aware scheduling',
    'Trusted vendors who know your traditions',
  ],
};

/**
 * "Trusted by 1,204 families and 312 vendors.", from counted figures, once they are large enough to
 * show (SITE_FIGURES_MIN); until then a true sentence without a number.
 */
function TrustedBy() {
  const figures = useSiteFigures();
  const parts = [
    counted(figures?.families, 'family', 'families'),
    counted(figures?.vendors, 'vendor', 'vendors'),
  ].filter((p): p is string => p !== null);
  return (
    <Text fontSize="sm" color="whiteAlpha.700" minH="1.25rem">
      {parts.length > 0
        ? `Trusted by ${parts.join(' and ')}.`
        : figures
          ? 'Made for Jewish families and the vendors who celebrate with them.'
          : null}
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
  useDocumentTitle(title);
  // The brand panel shows on wide screens only: phones do not ask for figures they would not show.
  const wide = useBreakpointValue({ base: false, lg: true }, { ssr: false }) ?? false;
  return (
    <Flex minH="100dvh" bg="canvas">
      <SkipLink />
      <Flex hideBelow="lg" css={BRAND_PANEL}>
        <Logo inverted />
        <Stack gap="6" maxW="md">
          <StarOfDavid boxSize="14" color="gold.300" />
          <Heading as="p" fontSize="4xl" lineHeight="1.15" fontWeight="bold">
            {panel.heading}
          </Heading>
          <CheckList items={panel.points} tick="gold.300" tickSize="5" gap="3" color="whiteAlpha.900" />
        </Stack>
        {wide ? <TrustedBy /> : null}
      </Flex>

      <Stack flex="1" align="center" px={{ base: '4', sm: '6' }} py={{ base: '6', md: '10' }}>
        <Box w="full" maxW="md">
          <HStack justify="space-between" mb={{ base: '6', md: '8' }}>
            <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm">
              <RouterLink to="/">
                <SmallIcon icon={ArrowLeft} />
                Back to home
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
