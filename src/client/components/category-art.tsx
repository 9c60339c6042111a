import { Box, type BoxProps, Flex, type FlexProps, Icon } from '@chakra-ui/react';
import {
  Camera,
  Flower2,
  Landmark,
  type LucideIcon,
  Mic,
  Music,
  ShoppingBag,
  Sparkles,
  UtensilsCrossed,
} from 'lucide-react';
import { starPattern } from './star-pattern';

interface Art {
  icon: LucideIcon;
  /** The two ends of the background's gradient. */
  from: string;
  to: string;
}

/** Each category's drawing and tint; the same icons as the marketplace's category tiles. */
export const CATEGORY_ART: Record<string, Art> = {
  Venues: { icon: Landmark, from: '#3b5bdb', to: '#1e3a8a' },
  Caterers: { icon: UtensilsCrossed, from: '#0f766e', to: '#1e3a8a' },
  Photographers: { icon: Camera, from: '#4338ca', to: '#1e3a8a' },
  Musicians: { icon: Music, from: '#7c3aed', to: '#1e3a8a' },
  Florists: { icon: Flower2, from: '#be185d', to: '#1e3a8a' },
  Comedians: { icon: Mic, from: '#b45309', to: '#1e3a8a' },
  Shops: { icon: ShoppingBag, from: '#0e7490', to: '#1e3a8a' },
};

const FALLBACK_ART: Art = { icon: Sparkles, from: '#1e3a8a', to: '#152456' };

export function categoryArt(category: string): Art {
  return CATEGORY_ART[category] ?? FALLBACK_ART;
}

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
