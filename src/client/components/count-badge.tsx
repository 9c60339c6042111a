import { Badge, type BadgeProps } from '@chakra-ui/react';

interface CountBadgeProps {
  count: number;
  /** What the number counts, for a screen reader: '3 unread'. */
  noun?: string;
  /** The whole name for a screen reader, in the page's language (instead of the count and `noun`). */
  label?: string;
  testId: string;
  palette?: BadgeProps['colorPalette'];
  size?: BadgeProps['size'];
}

/** A round count beside a tab or a menu entry (unread messages, pending claims); nothing at zero. */
export function CountBadge({ count, noun, label, testId, palette = 'red', size }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <Badge
      colorPalette={palette}
      variant="solid"
      rounded="full"
      size={size}
      aria-label={label ?? `${count} ${noun ?? ''}`.trim()}
      data-testid={testId}
    >
      {count}
    </Badge>
  );
}
