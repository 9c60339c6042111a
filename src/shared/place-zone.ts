import tzLookup from '@photostructure/tz-lookup';

/**
 * A place's time zone from its coordinates, by tz-lookup (a maintained map of the IANA zones'
 * borders): 'America/Chicago' for Chicago, 'Asia/Jerusalem' for Jerusalem. Decision 031.
 */

/** The IANA zone at a place, or null when it has no (valid) coordinates. */
export function zoneAt(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string | null {
  if (latitude === null || latitude === undefined || longitude === null || longitude === undefined)
    return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}
