import { Alert, Badge, type BadgeProps, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ConflictLevel } from '../../shared/schemas/observance';

/** The title of the forbidden tier's box: the spec's words, followed by the server's reason. */
export const SCHEDULING_CONFLICT = 'Scheduling Conflict';

/** Each tier's alert status, titles and colour palette: the calendar's legend and marks use them too. */
export const CONFLICT_TIERS: Record<
  ConflictLevel,
  { status: 'error' | 'warning' | 'info'; title: string; badge: string; palette: BadgeProps['colorPalette'] }
> = {
  forbidden: { status: 'error', title: SCHEDULING_CONFLICT, badge: 'Conflict', palette: 'red' },
  custom: { status: 'warning', title: 'Avoided by custom', badge: 'By custom', palette: 'orange' },
  info: { status: 'info', title: 'Worth knowing', badge: 'Note', palette: 'blue' },
};

interface ConflictNoticeProps {
  level: ConflictLevel | null | undefined;
  /** The server's message for the tier. */
  reason: string | null | undefined;
  /** Names the notice, so that a field can point at it with aria-describedby. */
  id?: string;
  /** Replaces the tier's own title line (the request dialog's overlap sentence). */
  headline?: ReactNode;
  'data-testid'?: string;
  mt?: string;
}

/**
 * The tier a date and time get at their place (decision 034): forbidden in red with the spec's
 * 'Scheduling Conflict' title, a day avoided by custom in amber, something worth knowing in a quiet
 * blue; nothing without a tier.
 */
export function ConflictNotice({ level, reason, id, headline, mt, ...rest }: ConflictNoticeProps) {
  if (!level) return null;
  const tier = CONFLICT_TIERS[level];
  return (
    <Alert.Root
      id={id}
      status={tier.status}
      variant={level === 'info' ? 'subtle' : 'surface'}
      rounded="lg"
      size="sm"
      role="status"
      mt={mt}
      data-conflict-level={level}
      data-testid={rest['data-testid'] ?? 'conflict-notice'}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="semibold">
          {headline ?? (reason ? `${tier.title}: ` : tier.title)}
        </Alert.Title>
        {reason ? <Alert.Description>{reason}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The tier as a small badge on a card; its reason is the badge's accessible description. */
export function ConflictBadge({
  level,
  reason,
}: {
  level: ConflictLevel | null | undefined;
  reason?: string | null;
}) {
  if (!level) return null;
  const tier = CONFLICT_TIERS[level];
  return (
    <Badge
      variant="subtle"
      colorPalette={tier.palette}
      size="sm"
      title={reason ?? undefined}
      data-conflict-level={level}
    >
      {tier.badge}
      {reason ? <VisuallyHidden>: {reason}</VisuallyHidden> : null}
    </Badge>
  );
}
