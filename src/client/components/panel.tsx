import { Box, type BoxProps } from '@chakra-ui/react';

/** The white, bordered panel a list, a card or a section of the signed-in screens sits on. */
export function Panel(props: BoxProps) {
  return <Box bg="bg" borderWidth="1px" borderColor="border" rounded="2xl" {...props} />;
}
