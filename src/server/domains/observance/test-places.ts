import type { JudgedPlace } from './tiers';

/** A city as the tier tests judge at it: GeoNames coordinates and the zone tz-lookup gives them. */
export function testPlace(
  name: string,
  latitude: number,
  longitude: number,
  timeZone: string,
  country: string,
): JudgedPlace {
  return { id: null, region: null, name, country, latitude, longitude, timeZone };
}

export const BROOKLYN = testPlace('Brooklyn', 40.6501, -73.94958, 'America/New_York', 'US');
export const JERUSALEM = testPlace('Jerusalem', 31.76904, 35.21633, 'Asia/Jerusalem', 'IL');
export const LOS_ANGELES = testPlace('Los Angeles', 34.05223, -118.24368, 'America/Los_Angeles', 'US');
export const LONDON = testPlace('London', 51.50853, -0.12574, 'Europe/London', 'GB');
