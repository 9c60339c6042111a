import { rsvpAnswerInput, rsvpViewDto, rsvpViewInput } from '../../../shared/schemas/guests';
import { publicProcedure, router, serve } from '../../platform/trpc/init';
import { rsvpAnswer, rsvpView } from './rsvp.service';

/**
 * A household's RSVP page (decision 043): no session, only the token of its live link, rate limited
 * per address. An unknown or withdrawn token is "not found".
 */
export const rsvpRouter = router({
  get: publicProcedure.input(rsvpViewInput).output(rsvpViewDto).query(serve(rsvpView)),
  answer: publicProcedure.input(rsvpAnswerInput).output(rsvpViewDto).mutation(serve(rsvpAnswer)),
});
