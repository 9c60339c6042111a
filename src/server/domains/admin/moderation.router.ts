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
} from '../../../shared/schemas/admin';
import { adminProcedure, router, serve, serveDb } from '../../platform/trpc/init';
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

/** A decision on an account answers it as the Users tab shows it now. */
const userDecision = adminProcedure.output(adminUserDto);

/** The Users tab: find, suspend, reinstate, change between customer and vendor. */
export const adminUsersRouter = router({
  list: adminProcedure.input(adminUsersInput).output(adminUsersDto).query(serveDb(listUsers)),
  suspend: userDecision.input(adminSuspendInput).mutation(serve(suspendUser)),
  reinstate: userDecision.input(adminSuspendInput).mutation(serve(reinstateUser)),
  setRole: userDecision.input(adminRoleInput).mutation(serve(setUserRole)),
});

/** A decision on a report closes it and answers the report as admins see it now. */
const reportDecision = adminProcedure.output(adminReportDto);

/** Reported conversations (from messaging): read the thread, dismiss or suspend the sender. */
export const adminReportsRouter = router({
  list: adminProcedure.input(adminReportsInput).output(adminReportsDto).query(serveDb(listReports)),
  dismiss: reportDecision.input(adminReportDismissInput).mutation(serve(dismissReport)),
  suspendSender: reportDecision.input(adminReportSuspendInput).mutation(serve(suspendReportedSender)),
});
