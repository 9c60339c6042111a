import { Alert, Badge, type BadgeProps, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ObservanceAbout } from '../../shared/observance-reasons';
import type { ConflictLevel } from '../../shared/schemas/observance';
import type { MessageId } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { useReasonText } from './observance-reason';

/** The title of the forbidden tier's box: the spec's words, followed by the server's reason. */
export const SCHEDULING_CONFLICT = 'common.conflict.forbidden.title' satisfies MessageId;

/**
 * Each tier's alert status, titles (messages, translated where drawn) and colour palette: the
 * calendar's legend and marks use them too.
 */
export const CONFLICT_TIERS: Record<
  ConflictLevel,
  {
    status: 'error' | 'warning' | 'info';
    titleId: MessageId;
    badgeId: MessageId;
    palette: BadgeProps['colorPalette'];
  }
> = {
  forbidden: {
    status: 'error',
    titleId: SCHEDULING_CONFLICT,
    badgeId: 'common.conflict.forbidden.badge',
    palette: 'red',
  },
  custom: {
    status: 'warning',
    titleId: 'common.conflict.custom.title',
    badgeId: 'common.conflict.custom.badge',
    palette: 'orange',
  },
  info: {
    status: 'info',
    titleId: 'common.conflict.info.title',
    badgeId: 'common.conflict.info.badge',
    palette: 'blue',
  },
};

interface ConflictNoticeProps {
  level: ConflictLevel | null | undefined;
  /** The server's message for the tier, in English. */
  reason: string | null | undefined;
  /** The message by code: shown in the page's language when given (observance-reason.ts). */
  about?: ObservanceAbout | null;
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
export function ConflictNotice({
  level,
  reason: sentence,
  about,
  id,
  headline,
  mt,
  ...rest
}: ConflictNoticeProps) {
  const t = useT();
  const reason = useReasonText()(sentence, about);
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
          {headline ??
            (reason ? t('common.conflict.titleWithReason', { title: t(tier.titleId) }) : t(tier.titleId))}
        </Alert.Title>
        {reason ? <Alert.Description>{reason}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/** The tier as a small badge on a card; its reason is the badge's accessible description. */
export function ConflictBadge({
  level,
  reason: sentence,
  about,
}: {
  level: ConflictLevel | null | undefined;
  /** The server's message, in English, and by code (shown in the page's language when given). */
  reason?: string | null;
  about?: ObservanceAbout | null;
}) {
  const t = useT();
  const reason = useReasonText()(sentence, about);
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
      {t(tier.badgeId)}
      {reason ? <VisuallyHidden>{t('common.conflict.reasonSuffix', { reason })}</VisuallyHidden> : null}
    </Badge>
  );
}

/** A tier's title in the page's language ('Scheduling Conflict'), with ': ' after it when `colon`. */
export function ConflictTierName({ level, colon = false }: { level: ConflictLevel; colon?: boolean }) {
  const t = useT();
  const title = t(CONFLICT_TIERS[level].titleId);
  return colon ? t('common.conflict.titleWithReason', { title }) : title;
}
