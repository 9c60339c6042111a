import { inviteLink } from '../../shared/links';
import type { CreatedInviteDto } from '../../shared/schemas/family';
import type { Translate } from '../i18n/use-t';
import { copyText } from './clipboard';
import { useIdempotentCreate } from './idempotency';
import { toast } from './toast';
import { trpc } from './trpc';

/**
 * The caller's standing in the circle of their label (none, pending or active; decision 007).
 * Asked only when there is a label, like the circle's members and events (spec section 6).
 */
export function useFamilyCircle(familyLabel: string | null) {
  return trpc.family.circle.useQuery(undefined, { enabled: Boolean(familyLabel) });
}

export type CreatedInviteLink = CreatedInviteDto & { link: string };

/** Creates a new invite link; its token exists only in this answer, so the link is built here. */
export function useCreateInviteLink() {
  const utils = trpc.useUtils();
  const create = useIdempotentCreate(
    trpc.family.createInvite.useMutation({
      onSuccess: () => utils.family.invites.invalidate(),
    }),
  );
  return {
    create: async (): Promise<CreatedInviteLink> => {
      const invite = await create.mutateAsync();
      return { ...invite, link: inviteLink(window.location.origin, invite.label, invite.token) };
    },
    isPending: create.isPending,
  };
}

/** Copies an invite link with the spec's toast, or shows the link when the clipboard refuses. */
export async function copyInviteLink(t: Translate, link: string): Promise<void> {
  if (await copyText(link)) toast.success(t('common.family.linkCopied'));
  else toast.error(t('common.family.copyFailed'), link);
}
