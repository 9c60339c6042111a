import { z } from 'zod';
import {
  adminClaimDto,
  adminClaimsInput,
  claimDecisionInput,
  claimRevokeInput,
  claimSubmitInput,
  claimWithdrawInput,
  myClaimDto,
} from '../../../shared/schemas/claims';
import { idempotent } from '../../platform/idempotency/idempotency';
import { adminProcedure, authedProcedure, router, serve } from '../../platform/trpc/init';
import {
  approveClaim,
  claimsForAdmin,
  claimsOf,
  rejectClaim,
  revokeClaim,
  submitClaim,
  withdrawClaim,
} from './claims.service';

/** A signed-in user's own claims: any role may claim a listing (spec section 6). */
export const claimsRouter = router({
  submit: authedProcedure
    .input(claimSubmitInput)
    .use(idempotent)
    .output(myClaimDto)
    .mutation(serve(submitClaim)),
  mine: authedProcedure.output(z.array(myClaimDto)).query(({ ctx }) => claimsOf(ctx.db, ctx.user)),
  withdraw: authedProcedure.input(claimWithdrawInput).output(myClaimDto).mutation(serve(withdrawClaim)),
});

/** The admin's decisions on claims (their screens come with the admin dashboard). */
export const adminClaimsRouter = router({
  list: adminProcedure
    .input(adminClaimsInput)
    .output(z.array(adminClaimDto))
    .query(({ ctx, input }) => claimsForAdmin(ctx.db, input.status)),
  pending: adminProcedure
    .output(z.array(adminClaimDto))
    .query(({ ctx }) => claimsForAdmin(ctx.db, 'pending')),
  approve: adminProcedure.input(claimDecisionInput).output(adminClaimDto).mutation(serve(approveClaim)),
  reject: adminProcedure.input(claimDecisionInput).output(adminClaimDto).mutation(serve(rejectClaim)),
  revoke: adminProcedure.input(claimRevokeInput).output(adminClaimDto).mutation(serve(revokeClaim)),
});
