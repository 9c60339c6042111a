import { z } from 'zod';
import { availabilityRequestDto, availabilityRequestInput } from '../../shared/schemas/requests';
import { authedProcedure, customerProcedure, router } from '../trpc/init';
import { requestsFor, sendAvailabilityRequest } from './requests.service';

export const requestsRouter = router({
  /** POST /api/vendors/{id}/request-availability: `id` is the vendor. */
  send: customerProcedure
    .input(availabilityRequestInput)
    .output(availabilityRequestDto)
    .mutation(({ ctx, input }) => sendAvailabilityRequest(ctx.db, ctx.user, input, ctx.now())),
  list: authedProcedure
    .output(z.array(availabilityRequestDto))
    .query(({ ctx }) => requestsFor(ctx.db, ctx.user)),
});
