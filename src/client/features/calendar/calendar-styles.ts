import type { HolidayType } from '../../../shared/jewish-calendar';
import type { ConflictLevel } from '../../../shared/schemas/observance';
import { CONFLICT_TIERS } from '../../components/conflict-notice';
import type { MessageId } from '../../i18n/catalogue';

/** Colour palette of each holiday type (spec section 3), shared by cells, lists and the legend. */
export const HOLIDAY_PALETTE: Record<HolidayType, string> = {
  major: 'purple',
  celebration: 'green',
  minor: 'cyan',
  fast: 'orange',
};

/** Legend wording of spec section 2. */
export const HOLIDAY_LEGEND: Record<HolidayType, MessageId> = {
  major: 'calendar.legend.major',
  celebration: 'calendar.legend.celebration',
  minor: 'calendar.legend.minor',
  fast: 'calendar.legend.fast',
};

/** One holiday's kind, as a badge reads it. */
export const HOLIDAY_KIND: Record<HolidayType, MessageId> = {
  major: 'calendar.kind.major',
  celebration: 'calendar.kind.celebration',
  minor: 'calendar.kind.minor',
  fast: 'calendar.kind.fast',
};

export const SHABBAT_BG = 'gold.subtle';
export const SHABBAT_BORDER = 'gold.emphasized';
/** A rest span (candle-lighting to havdalah) shaded on the week and day views. */
export const REST_SPAN_BG = 'gold.muted';

/**
 * An event's colour by the server's tier, as the conflict notices draw it: forbidden red, avoided by
 * custom orange, worth knowing blue in lists; the brand's colour otherwise. A month grid chip keeps
 * the brand's colour for worth knowing (`quiet`), leaving the warning colours for what to act on.
 */
export function eventPalette(level: ConflictLevel | null, quiet = false): string {
  if (!level || (quiet && level === 'info')) return 'brand';
  return String(CONFLICT_TIERS[level].palette);
}
