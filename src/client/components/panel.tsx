import { Box, type BoxProps } from '@chakra-ui/react';

/** The white, bordered panel a list, a card or a section of the signed-in screens sits on. */
export function Panel(props: BoxProps) {
  return <Box layerStyle="panel" rounded="2xl" data-card="" {...props} />;
}
