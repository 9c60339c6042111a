import {
  adminReportDismissInput,
  adminReportDto,
  adminReportSuspendInput,
  adminReportsDto,
  adminReportsInput,
  adminRoleInput,
  adminSuspendInput,
  adminUserDto,
  adminUsersDto,
  adminUsersInput,
  adminVendorDto,
  adminVendorPatchInput,
  adminVendorsDto,
  adminVendorsInput,
} from '../../shared/schemas/admin';
import { adminProcedure, router } from '../trpc/init';
import {
  dismissReport,
  listReports,
  listUsers,
  listVendors,
  reinstateUser,
  setUserRole,
  suspendReportedSender,
  suspendUser,
  updateVendorModeration,
} from './moderation.service';

/** The Vendors tab: every listing, hidden ones too; verify and hide. */
export const adminVendorsRouter = router({
  list: adminProcedure
    .input(adminVendorsInput)
    .output(adminVendorsDto)
    .query(({ ctx, input }) => listVendors(ctx.db, input)),
  update: adminProcedure
    .input(adminVendorPatchInput)
    .output(adminVendorDto)
    .mutation(({ ctx, input }) => updateVendorModeration(ctx, input)),
});

/** The Users tab: find, suspend, reinstate, change between customer and vendor. */
export const adminUsersRouter = router({
  list: adminProcedure
    .input(adminUsersInput)
    .output(adminUsersDto)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),
  suspend: adminProcedure
    .input(adminSuspendInput)
    .output(adminUserDto)
    .mutation(({ ctx, input }) => suspendUser(ctx, input)),
  reinstate: adminProcedure
    .input(adminSuspendInput)
    .output(adminUserDto)
    .mutation(({ ctx, input }) => reinstateUser(ctx, input)),
  setRole: adminProcedure
    .input(adminRoleInput)
    .output(adminUserDto)
    .mutation(({ ctx, input }) => setUserRole(ctx, input)),
});

/** Reported conversations (from messaging): read the thread, dismiss or suspend the sender. */
export const adminReportsRouter = router({
  list: adminProcedure
    .input(adminReportsInput)
    .output(adminReportsDto)
    .query(({ ctx, input }) => listReports(ctx.db, input)),
  dismiss: adminProcedure
    .input(adminReportDismissInput)
    .output(adminReportDto)
    .mutation(({ ctx, input }) => dismissReport(ctx, input)),
  suspendSender: adminProcedure
    .input(adminReportSuspendInput)
    .output(adminReportDto)
    .mutation(({ ctx, input }) => suspendReportedSender(ctx, input)),
});
