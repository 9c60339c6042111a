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
import { adminProcedure, router, serve, serveDb } from '../trpc/init';
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
  list: adminProcedure.input(adminVendorsInput).output(adminVendorsDto).query(serveDb(listVendors)),
  update: adminProcedure
    .input(adminVendorPatchInput)
    .output(adminVendorDto)
    .mutation(serve(updateVendorModeration)),
});

/** The Users tab: find, suspend, reinstate, change between customer and vendor. */
export const adminUsersRouter = router({
  list: adminProcedure.input(adminUsersInput).output(adminUsersDto).query(serveDb(listUsers)),
  suspend: adminProcedure.input(adminSuspendInput).output(adminUserDto).mutation(serve(suspendUser)),
  reinstate: adminProcedure.input(adminSuspendInput).output(adminUserDto).mutation(serve(reinstateUser)),
  setRole: adminProcedure.input(adminRoleInput).output(adminUserDto).mutation(serve(setUserRole)),
});

/** Reported conversations (from messaging): read the thread, dismiss or suspend the sender. */
export const adminReportsRouter = router({
  list: adminProcedure.input(adminReportsInput).output(adminReportsDto).query(serveDb(listReports)),
  dismiss: adminProcedure
    .input(adminReportDismissInput)
    .output(adminReportDto)
    .mutation(serve(dismissReport)),
  suspendSender: adminProcedure
    .input(adminReportSuspendInput)
    .output(adminReportDto)
    .mutation(serve(suspendReportedSender)),
});
