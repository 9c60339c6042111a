import { z } from 'zod';
import { okResponse, userEnvelope } from '../../../shared/schemas/auth';
import { familyEventDto, familyMemberDto } from '../../../shared/schemas/events';
import {
  createdInviteDto,
  createInviteInput,
  familyCircleDto,
  familyInviteDto,
  familyInviteIdInput,
  familyRequestDto,
  familyUserInput,
  inviteCheckDto,
  inviteInput,
} from '../../../shared/schemas/family';
import { idempotent } from '../../platform/idempotency/idempotency';
import { authedProcedure, publicProcedure, router, serve } from '../../platform/trpc/init';
import {
  acceptInvite,
  approveRequest,
  checkInvite,
  circleEvents,
  circleMembers,
  circleStatus,
  createInvite,
  declineRequest,
  leaveCircle,
  liveInvites,
  pendingRequests,
  revokeInvite,
} from './family.service';

/**
 * The caller's family circle, by consent (decision 007): only active members see its members,
 * events, requests and invite links; everyone else gets empty lists and their status from `circle`.
 */
export const familyRouter = router({
  circle: authedProcedure.output(familyCircleDto).query(({ ctx }) => circleStatus(ctx)),
  members: authedProcedure.output(z.array(familyMemberDto)).query(({ ctx }) => circleMembers(ctx)),
  events: authedProcedure.output(z.array(familyEventDto)).query(({ ctx }) => circleEvents(ctx)),
  requests: authedProcedure.output(z.array(familyRequestDto)).query(({ ctx }) => pendingRequests(ctx)),
  approve: authedProcedure.input(familyUserInput).output(okResponse).mutation(serve(approveRequest)),
  decline: authedProcedure.input(familyUserInput).output(okResponse).mutation(serve(declineRequest)),
  invites: authedProcedure.output(z.array(familyInviteDto)).query(({ ctx }) => liveInvites(ctx)),
  createInvite: authedProcedure
    .input(createInviteInput)
    .use(idempotent)
    .output(createdInviteDto)
    .mutation(({ ctx }) => createInvite(ctx)),
  revokeInvite: authedProcedure.input(familyInviteIdInput).output(okResponse).mutation(serve(revokeInvite)),
  /** A mutation although it reads: the token travels in a body, never in a URL that gets logged. */
  checkInvite: publicProcedure.input(inviteInput).output(inviteCheckDto).mutation(serve(checkInvite)),
  acceptInvite: authedProcedure.input(inviteInput).output(userEnvelope).mutation(serve(acceptInvite)),
  leave: authedProcedure.output(userEnvelope).mutation(({ ctx }) => leaveCircle(ctx)),
});
