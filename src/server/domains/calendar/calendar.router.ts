import {
  calendarTimesDto,
  calendarTimesInput,
  findDatesDto,
  findDatesInput,
} from '../../../shared/schemas/calendar';
import { slotCheckInput, slotJudgementDto } from '../../../shared/schemas/observance';
import { authedProcedure, router } from '../../platform/trpc/init';
import { feedProcedures } from '../feeds/feeds.router';
import { calendarTimes, checkSlot, findDates } from './calendar.service';

/** The family's calendar: judging a slot by the clock of its place, and the subscription feeds. */
export const calendarRouter = router({
  ...feedProcedures,
  /** The tier a date, time and length would get at a place, before anything is saved. */
  check: authedProcedure
    .input(slotCheckInput)
    .output(slotJudgementDto)
    .query(({ ctx, input }) => checkSlot(ctx.db, ctx.user.id, input)),
  /** "Find a date": a start time and length judged on every date of a range at a place. */
  dates: authedProcedure
    .input(findDatesInput)
    .output(findDatesDto)
    .query(({ ctx, input }) => findDates(ctx.db, ctx.user.id, input)),
  /** Candle-lighting, havdalah, rest blocks and day marks at the home place for up to two months. */
  times: authedProcedure
    .input(calendarTimesInput)
    .output(calendarTimesDto)
    .query(({ ctx, input }) => calendarTimes(ctx.db, ctx.user.id, input)),
});
