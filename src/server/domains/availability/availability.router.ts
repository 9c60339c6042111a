import {
  myAvailabilityDto,
  myAvailabilityInput,
  publicAvailabilityDto,
  publicAvailabilityInput,
  updateMyAvailabilityInput,
} from '../../../shared/schemas/availability';
import { publicProcedure, router, vendorProcedure } from '../../platform/trpc/init';
import { ownAvailability, publicAvailability, updateOwnAvailability } from './availability.service';

export const availabilityRouter = router({
  /** GET /api/vendors/{id}/availability: free, booked, closed or not stated, day by day. */
  ofVendor: publicProcedure
    .input(publicAvailabilityInput)
    .output(publicAvailabilityDto)
    .query(({ ctx, input }) => publicAvailability(ctx.db, input, ctx.now())),
  /** GET /api/vendors/profile/availability: the owner's entries and days' rooms. */
  mine: vendorProcedure
    .input(myAvailabilityInput)
    .output(myAvailabilityDto)
    .query(({ ctx, input }) => ownAvailability(ctx.db, ctx.user, input, ctx.now())),
  /** PUT /api/vendors/profile/availability: replace the entries of the named days (and range). */
  update: vendorProcedure
    .input(updateMyAvailabilityInput)
    .output(myAvailabilityDto)
    .mutation(({ ctx, input }) => updateOwnAvailability(ctx.db, ctx.user, input, ctx.now())),
});
