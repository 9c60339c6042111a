import { router } from '../../platform/trpc/init';
import { adminClaimsRouter } from '../claims/claims.router';
import { adminKashrutRouter } from '../kashrut/kashrut.router';
import { adminReviewsRouter } from '../reviews/reviews.router';
import { adminReportsRouter, adminUsersRouter, adminVendorsRouter } from './moderation.router';
import { adminOverviewRouter } from './overview.router';

/** Everything only an admin may call; every procedure below is built on adminProcedure. */
export const adminRouter = router({
  claims: adminClaimsRouter,
  overview: adminOverviewRouter,
  vendors: adminVendorsRouter,
  users: adminUsersRouter,
  reports: adminReportsRouter,
  reviews: adminReviewsRouter,
  kashrut: adminKashrutRouter,
});
