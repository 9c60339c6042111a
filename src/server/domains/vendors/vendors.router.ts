import { z } from 'zod';
import { analyticsDto, analyticsInput, contactRevealInput } from '../../../shared/schemas/analytics';
import { okResult } from '../../../shared/schemas/events';
import {
  featuredInput,
  ownListingDto,
  suggestionsInput,
  VENDOR_MESSAGES,
  vendorCreateInput,
  vendorDto,
  vendorListInput,
  vendorPage,
  vendorProfileInput,
  vendorProfileUpdateInput,
  vendorSuggestions as vendorSuggestionsDto,
  vendorUpdateInput,
  vendorView,
} from '../../../shared/schemas/vendors';
import { idempotent } from '../../platform/idempotency/idempotency';
import { enforceLimit } from '../../platform/limits/rate-limit';
import { checkedOnce } from '../../platform/trpc/checked-once';
import { authedProcedure, publicProcedure, router, serve, vendorProcedure } from '../../platform/trpc/init';
import { recordContactReveal } from '../analytics/analytics.service';
import {
  createVendor,
  featuredVendors,
  fullVendor,
  listVendors,
  ownListingAnalytics,
  ownListings,
  ownVendorProfile,
  updateOwnProfile,
  updateVendorAsOwnerOrAdmin,
  vendorProfilePage,
  vendorSuggestions,
} from './vendors.service';

/** Lists, featured and suggestions come from the marketplace cache: each kept answer is checked once. */
export const vendorsRouter = router({
  list: publicProcedure
    .input(vendorListInput)
    .output(checkedOnce(vendorPage))
    .query(({ ctx, input }) =>
      listVendors(ctx.db, ctx.marketplace, ctx.user, input, ctx.versionNotice, ctx.now()),
    ),
  featured: publicProcedure
    .input(featuredInput)
    .output(checkedOnce(z.array(vendorView)))
    .query(({ ctx, input }) =>
      featuredVendors(ctx.db, ctx.marketplace, ctx.user, input, ctx.versionNotice, ctx.now()),
    ),
  suggestions: publicProcedure
    .input(suggestionsInput)
    .output(checkedOnce(vendorSuggestionsDto))
    .query(async ({ ctx, input }) => {
      // Suggestions run on every pause in typing: a ceiling per address keeps scripts from using
      // them to walk the listings, shared by every server process.
      await enforceLimit(ctx, 'suggestions', `suggestions:ip:${ctx.ip}`, VENDOR_MESSAGES.tooManySuggestions);
      return vendorSuggestions(ctx.db, ctx.marketplace, input.q, ctx.versionNotice);
    }),
  byId: publicProcedure
    .input(z.object({ id: z.uuid({ error: 'Vendor not found' }) }))
    .output(vendorView)
    .query(({ ctx, input }) => vendorProfilePage(ctx, input.id)),
  create: authedProcedure
    .input(vendorCreateInput)
    .use(idempotent)
    .output(vendorDto)
    .mutation(({ ctx, input }) => createVendor(ctx.db, ctx.user, input, ctx.now())),
  update: authedProcedure
    .input(vendorUpdateInput)
    .output(vendorDto)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return updateVendorAsOwnerOrAdmin(ctx.db, ctx.user, id, changes);
    }),
  /** The listings the caller owns (the dashboard's picker), oldest first. */
  mine: authedProcedure.output(z.array(ownListingDto)).query(({ ctx }) => ownListings(ctx.db, ctx.user)),
  /** One of the vendor's own listings (the vendor dashboard's Listing Profile): vendorId, or their first. */
  myProfile: vendorProcedure
    .input(vendorProfileInput)
    .output(vendorDto)
    .query(async ({ ctx, input }) => fullVendor(await ownVendorProfile(ctx.db, ctx.user, input.vendorId))),
  updateMyProfile: vendorProcedure
    .input(vendorProfileUpdateInput)
    .output(vendorDto)
    .mutation(async ({ ctx, input }) => {
      const { vendorId, ...changes } = input;
      const own = await ownVendorProfile(ctx.db, ctx.user, vendorId);
      return updateOwnProfile(ctx.db, own, changes);
    }),
  /** Views, visitors, contact reveals, requests and response times of one of the vendor's listings. */
  analytics: vendorProcedure
    .input(analyticsInput)
    .output(analyticsDto)
    .query(({ ctx, input }) => ownListingAnalytics(ctx.db, ctx.user, input, ctx.now())),
  /** A signed-in user clicked Call, Email or Website on a profile: counted for the owner's analytics. */
  contactReveal: authedProcedure
    .input(contactRevealInput)
    .output(okResult)
    .mutation(serve(recordContactReveal)),
});
