import { z } from 'zod';
import { availabilityRequestDto } from '../../../shared/schemas/request-answers';
import { availabilityRequestInput, REQUEST_MESSAGES } from '../../../shared/schemas/requests';
import { idempotent } from '../../platform/idempotency/idempotency';
import { enforceLimit } from '../../platform/limits/rate-limit';
import { authedProcedure, customerProcedure, router } from '../../platform/trpc/init';
import { requestsFor, sendAvailabilityRequest } from './requests.service';

export const requestsRouter = router({
  /** POST /api/vendors/{id}/request-availability: `id` is the vendor. */
  send: customerProcedure
    .input(availabilityRequestInput)
    // A replay answers before the rate limit below: a retry does not count twice.
    .use(idempotent)
    .output(availabilityRequestDto)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      const key = `availability-requests:user:${ctx.user.id}`;
      await enforceLimit(ctx, 'availabilityRequests', key, REQUEST_MESSAGES.tooMany, now);
      return sendAvailabilityRequest(ctx.db, ctx.user, input, now, ctx.config.appUrl);
    }),
  list: authedProcedure
    .output(z.array(availabilityRequestDto))
    .query(({ ctx }) => requestsFor(ctx.db, ctx.user)),
});
