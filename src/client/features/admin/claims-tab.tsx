import { chakra, Text } from '@chakra-ui/react';
import { ClipboardList, Eye, Undo2 } from 'lucide-react';
import {
  type AdminClaimDto,
  CLAIM_STATUSES,
  type ClaimStatusValue,
  claimBadgePalette,
} from '../../../shared/schemas/claims';
import { LabelledTruncatedText, TruncatedText } from '../../components/truncated-text';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import type { RecordDialogProps } from './actions';
import { type AdminColumn, AdminList } from './admin-list';
import { type ClaimDecisions, DECISION_LOOKS, useClaimDecisions } from './claim-decisions';
import { ClaimReviewDialog } from './claim-review-dialog';
import { formatDate, statusLabel } from './format';
import { Pill, RowAction } from './parts';
import { ReasonDialog } from './reason-dialog';
import { useSelectFilter } from './use-paged-filters';

type StatusFilter = 'all' | ClaimStatusValue;
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All claims' },
  ...CLAIM_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];

/**
 * The Claims tab (spec section 2): every claim with business name, submitter e-mail, date, status
 * badge and business e-mail; Review opens the dialog, pending claims also decide in one click, and
 * approved ones can be revoked with a reason.
 */
export function ClaimsTab() {
  const [status, statusField] = useSelectFilter<StatusFilter>('all', STATUS_OPTIONS);
  const claims = trpc.admin.claims.list.useQuery(status === 'all' ? undefined : { status }, {
    placeholderData: (previous) => previous,
  });
  const decisions = useClaimDecisions();
  const review = useDialogTarget<AdminClaimDto>();
  const revoke = useDialogTarget<AdminClaimDto>();

  return (
    <AdminList
      title="Vendor claims"
      description="Check each claim's proof and evidence against the listing before you decide."
      statusFilter={{ ...statusField, testId: 'claims-status-filter' }}
      query={claims}
      rows={claims.data ?? []}
      listLabel="Vendor claims"
      empty={{
        icon: ClipboardList,
        title: status === 'pending' || status === 'all' ? 'No claims to review' : `No ${status} claims`,
        description: 'Vendor ownership claims appear here with their business details as they come in.',
      }}
      table={{ testId: 'claims-table', columns: CLAIM_COLUMNS, interactive: true }}
      rowTestId="claim-row"
      withDataId
      actions={(claim) => (
        <ClaimActions
          claim={claim}
          decisions={decisions}
          onReview={() => review.show(claim)}
          onRevoke={() => revoke.show(claim)}
        />
      )}
      card={(claim) => ({
        title: claim.businessName,
        badges: <StatusBadge status={claim.status} />,
        details: (
          <>
            <Text>
              {claimKind(claim)} · <Submitted claim={claim} />
            </Text>
            <LabelledTruncatedText label="By" valueColor="fg">
              {claim.userEmail}
            </LabelledTruncatedText>
            <LabelledTruncatedText label="Business email:" valueColor="fg">
              {claim.businessEmail}
            </LabelledTruncatedText>
          </>
        ),
      })}
      noun="claims"
      one="claim"
    >
      <ClaimReviewDialog
        claim={review.target}
        open={review.open}
        onClose={review.close}
        decisions={decisions}
      />
      <RevokeDialog claim={revoke.target} open={revoke.open} onClose={revoke.close} />
    </AdminList>
  );
}

const CLAIM_COLUMNS: AdminColumn<AdminClaimDto>[] = [
  {
    header: 'Business',
    cellProps: { maxW: '16rem' },
    cell: (claim) => (
      <>
        <Text textStyle="itemTitle">{claim.businessName}</Text>
        <Text textStyle="caption">{claimKind(claim)}</Text>
      </>
    ),
  },
  {
    header: 'Submitted by',
    cellProps: { maxW: '16rem' },
    cell: (claim) => (
      <>
        <TruncatedText maxW="14rem">{claim.userEmail}</TruncatedText>
        <Text textStyle="caption">
          <Submitted claim={claim} />
        </Text>
      </>
    ),
  },
  {
    header: 'Business email',
    cellProps: { maxW: '16rem' },
    cell: (claim) => <TruncatedText maxW="14rem">{claim.businessEmail}</TruncatedText>,
  },
  { header: 'Status', cell: (claim) => <StatusBadge status={claim.status} /> },
];

function Submitted({ claim }: { claim: AdminClaimDto }) {
  return (
    <chakra.time dateTime={claim.submittedAt.toISOString()}>{formatDate(claim.submittedAt)}</chakra.time>
  );
}

function claimKind(claim: AdminClaimDto): string {
  if (!claim.listing) return 'New business';
  return claim.listing.businessName === claim.businessName
    ? 'Existing listing'
    : `Listing: ${claim.listing.businessName}`;
}

function StatusBadge({ status }: { status: ClaimStatusValue }) {
  return (
    <Pill palette={claimBadgePalette(status)} testId="claim-status">
      {statusLabel(status)}
    </Pill>
  );
}

interface ClaimActionsProps {
  claim: AdminClaimDto;
  decisions: ClaimDecisions;
  onReview: () => void;
  onRevoke: () => void;
}

function ClaimActions({ claim, decisions, onReview, onRevoke }: ClaimActionsProps) {
  const busy = decisions.busyWith(claim.id);
  return (
    <>
      <RowAction icon={Eye} onClick={onReview} aria-label={`Review claim for ${claim.businessName}`}>
        Review
      </RowAction>
      {claim.status === 'pending'
        ? (['approve', 'reject'] as const).map((decision) => {
            const look = DECISION_LOOKS[decision];
            return (
              <RowAction
                key={decision}
                icon={look.icon}
                colorPalette={look.palette}
                variant={look.variant}
                loading={busy === decision}
                disabled={busy !== null}
                onClick={() => void decisions.decide(claim, decision, null)}
                aria-label={`Quick ${decision} claim for ${claim.businessName}`}
              >
                Quick {look.word}
              </RowAction>
            );
          })
        : null}
      {claim.status === 'approved' ? (
        <RowAction
          icon={Undo2}
          colorPalette="red"
          variant="ghost"
          onClick={onRevoke}
          aria-label={`Revoke claim for ${claim.businessName}`}
        >
          Revoke
        </RowAction>
      ) : null}
    </>
  );
}

/** Revoke an approved claim: the listing goes back to unclaimed; a reason is required. */
function RevokeDialog({ claim, open, onClose }: RecordDialogProps<{ claim: AdminClaimDto | null }>) {
  const revoke = trpc.admin.claims.revoke.useMutation();
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      texts={{
        title: `Revoke the claim for ${claim?.businessName ?? 'this listing'}?`,
        description: claim
          ? `${claim.userEmail} loses the listing, which becomes unclaimed again. They are told, with your reason.`
          : undefined,
        placeholder: 'Why the claim no longer stands',
        submit: 'Revoke claim',
        pending: 'Revoking...',
      }}
      required
      pending={revoke.isPending}
      testId="revoke-dialog"
      target={claim}
      run={(target, reason) => revoke.mutateAsync({ claimId: target.id, notes: reason ?? '' })}
      done={(target) => toast.success('Claim Revoked', `${target.businessName} is unclaimed again.`)}
    />
  );
}
