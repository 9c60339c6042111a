import { Box, type BoxProps } from '@chakra-ui/react';
import { MAIN_CONTENT_ID } from './skip-link';

/** The page's main landmark: the skip link's target, focusable by script without a focus ring. */
export function MainLandmark(props: BoxProps) {
  return <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} _focus={{ outline: 'none' }} {...props} />;
}
