import { chakra, Text } from '@chakra-ui/react';
import { ClipboardList, Eye, Undo2 } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import {
  type AdminClaimDto,
  CLAIM_STATUSES,
  type ClaimStatusValue,
  claimBadgePalette,
} from '../../../shared/schemas/claims';
import { LabelledTruncatedText, TruncatedText } from '../../components/truncated-text';
import type { MessageId } from '../../i18n/catalogue';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import type { RecordDialogProps } from './actions';
import { type AdminColumn, AdminList } from './admin-list';
import { type ClaimDecisions, DECISION_LOOKS, useClaimDecisions } from './claim-decisions';
import { ClaimReviewDialog } from './claim-review-dialog';
import { formatDate, STATE_LABELS, stateLabel } from './format';
import { Pill, RowAction } from './parts';
import { ReasonDialog } from './reason-dialog';
import { useSelectFilter } from './use-paged-filters';

type StatusFilter = 'all' | ClaimStatusValue;
const STATUS_OPTIONS: { value: StatusFilter; label: MessageId }[] = [
  { value: 'all', label: 'admin.claims.all' },
  ...CLAIM_STATUSES.map((s) => ({ value: s, label: STATE_LABELS[s] })),
];

/**
 * The Claims tab (spec section 2): every claim with business name, submitter e-mail, date, status
 * badge and business e-mail; Review opens the dialog, pending claims also decide in one click, and
 * approved ones can be revoked with a reason.
 */
export function ClaimsTab() {
  const t = useT();
  const [status, statusField] = useSelectFilter<StatusFilter>('all', STATUS_OPTIONS);
  const claims = trpc.admin.claims.list.useQuery(status === 'all' ? undefined : { status }, {
    placeholderData: (previous) => previous,
  });
  const decisions = useClaimDecisions();
  const review = useDialogTarget<AdminClaimDto>();
  const revoke = useDialogTarget<AdminClaimDto>();

  return (
    <AdminList
      title={t('admin.claims.title')}
      description={t('admin.claims.description')}
      statusFilter={{ ...statusField, testId: 'claims-status-filter' }}
      query={claims}
      rows={claims.data ?? []}
      listLabel={t('admin.claims.title')}
      empty={{
        icon: ClipboardList,
        title:
          status === 'pending' || status === 'all'
            ? t('admin.claims.emptyTitle')
            : t('admin.claims.emptyOfStatus', { status }),
        description: t('admin.claims.emptyDescription'),
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
        title: <bdi>{claim.businessName}</bdi>,
        badges: <StatusBadge status={claim.status} />,
        details: (
          <>
            <Text>
              <ClaimKind claim={claim} /> · <Submitted claim={claim} />
            </Text>
            <LabelledTruncatedText label={t('admin.claims.by')} valueColor="fg">
              {claim.userEmail}
            </LabelledTruncatedText>
            <LabelledTruncatedText label={t('admin.claims.businessEmailLabel')} valueColor="fg">
              {claim.businessEmail}
            </LabelledTruncatedText>
          </>
        ),
      })}
      noun="claims"
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
    header: 'admin.claims.business',
    cellProps: { maxW: '16rem' },
    cell: (claim) => (
      <>
        <Text textStyle="itemTitle">
          <bdi>{claim.businessName}</bdi>
        </Text>
        <Text textStyle="caption">
          <ClaimKind claim={claim} />
        </Text>
      </>
    ),
  },
  {
    header: 'admin.claims.submittedBy',
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
    header: 'admin.claims.businessEmail',
    cellProps: { maxW: '16rem' },
    cell: (claim) => <TruncatedText maxW="14rem">{claim.businessEmail}</TruncatedText>,
  },
  { header: 'admin.filter.status', cell: (claim) => <StatusBadge status={claim.status} /> },
];

function Submitted({ claim }: { claim: AdminClaimDto }) {
  return (
    <chakra.time dateTime={claim.submittedAt.toISOString()}>{formatDate(claim.submittedAt)}</chakra.time>
  );
}

/** Whether a claim is for a new business, its listing, or a listing of another name. */
function ClaimKind({ claim }: { claim: AdminClaimDto }) {
  const t = useT();
  if (!claim.listing) return <>{t('admin.evidence.domain.noListing')}</>;
  if (claim.listing.businessName === claim.businessName) return <>{t('admin.claims.existingListing')}</>;
  return (
    <FormattedMessage
      id="admin.claims.listingNamed"
      values={{ name: <bdi>{claim.listing.businessName}</bdi> }}
    />
  );
}

function StatusBadge({ status }: { status: ClaimStatusValue }) {
  const t = useT();
  return (
    <Pill palette={claimBadgePalette(status)} testId="claim-status">
      {stateLabel(t, status)}
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
  const t = useT();
  const iso = useIsolate();
  const name = iso(claim.businessName);
  const busy = decisions.busyWith(claim.id);
  return (
    <>
      <RowAction icon={Eye} onClick={onReview} aria-label={t('admin.claims.reviewFor', { name })}>
        {t('admin.claims.review')}
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
                aria-label={t(look.quickFor, { name })}
              >
                {t(look.quick)}
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
          aria-label={t('admin.claims.revokeFor', { name })}
        >
          {t('admin.claims.revoke')}
        </RowAction>
      ) : null}
    </>
  );
}

/** Revoke an approved claim: the listing goes back to unclaimed; a reason is required. */
function RevokeDialog({ claim, open, onClose }: RecordDialogProps<{ claim: AdminClaimDto | null }>) {
  const t = useT();
  const iso = useIsolate();
  const revoke = trpc.admin.claims.revoke.useMutation();
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      texts={{
        title: claim
          ? t('admin.revoke.title', { name: iso(claim.businessName) })
          : t('admin.revoke.titleNoName'),
        description: claim ? (
          <FormattedMessage id="admin.revoke.description" values={{ email: <bdi>{claim.userEmail}</bdi> }} />
        ) : undefined,
        placeholder: t('admin.revoke.placeholder'),
        submit: t('admin.revoke.submit'),
        pending: t('admin.revoke.pending'),
      }}
      required
      pending={revoke.isPending}
      testId="revoke-dialog"
      target={claim}
      run={(target, reason) => revoke.mutateAsync({ claimId: target.id, notes: reason ?? '' })}
      done={(target) =>
        toast.success(t('admin.revoke.done'), t('admin.revoke.doneHint', { name: iso(target.businessName) }))
      }
    />
  );
}
