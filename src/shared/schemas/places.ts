import { z } from 'zod';
import { safeString } from './common';

export const PLACE_MESSAGES = {
  unknownPlace: 'No such place: choose one from the place search',
  notFound: 'Place not found',
  searchRequired: 'Type the start of a city name',
} as const;

export const PLACE_QUERY_MAX = 100;
/** Places a search answers at most. */
export const PLACE_SEARCH_LIMIT = 10;

export const placeSearchInput = z.object({
  q: safeString('Search', { max: PLACE_QUERY_MAX, required: PLACE_MESSAGES.searchRequired }).min(
    1,
    PLACE_MESSAGES.searchRequired,
  ),
});
export type PlaceSearchInput = z.infer<typeof placeSearchInput>;

/** A city with its coordinates and the IANA zone computed from them (never typed, never guessed). */
export const placeDto = z.object({
  /** GeoNames id. */
  id: z.number().int().positive(),
  name: z.string(),
  /** State, province or district ('New York', 'Ontario'); null where the app knows no name for it. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2 code. */
  country: z.string().length(2),
  countryName: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timeZone: z.string().meta({ example: 'America/New_York' }),
});
export type PlaceDto = z.infer<typeof placeDto>;

/** A place as a form holds it: enough to name it and to know its clock. */
export const pickedPlaceSchema = placeDto.pick({
  id: true,
  name: true,
  region: true,
  countryName: true,
  timeZone: true,
});

export const placeSearchDto = z.object({
  /** At most PLACE_SEARCH_LIMIT places whose name starts with the query, the most populous first. */
  places: z.array(placeDto).max(PLACE_SEARCH_LIMIT),
});
export type PlaceSearchDto = z.infer<typeof placeSearchDto>;
