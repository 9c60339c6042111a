import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * A bar across the conversation pane, set off from the messages by a thin line: the header and the
 * availability request above them (`edge="bottom"`), the reply box below (`edge="top"`).
 */
export function PaneBar({ edge, ...props }: BoxProps & { edge: 'top' | 'bottom' }) {
  const line = edge === 'top' ? { borderTopWidth: '1px' } : { borderBottomWidth: '1px' };
  return <Box {...line} borderColor="border.muted" px={{ base: '3', md: '5' }} {...props} />;
}
