import { Check, type LucideIcon, X } from 'lucide-react';
import { useState } from 'react';
import type { AdminClaimDto } from '../../../shared/schemas/claims';
import type { MessageId } from '../../i18n/catalogue';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { attempt, type Outcome, useAdminRefresh } from './actions';
import { failureText } from './format';

export type ClaimDecision = 'approve' | 'reject';

/**
 * How each decision's button looks and reads, wherever a claim is decided: its word, its word at work,
 * the name of its button for one claim ('Approve claim for …'), and of its quick button in a row.
 */
export const DECISION_LOOKS: Record<
  ClaimDecision,
  {
    icon: LucideIcon;
    palette: string;
    variant: 'solid' | 'outline';
    word: MessageId;
    pending: MessageId;
    claimFor: MessageId;
    quick: MessageId;
    quickFor: MessageId;
  }
> = {
  approve: {
    icon: Check,
    palette: 'green',
    variant: 'solid',
    word: 'admin.decision.approve',
    pending: 'admin.decision.approving',
    claimFor: 'admin.decision.approveClaimFor',
    quick: 'admin.decision.quickApprove',
    quickFor: 'admin.decision.quickApproveClaimFor',
  },
  reject: {
    icon: X,
    palette: 'red',
    variant: 'outline',
    word: 'admin.decision.reject',
    pending: 'admin.decision.rejecting',
    claimFor: 'admin.decision.rejectClaimFor',
    quick: 'admin.decision.quickReject',
    quickFor: 'admin.decision.quickRejectClaimFor',
  },
};

/** The spec's texts (section 8): the titles and descriptions of the decision toasts. */
const TEXTS = {
  approve: {
    success: 'admin.decision.approved',
    failed: 'admin.decision.approveFailed',
    description: 'admin.decision.approveFailedHint',
  },
  reject: {
    success: 'admin.decision.rejected',
    failed: 'admin.decision.rejectFailed',
    description: 'admin.decision.rejectFailedHint',
  },
} as const satisfies Record<ClaimDecision, Record<string, MessageId>>;

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
  const t = useT();
  const iso = useIsolate();
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
      const names = { business: iso(claim.businessName), user: iso(claim.userName) };
      toast.success(
        t(texts.success),
        decision === 'reject'
          ? t('admin.decision.rejectedHint', names)
          : others > 0
            ? t('admin.decision.approvedHintWithOthers', { ...names, count: others })
            : t('admin.decision.approvedHint', names),
      );
    } else {
      toast.error(t(texts.failed), failureText(t(texts.description), outcome.error));
    }
    refresh();
    return outcome;
  };

  return {
    decide,
    busyWith: (claimId) => (busy?.claimId === claimId ? busy.decision : null),
  };
}
