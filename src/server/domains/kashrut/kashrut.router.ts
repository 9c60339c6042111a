import { z } from 'zod';
import {
  adminKashrutDto,
  adminKashrutListInput,
  kashrutOwnInput,
  kashrutRejectInput,
  kashrutRemoveInput,
  kashrutSaveInput,
  kashrutVerifyInput,
  ownKashrutDto,
} from '../../../shared/schemas/kashrut';
import { adminProcedure, router, vendorProcedure } from '../../platform/trpc/init';
import {
  kashrutList,
  ownKashrut,
  rejectKashrut,
  removeKashrut,
  saveKashrut,
  verifyKashrut,
} from './kashrut.service';

/** The owner's side: the supervision of one of their listings (vendorId, or their first). */
export const kashrutRouter = router({
  mine: vendorProcedure
    .input(kashrutOwnInput)
    .output(ownKashrutDto)
    .query(({ ctx, input }) => ownKashrut(ctx, input.vendorId)),
  save: vendorProcedure
    .input(kashrutSaveInput)
    .output(ownKashrutDto)
    .mutation(({ ctx, input }) => saveKashrut(ctx, input)),
  remove: vendorProcedure
    .input(kashrutRemoveInput)
    .output(ownKashrutDto)
    .mutation(({ ctx, input }) => removeKashrut(ctx, input)),
});

/** The admins' Kashrut list: certificates to verify, and the decided ones. */
export const adminKashrutRouter = router({
  list: adminProcedure
    .input(adminKashrutListInput)
    .output(z.array(adminKashrutDto))
    .query(({ ctx, input }) => kashrutList(ctx, input)),
  verify: adminProcedure
    .input(kashrutVerifyInput)
    .output(adminKashrutDto)
    .mutation(({ ctx, input }) => verifyKashrut(ctx, input)),
  reject: adminProcedure
    .input(kashrutRejectInput)
    .output(adminKashrutDto)
    .mutation(({ ctx, input }) => rejectKashrut(ctx, input)),
});
