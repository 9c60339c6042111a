import { okResponse } from '../../../shared/schemas/auth';
import {
  eventIdInput,
  invitationLinkDto,
  invitationMessageDto,
  remindersDto,
  sentInvitationDto,
} from '../../../shared/schemas/guests';
import { authedProcedure, router, serve } from '../../platform/trpc/init';
import {
  createLink,
  invitationMessage,
  remindEvent,
  remindHousehold,
  revokeLink,
  sendInvitation,
} from './invitations.service';

/**
 * The family's side of invitations (decision 043). `id` names a household, except for `remind`,
 * which names the (main or sub-)event whose list is reminded.
 */
export const invitationsRouter = router({
  /** A new personal link for the household, shown only in this answer; links handed out before still work until revoked. */
  createLink: authedProcedure.input(eventIdInput).output(invitationLinkDto).mutation(serve(createLink)),
  revokeLink: authedProcedure.input(eventIdInput).output(okResponse).mutation(serve(revokeLink)),
  send: authedProcedure.input(eventIdInput).output(sentInvitationDto).mutation(serve(sendInvitation)),
  message: authedProcedure.input(eventIdInput).output(invitationMessageDto).query(serve(invitationMessage)),
  remind: authedProcedure.input(eventIdInput).output(remindersDto).mutation(serve(remindEvent)),
  remindHousehold: authedProcedure
    .input(eventIdInput)
    .output(sentInvitationDto)
    .mutation(serve(remindHousehold)),
});
