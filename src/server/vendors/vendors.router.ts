import { z } from 'zod';
import {
  featuredInput,
  suggestionsInput,
  VENDOR_MESSAGES,
  vendorCreateInput,
  vendorDto,
  vendorListInput,
  vendorPage,
  vendorProfileUpdateInput,
  vendorSuggestions as vendorSuggestionsDto,
  vendorUpdateInput,
  vendorView,
} from '../../shared/schemas/vendors';
import { idempotent } from '../idempotency/idempotency';
import { enforce } from '../limits/rate-limit';
import { checkedOnce } from '../trpc/checked-once';
import { authedProcedure, publicProcedure, router, vendorProcedure } from '../trpc/init';
import {
  createVendor,
  featuredVendors,
  fullVendor,
  listVendors,
  ownVendorProfile,
  updateVendorAsOwnerOrAdmin,
  vendorById,
  vendorSuggestions,
} from './vendors.service';

/** Lists, featured and suggestions come from the marketplace cache: each kept answer is checked once. */
export const vendorsRouter = router({
  list: publicProcedure
    .input(vendorListInput)
    .output(checkedOnce(vendorPage))
    .query(({ ctx, input }) => listVendors(ctx.db, ctx.marketplace, ctx.user, input)),
  featured: publicProcedure
    .input(featuredInput)
    .output(checkedOnce(z.array(vendorView)))
    .query(({ ctx, input }) => featuredVendors(ctx.db, ctx.marketplace, ctx.user, input)),
  suggestions: publicProcedure
    .input(suggestionsInput)
    .output(checkedOnce(vendorSuggestionsDto))
    .query(async ({ ctx, input }) => {
      // Suggestions run on every pause in typing: a ceiling per address keeps scripts from using
      // them to walk the listings, shared by every server process.
      await enforce(
        ctx.db,
        `suggestions:ip:${ctx.ip}`,
        ctx.config.limits.suggestions,
        ctx.now(),
        VENDOR_MESSAGES.tooManySuggestions,
      );
      return vendorSuggestions(ctx.db, ctx.marketplace, input.q);
    }),
  byId: publicProcedure
    .input(z.object({ id: z.uuid({ error: 'Vendor not found' }) }))
    .output(vendorView)
    .query(({ ctx, input }) => vendorById(ctx.db, ctx.user, input.id)),
  create: authedProcedure
    .input(vendorCreateInput)
    .use(idempotent)
    .output(vendorDto)
    .mutation(({ ctx, input }) => createVendor(ctx.db, ctx.user, input)),
  update: authedProcedure
    .input(vendorUpdateInput)
    .output(vendorDto)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateVendorAsOwnerOrAdmin(ctx.db, ctx.user, id, changes);
    }),
  /** The vendor's own listing (the vendor dashboard's Listing Profile). */
  myProfile: vendorProcedure
    .output(vendorDto)
    .query(async ({ ctx }) => fullVendor(await ownVendorProfile(ctx.db, ctx.user))),
  updateMyProfile: vendorProcedure
    .input(vendorProfileUpdateInput)
    .output(vendorDto)
    .mutation(async ({ ctx, input }) => {
      const own = await ownVendorProfile(ctx.db, ctx.user);
      return updateVendorAsOwnerOrAdmin(ctx.db, ctx.user, own.id, input);
    }),
});
