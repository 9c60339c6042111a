import { z } from 'zod';
import {
  adminActivityInput,
  adminActivityItemDto,
  adminAuditDto,
  adminAuditInput,
  adminHealthDto,
  adminStatsDto,
} from '../../../shared/schemas/admin';
import { adminProcedure, router, serveDb } from '../../platform/trpc/init';
import { activityFeed, auditPage, platformHealth, platformStats } from './overview.service';

/** The Overview tab and the Activity view: figures, health, the feed and the audit log. */
export const adminOverviewRouter = router({
  stats: adminProcedure.output(adminStatsDto).query(({ ctx }) => platformStats(ctx.db)),
  health: adminProcedure.output(adminHealthDto).query(({ ctx }) => platformHealth(ctx)),
  activity: adminProcedure
    .input(adminActivityInput)
    .output(z.array(adminActivityItemDto))
    .query(({ ctx, input }) => activityFeed(ctx.db, input.limit)),
  audit: adminProcedure.input(adminAuditInput).output(adminAuditDto).query(serveDb(auditPage)),
});
