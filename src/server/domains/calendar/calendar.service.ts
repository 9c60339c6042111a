import type { z } from 'zod';
import { addDays, dayOfWeek } from '../../../shared/jewish-calendar';
import {
  CALENDAR_MESSAGES,
  type CalendarDayDto,
  type CalendarTimesDto,
  type calendarTimesInput,
  type FindDatesDto,
  type FoundDateDto,
  type findDatesInput,
  WEEKDAYS,
} from '../../../shared/schemas/calendar';
import type { SlotCheckInput, SlotJudgementDto } from '../../../shared/schemas/observance';
import type { Db } from '../../platform/db/create-db';
import { fieldError } from '../../platform/trpc/field-error';
import { judgedPlace, observanceOfUser, placeOrRefuse } from '../observance/observance.service';
import { dayMarks, judgeRange, judgeSlot, observanceFor, restBlocks, restDayName } from '../observance/tiers';

/**
 * A slot judged as it would be saved (decision 034): at the place named, else the caller's home
 * place, by the caller's settings. The event form and the request dialog ask as the family types.
 */
export async function checkSlot(db: Db, userId: string, input: SlotCheckInput): Promise<SlotJudgementDto> {
  const owner = await observanceOfUser(db, userId);
  const place = input.placeId === null ? owner.homePlace : placeOrRefuse(input.placeId, 'placeId');
  return judgeSlot(
    { date: input.date, time: input.time, durationMinutes: input.durationMinutes },
    place ? judgedPlace(place) : null,
    observanceFor(owner.settings, owner.homePlace, place),
  );
}

/**
 * "Find a date": one start time and length on every date of a range, at the place named (else the
 * caller's home place), by the caller's settings. Dates the slot would overlap Shabbat or Yom Tov on
 * are left out and counted; the others come with their tier and reason, as judgeSlot would give them.
 */
export async function findDates(
  db: Db,
  userId: string,
  input: z.output<typeof findDatesInput>,
): Promise<FindDatesDto> {
  const owner = await observanceOfUser(db, userId);
  const place = input.placeId === undefined ? owner.homePlace : placeOrRefuse(input.placeId, 'placeId');
  if (!place) throw fieldError('placeId', CALENDAR_MESSAGES.noPlace);
  const judged = judgedPlace(place);
  const days = judgeRange(
    input.from,
    input.to,
    input.time,
    input.durationMinutes,
    judged,
    observanceFor(owner.settings, owner.homePlace, place),
  );
  const dates: FoundDateDto[] = [];
  let forbiddenCount = 0;
  for (const { date, judgement } of days) {
    const { level, reason, about, startsAt, endsAt } = judgement.conflict;
    if (level === 'forbidden') {
      forbiddenCount++;
      continue;
    }
    dates.push({
      date,
      weekday: WEEKDAYS[dayOfWeek(date)],
      level,
      reason,
      about,
      hasConflict: judgement.hasConflict,
      conflictReason: judgement.conflictReason,
      startsAt,
      endsAt,
    });
  }
  return {
    place: judged,
    eventType: input.eventType ?? null,
    time: input.time,
    durationMinutes: input.durationMinutes,
    dates,
    forbiddenCount,
  };
}

/**
 * The calendar's days at the caller's home place: candle-lighting on the eve of each run of Shabbat
 * and Yom Tov days, havdalah on its last day, the runs themselves, and each date's marks by the
 * caller's settings. Without a home place, the marks alone (Israel's calendar only when set so).
 */
export async function calendarTimes(
  db: Db,
  userId: string,
  input: z.output<typeof calendarTimesInput>,
): Promise<CalendarTimesDto> {
  const owner = await observanceOfUser(db, userId);
  const home = owner.homePlace;
  const observance = observanceFor(owner.settings, home, home);
  const days: CalendarDayDto[] = [];
  const byDate = new Map<string, CalendarDayDto>();
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    const day: CalendarDayDto = {
      date,
      candleLighting: null,
      havdalah: null,
      marks: dayMarks(date, home, observance).map(({ level, reason, about }) => ({ level, reason, about })),
    };
    days.push(day);
    byDate.set(date, day);
  }
  if (!home) return { place: null, days, blocks: [] };
  const place = judgedPlace(home);
  const blocks: CalendarTimesDto['blocks'] = [];
  for (const block of restBlocks(place, input.from, input.to, observance)) {
    const eve = addDays(block.first, -1);
    if (eve > input.to || block.last < input.from) continue;
    const names: string[] = [];
    for (let date = block.first; date <= block.last; date = addDays(date, 1)) {
      const name = restDayName(date, observance.israel);
      if (!names.includes(name)) names.push(name);
    }
    blocks.push({
      startsAt: new Date(block.startsAt),
      endsAt: new Date(block.endsAt),
      name: names.join(' and '),
    });
    const candles = byDate.get(eve);
    if (candles) candles.candleLighting = new Date(block.startsAt);
    const ends = byDate.get(block.last);
    if (ends) ends.havdalah = new Date(block.endsAt);
  }
  return { place, days, blocks };
}
