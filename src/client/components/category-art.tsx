import { Box, type BoxProps, Flex, type FlexProps, Icon } from '@chakra-ui/react';
import { categoryArt } from '../../shared/category-art';
import { starPattern } from './star-pattern';

interface CategoryArtProps extends FlexProps {
  category: string;
  /** The drawing's size; it stays whole and centred whatever the box's shape. */
  iconSize?: BoxProps['boxSize'];
  /** Room between the drawing and the pale disc behind it. */
  ringPadding?: BoxProps['p'];
}

/**
 * The picture of a listing without a cover photo: its category's drawing on a tinted, star-patterned
 * ground. Decorative: the listing's name and category are written beside it.
 */
export function CategoryArt({ category, iconSize = '12', ringPadding = '5', ...props }: CategoryArtProps) {
  const art = categoryArt(category);
  const DrawingIcon = art.icon;
  return (
    <Flex
      aria-hidden
      data-category-art={category}
      align="center"
      justify="center"
      w="full"
      h="full"
      color="white"
      bgImage={`${starPattern('#ffffff', 0.12, 48)}, linear-gradient(135deg, ${art.from} 0%, ${art.to} 100%)`}
      {...props}
    >
      <Box rounded="full" bg="whiteAlpha.200" p={ringPadding} lineHeight="0">
        <Icon boxSize={iconSize} strokeWidth="1.5">
          <DrawingIcon />
        </Icon>
      </Box>
    </Flex>
  );
}
