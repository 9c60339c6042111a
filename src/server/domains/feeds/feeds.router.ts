import { okResponse } from '../../../shared/schemas/auth';
import { createFeedInput, feedStatusDto, feedUrlDto } from '../../../shared/schemas/calendar-feeds';
import { authedProcedure, serve } from '../../platform/trpc/init';
import { createFeed, feedStatus, revokeFeed } from './feeds.service';

/**
 * The caller's calendar subscription address (issue 28): the token is shown once, when made. Mounted
 * in the calendar router (domains/calendar).
 */
export const feedProcedures = {
  feedStatus: authedProcedure.output(feedStatusDto).query(({ ctx }) => feedStatus(ctx)),
  createFeed: authedProcedure.input(createFeedInput).output(feedUrlDto).mutation(serve(createFeed)),
  revokeFeed: authedProcedure.output(okResponse).mutation(({ ctx }) => revokeFeed(ctx)),
};
