import { slotCheckInput, slotJudgementDto } from '../../../shared/schemas/observance';
import { authedProcedure, router } from '../../platform/trpc/init';
import { feedProcedures } from '../feeds/feeds.router';
import { checkSlot } from './calendar.service';

/** The family's calendar: judging a slot by the clock of its place, and the subscription feeds. */
export const calendarRouter = router({
  ...feedProcedures,
  /** The tier a date, time and length would get at a place, before anything is saved. */
  check: authedProcedure
    .input(slotCheckInput)
    .output(slotJudgementDto)
    .query(({ ctx, input }) => checkSlot(ctx.db, ctx.user.id, input)),
});
