import { HStack, Icon } from '@chakra-ui/react';
import { Star } from 'lucide-react';

/**
 * Five stars, as many filled as the whole stars of `rating` (4.8 fills four). Decorative:
 * the caller says the rating in words beside or around it.
 */
export function Stars({ rating, size = '4' }: { rating: number; size?: string }) {
  const filled = Math.floor(rating + 1e-9);
  return (
    <HStack gap="0.5" aria-hidden>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon
          key={n}
          boxSize={size}
          color={n <= filled ? 'gold.500' : 'fg.subtle'}
          fill={n <= filled ? 'gold.400' : 'none'}
        >
          <Star />
        </Icon>
      ))}
    </HStack>
  );
}
