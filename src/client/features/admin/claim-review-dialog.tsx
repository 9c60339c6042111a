import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Dialog,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { type AdminClaimDto, claimBadgePalette } from '../../../shared/schemas/claims';
import { DialogCloseX, DialogShell } from '../../components/dialog-parts';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextareaField } from '../../components/form-fields';
import { NoteBox } from '../../components/record-card';
import { useCheckedForm } from '../../components/use-checked-form';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { ClaimHistoryList } from '../vendor-dashboard/claim-history';
import { refusal } from './actions';
import { type ClaimDecision, type ClaimDecisions, DECISION_LOOKS } from './claim-decisions';
import { ClaimComparison, ClaimEvidence } from './claim-evidence';
import { formatDate, formatDateTime, stateLabel } from './format';
import { Pill } from './parts';
import { NOTES_MAX, type ReviewNotesValues, reviewNotesForm } from './schemas';

interface ClaimReviewDialogProps {
  claim: AdminClaimDto | null;
  open: boolean;
  onClose: () => void;
  decisions: ClaimDecisions;
}

/**
 * The Review dialog (spec section 2): the business details and the claim's proof, the evidence
 * beside the listing as it is now, optional review notes and the decision (pending claims only).
 */
export function ClaimReviewDialog({ claim, open, onClose, decisions }: ClaimReviewDialogProps) {
  const t = useT();
  const iso = useIsolate();
  const [problem, setProblem] = useState<string | null>(null);
  const { register, handleSubmit, reset, errors, placeServerError } = useCheckedForm<ReviewNotesValues>(
    reviewNotesForm,
    { notes: '' },
  );

  // Each claim opened starts with empty notes.
  const claimId = claim?.id;
  useEffect(() => {
    if (!open || !claimId) return;
    reset({ notes: '' });
    setProblem(null);
  }, [open, claimId, reset]);

  const busy = claim !== null && decisions.busyWith(claim.id) !== null;
  const pending = claim?.status === 'pending';

  const decide = (decision: ClaimDecision) =>
    handleSubmit(async ({ notes }) => {
      if (!claim) return;
      setProblem(null);
      const outcome = await decisions.decide(claim, decision, notes || null);
      if (outcome.ok) {
        onClose();
        return;
      }
      if (!placeServerError(outcome.error, ['notes'], true)) setProblem(refusal(t, outcome.error));
    });

  return (
    <DialogShell open={open} onClose={onClose} pending={busy} long="xl">
      <Dialog.Content data-testid="claim-review-dialog">
        {claim ? (
          <>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
              <HStack gap="2" wrap="wrap">
                <Dialog.Title color="brand.950" fontSize="xl">
                  <FormattedMessage
                    id="admin.review.title"
                    values={{ name: <bdi>{claim.businessName}</bdi> }}
                  />
                </Dialog.Title>
                <Pill palette={claimBadgePalette(claim.status)}>{stateLabel(t, claim.status)}</Pill>
              </HStack>
              <Dialog.Description color="fg.muted" fontSize="sm" overflowWrap="anywhere">
                <FormattedMessage
                  id={claim.listing ? 'admin.review.submittedForListing' : 'admin.review.submittedNew'}
                  values={{
                    name: <bdi>{claim.userName}</bdi>,
                    email: <bdi>{claim.userEmail}</bdi>,
                    date: (
                      <chakra.time dateTime={claim.submittedAt.toISOString()}>
                        {formatDate(claim.submittedAt)}
                      </chakra.time>
                    ),
                    listing: <bdi>{claim.listing?.businessName}</bdi>,
                  }}
                />
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
                {pending && claim.competingClaimsNow > 0 ? (
                  <Alert.Root status="warning" rounded="lg">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Description>
                        {t('admin.review.competing', { count: claim.competingClaimsNow })}{' '}
                        {t('admin.review.approvingRejects')}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : null}

                <Section title={t('admin.review.businessDetails')}>
                  <ClaimComparison claim={claim} />
                  {claim.listing ? (
                    <Flex gap="2" wrap="wrap" align="center" fontSize="sm">
                      <Text color="fg.muted">{t('admin.evidence.compare.listingNowShort')}</Text>
                      <Badge variant="subtle" colorPalette={claim.listing.claimed ? 'orange' : 'gray'}>
                        {claim.listing.claimed
                          ? claim.listing.ownerId === claim.userId
                            ? t('admin.review.ownedByClaimant')
                            : t('admin.review.ownedBySomeoneElse')
                          : t('admin.vendors.unclaimed')}
                      </Badge>
                      {claim.listing.verified ? (
                        <Badge variant="subtle" colorPalette="green">
                          {t('admin.vendors.verified')}
                        </Badge>
                      ) : null}
                      <Badge variant="subtle">{term(t, 'category', claim.listing.category)}</Badge>
                      <Button asChild size="xs" variant="ghost">
                        <RouterLink to={`/vendor/${claim.listing.id}`} target="_blank" rel="noopener">
                          <ExternalLink aria-hidden />
                          {t('admin.review.publicProfile')}
                        </RouterLink>
                      </Button>
                    </Flex>
                  ) : null}
                  <Box>
                    <Text fontWeight="semibold" fontSize="sm" color="brand.950">
                      {t('common.field.description')}
                    </Text>
                    <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word" dir="auto">
                      {claim.businessDescription}
                    </Text>
                  </Box>
                </Section>

                <Section title={t('admin.review.evidence')}>
                  <ClaimEvidence claim={claim} />
                </Section>

                <Section title={t('admin.review.ownershipProof')}>
                  <Box layerStyle="note" fontSize="sm" data-testid="claim-proof">
                    {/* The claimant's own words: they read in their own direction. */}
                    <Text whiteSpace="pre-line" wordBreak="break-word" dir="auto">
                      {claim.ownershipProof}
                    </Text>
                  </Box>
                  {claim.notes ? (
                    <Box fontSize="sm">
                      <Text fontWeight="semibold" color="brand.950">
                        {t('admin.review.claimNotes')}
                      </Text>
                      <Text whiteSpace="pre-line" wordBreak="break-word" dir="auto">
                        {claim.notes}
                      </Text>
                    </Box>
                  ) : null}
                </Section>

                {pending ? (
                  <FormTextareaField
                    label={t('admin.review.reviewNotes')}
                    disabled={busy}
                    error={errors.notes?.message}
                    hint={t('admin.review.reviewNotesHint')}
                    rows={3}
                    maxLength={NOTES_MAX}
                    placeholder={t('admin.review.reviewNotesPlaceholder')}
                    {...register('notes')}
                  />
                ) : (
                  <Decided claim={claim} />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer gap="3" flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy} me={{ sm: 'auto' }}>
                  {pending ? t('common.action.cancel') : t('common.action.close')}
                </Button>
              </Dialog.ActionTrigger>
              {pending
                ? (['reject', 'approve'] as const).map((decision) => {
                    const { icon: Glyph, ...look } = DECISION_LOOKS[decision];
                    return (
                      <Button
                        key={decision}
                        colorPalette={look.palette}
                        variant={look.variant}
                        loading={decisions.busyWith(claim.id) === decision}
                        loadingText={t(look.pending)}
                        disabled={busy}
                        onClick={() => void decide(decision)()}
                        aria-label={t(look.claimFor, { name: iso(claim.businessName) })}
                      >
                        <Glyph aria-hidden />
                        {t(look.word)}
                      </Button>
                    );
                  })
                : null}
            </Dialog.Footer>
            <DialogCloseX disabled={busy} />
          </>
        ) : null}
      </Dialog.Content>
    </DialogShell>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h3" fontSize="md" color="brand.950">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** A decided claim: when, the notes given, and its history. */
function Decided({ claim }: { claim: AdminClaimDto }) {
  const t = useT();
  const status = stateLabel(t, claim.status);
  return (
    <Section title={t('admin.review.decision')}>
      <Text fontSize="sm" color="fg.muted">
        {claim.reviewedAt
          ? t('admin.review.decidedOn', { status, date: formatDateTime(claim.reviewedAt) })
          : t('admin.review.decided', { status })}
      </Text>
      {claim.reviewNotes ? <NoteBox title={t('admin.review.reviewNotes')} text={claim.reviewNotes} /> : null}
      {claim.history.length > 0 ? <ClaimHistoryList history={claim.history} gap="2" /> : null}
    </Section>
  );
}
