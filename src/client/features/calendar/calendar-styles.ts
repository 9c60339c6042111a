import type { HolidayType } from '../../../shared/jewish-calendar';

/** Colour palette of each holiday type (spec section 3), shared by cells, lists and the legend. */
export const HOLIDAY_PALETTE: Record<HolidayType, string> = {
  major: 'purple',
  celebration: 'green',
  minor: 'cyan',
  fast: 'orange',
};

/** Legend wording of spec section 2. */
export const HOLIDAY_LEGEND: Record<HolidayType, string> = {
  major: 'Major holidays',
  celebration: 'Celebrations',
  minor: 'Minor observances',
  fast: 'Fast days',
};

/** One holiday's kind, as a badge reads it. */
export const HOLIDAY_KIND: Record<HolidayType, string> = {
  major: 'Major holiday',
  celebration: 'Celebration',
  minor: 'Minor observance',
  fast: 'Fast day',
};

export const SHABBAT_BG = 'gold.subtle';
export const SHABBAT_BORDER = 'gold.emphasized';
export const CONFLICT_PALETTE = 'red';
