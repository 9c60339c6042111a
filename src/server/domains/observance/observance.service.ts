import { timeAfter } from '../../../shared/dates';
import { civilDateIn } from '../../../shared/local-time';
import type { ObservanceSettings } from '../../../shared/schemas/observance';
import { PLACE_MESSAGES, type PlaceDto } from '../../../shared/schemas/places';
import type { Db } from '../../platform/db/create-db';
import { fieldError } from '../../platform/trpc/field-error';
import { placeById, resolvePlace } from '../places/places.service';
import { type JudgedPlace, type Judgement, judgeSlot, observanceFor } from './tiers';

/** A family's clock: its settings and its home place (decision 034). */
export interface UserObservance {
  settings: ObservanceSettings;
  homePlace: PlaceDto | null;
}

export { PLACE_MESSAGES };

export async function observanceOfUser(db: Db, userId: string): Promise<UserObservance> {
  const row = await db
    .selectFrom('users')
    .select(['homePlaceId', 'observanceSchedule', 'candleMinutes', 'havdalah', 'weddingCustom'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) {
    return {
      settings: {
        observanceSchedule: null,
        candleMinutes: null,
        havdalah: 'degrees-8.5',
        weddingCustom: 'ashkenazi',
      },
      homePlace: null,
    };
  }
  const { homePlaceId, ...settings } = row;
  return { settings, homePlace: homePlaceId === null ? null : placeById(homePlaceId) };
}

/** The place of a GeoNames id a caller sent, or a 400 on `field`. */
export function placeOrRefuse(id: number, field: string): PlaceDto {
  const place = placeById(id);
  if (!place) throw fieldError(field, PLACE_MESSAGES.unknownPlace);
  return place;
}

export function judgedPlace(place: PlaceDto): JudgedPlace {
  return {
    id: place.id,
    name: place.name,
    region: place.region,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
    timeZone: place.timeZone,
  };
}

/** The place a free-text city names ('Brooklyn', 'Teaneck, New Jersey', 'London, UK'), or null. */
export function placeNamed(text: string | null | undefined): PlaceDto | null {
  const trimmed = text?.trim();
  return trimmed ? resolvePlace(trimmed) : null;
}

/**
 * The city a time zone is named after, where the place search knows it in that zone
 * ('America/New_York' -> New York, 'Asia/Jerusalem' -> Jerusalem): the clock of a family that named
 * no place and has no home place, from the zone their browser reported. Null for zones such as
 * 'Etc/UTC' or 'America/Indiana/Knox' that name no city of ours.
 */
export function placeOfZone(zone: string | null | undefined): PlaceDto | null {
  if (!zone || zone.startsWith('Etc/')) return null;
  const city = zone.split('/').pop()?.replaceAll('_', ' ');
  if (!city) return null;
  const place = resolvePlace(city);
  return place && place.timeZone === zone ? place : null;
}

/** What an event needs for its clock, as stored. */
export interface EventClockFields {
  date: Date;
  time: string | null;
  placeId: number | null;
  timeZone: string | null;
  durationMinutes: number | null;
}

export interface EventClock extends Judgement {
  /** The event's civil date at its place. */
  localDate: string;
  place: PlaceDto | null;
  /** 'HH:MM' the event ends (the next day's when it runs past midnight), or null. */
  endTime: string | null;
}

function endTimeOf(time: string | null, minutes: number | null): string | null {
  return time === null || minutes === null ? null : timeAfter(time, minutes);
}

/**
 * An event's place (its own, else the owner's home place), civil date and judgement. The date is
 * read in the zone it was written in, else the place's; with neither, in UTC.
 */
export function eventClock(event: EventClockFields, owner: UserObservance): EventClock {
  const own = event.placeId === null ? null : placeById(event.placeId);
  const place = own ?? owner.homePlace ?? placeOfZone(event.timeZone);
  const localDate = civilDateIn(event.date, event.timeZone ?? place?.timeZone ?? 'UTC');
  const judgement = judgeSlot(
    { date: localDate, time: event.time, durationMinutes: event.durationMinutes },
    place ? judgedPlace(place) : null,
    observanceFor(owner.settings, owner.homePlace, place),
  );
  return { ...judgement, localDate, place, endTime: endTimeOf(event.time, event.durationMinutes) };
}
