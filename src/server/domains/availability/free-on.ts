import { type RawBuilder, sql } from 'kysely';
import { addDays } from '../../../shared/jewish-calendar';
import { PART_HOURS } from '../../../shared/schemas/availability';
import { DEFAULT_CANDLE_MINUTES, JERUSALEM_CANDLE_MINUTES } from '../../../shared/schemas/observance-fields';
import { HAVDALAH_DEGREES } from '../observance/clock';
import { isRestDay } from '../observance/tiers';

/**
 * The marketplace's "free on" filter (issue 29), as conditions on a listing (alias v) inside the
 * search's own statement: no statement of its own, whatever the page.
 *
 * A listing is free on a day when
 * - its owner has stated their calendar (`calendar_stated_at`), unless unstated listings are asked
 *   for too (`includeUnstated`);
 * - the day has room left: no vendor_days row of that day is full (vendor_days_full_idx), whether
 *   app bookings, the owner's booked or held entries or a closed day filled it;
 * - with a time: the part of the day holding the time is not closed
 *   (vendor_calendar_entries_closed_part_idx), and the time is not inside Shabbat or Yom Tov at the
 *   listing's place: from candle-lighting on the eve to havdalah, by the listing's calendar (Israel's
 *   for a listing in Israel's zone, with Jerusalem's 40 minutes there) and the default observance,
 *   as listingClock judges a listing. The civil dates come from the observance engine (isRestDay);
 *   the sun's times at each listing's position come from sun_depression_utc_minutes (migration
 *   2026-11-29T0710), which agrees with the engine's clock to within about two minutes. A listing
 *   without coordinates is judged by the civil date alone: a time on a rest day is not free;
 * - without a time: the day is not Shabbat or Yom Tov from its eve to past its end (the first of two
 *   rest days in a row), which leaves no hour free. A Saturday alone is not refused: its evening
 *   after havdalah may be free.
 */
export interface FreeOn {
  day: string;
  /** 'HH:MM' at the listing's place, or undefined for the whole day. */
  time?: string | undefined;
  includeUnstated: boolean;
}

/** The zenith distances of sea-level sunset and of havdalah's nightfall, in degrees. */
const SUNSET_ZENITH = 90.833;
const NIGHTFALL_ZENITH = 90 + HAVDALAH_DEGREES;
const ISRAEL_ZONE = 'Asia/Jerusalem';

type RestAtTime = 'all' | 'before-havdalah' | 'after-candles' | 'none';

/** Where a time of `day` stands against Shabbat and Yom Tov, by one calendar. */
export function restAtTime(day: string, israel: boolean): RestAtTime {
  const today = isRestDay(day, israel);
  const tomorrow = isRestDay(addDays(day, 1), israel);
  if (today) return tomorrow ? 'all' : 'before-havdalah';
  return tomorrow ? 'after-candles' : 'none';
}

/** The part of the day ('morning', 'afternoon', 'evening') holding a time. */
export function partOf(time: string): 'morning' | 'afternoon' | 'evening' {
  if (time < PART_HOURS.morning.to) return 'morning';
  if (time < PART_HOURS.afternoon.to) return 'afternoon';
  return 'evening';
}

function restCondition(kind: RestAtTime, day: string, asked: RawBuilder<unknown>): RawBuilder<unknown> {
  if (kind === 'all') return sql`true`;
  if (kind === 'none') return sql`false`;
  const midnight = Date.parse(`${day}T00:00:00Z`) / 1000;
  const sun = (zenith: number) =>
    sql`(${midnight}::float8 + 60 * sun_depression_utc_minutes(v.latitude, v.longitude, ${day}::date, ${zenith}::float8))`;
  if (kind === 'before-havdalah') {
    // A listing without coordinates: the civil rest day counts whole.
    return sql`coalesce(${asked} < ${sun(NIGHTFALL_ZENITH)}, true)`;
  }
  const candles = sql`(case when v.time_zone = ${ISRAEL_ZONE} and v.city = 'Jerusalem'
    then ${JERUSALEM_CANDLE_MINUTES}::int else ${DEFAULT_CANDLE_MINUTES}::int end)`;
  return sql`coalesce(${asked} >= ${sun(SUNSET_ZENITH)} - 60 * ${candles}, false)`;
}

/** The filter's conditions on v, to join with the search's others by `and`. */
export function freeOnConditions(f: FreeOn): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (!f.includeUnstated) conditions.push(sql`v.calendar_stated_at is not null`);
  conditions.push(sql`not exists (select 1 from vendor_days d
    where d.day = ${f.day}::date and d.vendor_id = v.id and d.taken >= d.capacity)`);
  if (f.time !== undefined) {
    // A probe of the closed parts' index per listing read (offset 0 keeps it a probe): as a join,
    // the planner, expecting a handful of closed parts, compared every listing with all of them.
    conditions.push(sql`not exists (select 1 from vendor_calendar_entries e
      where e.day = ${f.day}::date and e.vendor_id = v.id and e.part = ${partOf(f.time)}
        and e.status = 'closed' and e.part <> 'day' offset 0)`);
    const asked = sql`extract(epoch from ((${f.day}::date + ${f.time}::time) at time zone v.time_zone))::float8`;
    const diaspora = restAtTime(f.day, false);
    const israel = restAtTime(f.day, true);
    if (diaspora !== 'none' || israel !== 'none') {
      conditions.push(sql`not (case when v.time_zone = ${ISRAEL_ZONE}
        then ${restCondition(israel, f.day, asked)} else ${restCondition(diaspora, f.day, asked)} end)`);
    }
  } else {
    // A whole day counts when some hour of it can be free: not a day that is Shabbat or Yom Tov from
    // its eve to past its end (the profile's calendar says "rest" for it).
    const diaspora = restAtTime(f.day, false) === 'all';
    const israel = restAtTime(f.day, true) === 'all';
    if (diaspora || israel) {
      conditions.push(sql`not (case when v.time_zone = ${ISRAEL_ZONE}
        then ${sql.lit(israel)} else ${sql.lit(diaspora)} end)`);
    }
  }
  return conditions;
}
