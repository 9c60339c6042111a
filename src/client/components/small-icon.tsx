import { Icon } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';

/** A 1rem icon before or after the words of a link or a button (Back to home, Sign Out). */
export function SmallIcon({ icon: Glyph }: { icon: LucideIcon }) {
  return (
    <Icon boxSize="4">
      <Glyph />
    </Icon>
  );
}
