import { trpc } from '../../lib/trpc';
import { useAdoptUser } from './use-profile';

/** Pending requests to join; the server answers only active members (others get an empty list). */
export function useFamilyRequests(enabled: boolean) {
  return trpc.family.requests.useQuery(undefined, { enabled });
}

export function useFamilyInvites(enabled: boolean) {
  return trpc.family.invites.useQuery(undefined, { enabled });
}

/** Approve or decline: the requests, and on approval the members, count and events change. */
export function useAnswerRequest() {
  const utils = trpc.useUtils();
  const refresh = () => utils.family.invalidate();
  const approve = trpc.family.approve.useMutation({ onSuccess: refresh });
  const decline = trpc.family.decline.useMutation({ onSuccess: refresh });
  return { approve, decline };
}

export function useRevokeInvite() {
  const utils = trpc.useUtils();
  return trpc.family.revokeInvite.useMutation({ onSuccess: () => utils.family.invites.invalidate() });
}

/** Leaving clears the label on the server: the current user and everything of the circle refresh. */
export function useLeaveCircle() {
  const adoptUser = useAdoptUser();
  return trpc.family.leave.useMutation({ onSuccess: ({ user }) => adoptUser(user) });
}
