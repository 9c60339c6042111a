import { Check, type LucideIcon, X } from 'lucide-react';
import { useState } from 'react';
import type { AdminClaimDto } from '../../../shared/schemas/claims';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { attempt, type Outcome, useAdminRefresh } from './actions';
import { failureText } from './format';

export type ClaimDecision = 'approve' | 'reject';

/** How each decision's button looks and reads, wherever a claim is decided. */
export const DECISION_LOOKS: Record<
  ClaimDecision,
  { icon: LucideIcon; palette: string; variant: 'solid' | 'outline'; word: string; pending: string }
> = {
  approve: { icon: Check, palette: 'green', variant: 'solid', word: 'Approve', pending: 'Approving...' },
  reject: { icon: X, palette: 'red', variant: 'outline', word: 'Reject', pending: 'Rejecting...' },
};

/** The spec's texts (section 8): the titles and descriptions of the decision toasts. */
const TEXTS = {
  approve: {
    success: 'Claim Approved',
    failed: 'Approval Failed',
    description: 'Failed to approve the vendor claim.',
  },
  reject: {
    success: 'Claim Rejected',
    failed: 'Rejection Failed',
    description: 'Failed to reject the vendor claim.',
  },
} as const;

export interface ClaimDecisions {
  decide: (claim: AdminClaimDto, decision: ClaimDecision, notes: string | null) => Promise<Outcome>;
  /** The decision on its way for this claim, if any: its buttons wait while it runs. */
  busyWith: (claimId: string) => ClaimDecision | null;
}

/**
 * Approve and reject, from the Review dialog or a row's quick buttons: the spec's toasts, then every
 * admin list and figure read again (a refusal too: another admin may have decided meanwhile).
 */
export function useClaimDecisions(): ClaimDecisions {
  const approve = trpc.admin.claims.approve.useMutation();
  const reject = trpc.admin.claims.reject.useMutation();
  const refresh = useAdminRefresh();
  const [busy, setBusy] = useState<{ claimId: string; decision: ClaimDecision } | null>(null);

  const decide = async (claim: AdminClaimDto, decision: ClaimDecision, notes: string | null) => {
    setBusy({ claimId: claim.id, decision });
    const mutation = decision === 'approve' ? approve : reject;
    const outcome = await attempt(() => mutation.mutateAsync({ claimId: claim.id, notes }));
    setBusy(null);
    const texts = TEXTS[decision];
    if (outcome.ok) {
      const others = claim.competingClaimsNow;
      toast.success(
        texts.success,
        decision === 'approve'
          ? `${claim.businessName} now belongs to ${claim.userName}.${others > 0 ? ` ${others} competing claim${others === 1 ? ' was' : 's were'} rejected.` : ''}`
          : `${claim.userName} is told that the claim for ${claim.businessName} was not approved.`,
      );
    } else {
      toast.error(texts.failed, failureText(texts.description, outcome.error));
    }
    refresh();
    return outcome;
  };

  return {
    decide,
    busyWith: (claimId) => (busy?.claimId === claimId ? busy.decision : null),
  };
}
