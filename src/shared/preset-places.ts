/** Places offered as presets by the location picker and the profile forms; apart from constants.ts so that pages without them do not carry them. */

export const NEIGHBORHOODS = [
  'Upper West Side',
  'Brooklyn Heights',
  'Teaneck',
  'Great Neck',
  'Riverdale',
  'Westchester',
] as const;

/** Preset cities of the marketplace's location picker, with their real coordinates; 'Global' has none. */
export const PRESET_CITIES = [
  { name: 'New York', lat: 40.7128, lng: -74.006 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437 },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298 },
  { name: 'Miami', lat: 25.7617, lng: -80.1918 },
  { name: 'Atlanta', lat: 33.749, lng: -84.388 },
] as const;
