import { adminClaimsRouter } from '../claims/claims.router';
import { router } from '../trpc/init';

/** Everything only an admin may call; every procedure below is built on adminProcedure. */
export const adminRouter = router({
  claims: adminClaimsRouter,
});
