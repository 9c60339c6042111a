import { Box, type BoxProps, HStack, Square, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../shared/constants';
import { useT } from '../i18n/use-t';

/** The star of David mark, the same drawing as the favicon. */
export function StarOfDavid(props: BoxProps) {
  return (
    <Box as="span" display="inline-flex" {...props}>
      <svg viewBox="0 0 64 64" width="100%" height="100%" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinejoin="round">
          <path d="M32 9 52 44H12Z" />
          <path d="M32 55 12 20h40Z" />
        </g>
      </svg>
    </Box>
  );
}

interface LogoProps {
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  to?: string;
  size?: 'sm' | 'md';
}

/** The SimchaHub mark and wordmark, linking home. */
export function Logo({ inverted = false, to = '/', size = 'md' }: LogoProps) {
  const box = size === 'sm' ? '8' : '9';
  const t = useT();
  return (
    <HStack
      asChild
      gap="2.5"
      rounded="md"
      color={inverted ? 'white' : 'brand.900'}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <RouterLink to={to} aria-label={t('common.brand.home')}>
        <Square
          as="span"
          size={box}
          rounded="lg"
          bg={inverted ? 'white' : 'brand.900'}
          color={inverted ? 'brand.900' : 'white'}
          shadow="sm"
        >
          <StarOfDavid boxSize="70%" />
        </Square>
        <Text as="span" fontFamily="heading" fontWeight="bold" fontSize={size === 'sm' ? 'lg' : 'xl'}>
          {PRODUCT_NAME}
        </Text>
      </RouterLink>
    </HStack>
  );
}
