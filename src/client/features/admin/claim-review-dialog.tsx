import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  chakra,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, ExternalLink, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { type AdminClaimDto, claimBadgePalette } from '../../../shared/schemas/claims';
import { ErrorAlert } from '../../components/error-alert';
import { NoteBox } from '../../components/record-card';
import { serverFieldError } from '../../lib/errors';
import { ClaimHistoryList } from '../vendor-dashboard/claim-history';
import { refusal } from './actions';
import type { ClaimDecision, ClaimDecisions } from './claim-decisions';
import { ClaimComparison, ClaimEvidence } from './claim-evidence';
import { formatDate, formatDateTime, statusLabel } from './format';
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
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReviewNotesValues>({ resolver: zodResolver(reviewNotesForm), defaultValues: { notes: '' } });

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
      const field = serverFieldError(outcome.error);
      if (field?.field === 'notes') setError('notes', { message: field.message }, { shouldFocus: true });
      else setProblem(refusal(outcome.error));
    });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      size={{ mdDown: 'full', md: 'xl' }}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="claim-review-dialog">
            {claim ? (
              <>
                <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="14">
                  <HStack gap="2" wrap="wrap">
                    <Dialog.Title color="brand.950" fontSize="xl">
                      Review claim: {claim.businessName}
                    </Dialog.Title>
                    <Badge
                      colorPalette={claimBadgePalette(claim.status)}
                      variant="subtle"
                      rounded="full"
                      px="2.5"
                    >
                      {statusLabel(claim.status)}
                    </Badge>
                  </HStack>
                  <Dialog.Description color="fg.muted" fontSize="sm" overflowWrap="anywhere">
                    Submitted by {claim.userName} ({claim.userEmail}) on{' '}
                    <chakra.time dateTime={claim.submittedAt.toISOString()}>
                      {formatDate(claim.submittedAt)}
                    </chakra.time>
                    {claim.listing
                      ? ` for the listing ${claim.listing.businessName}.`
                      : ' for a new business.'}
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
                            {claim.competingClaimsNow === 1
                              ? 'Another pending claim asks for this listing.'
                              : `${claim.competingClaimsNow} other pending claims ask for this listing.`}{' '}
                            Approving this one rejects the others.
                          </Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    ) : null}

                    <Section title="Business details">
                      <ClaimComparison claim={claim} />
                      {claim.listing ? (
                        <Flex gap="2" wrap="wrap" align="center" fontSize="sm">
                          <Text color="fg.muted">Listing now:</Text>
                          <Badge variant="subtle" colorPalette={claim.listing.claimed ? 'orange' : 'gray'}>
                            {claim.listing.claimed
                              ? claim.listing.ownerId === claim.userId
                                ? 'Owned by the claimant'
                                : 'Owned by someone else'
                              : 'Unclaimed'}
                          </Badge>
                          {claim.listing.verified ? (
                            <Badge variant="subtle" colorPalette="green">
                              Verified
                            </Badge>
                          ) : null}
                          <Badge variant="subtle">{claim.listing.category}</Badge>
                          <Button asChild size="xs" variant="ghost">
                            <RouterLink to={`/vendor/${claim.listing.id}`} target="_blank" rel="noopener">
                              <ExternalLink aria-hidden />
                              Public profile
                            </RouterLink>
                          </Button>
                        </Flex>
                      ) : null}
                      <Box>
                        <Text fontWeight="semibold" fontSize="sm" color="brand.950">
                          Description
                        </Text>
                        <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word">
                          {claim.businessDescription}
                        </Text>
                      </Box>
                    </Section>

                    <Section title="Evidence">
                      <ClaimEvidence claim={claim} />
                    </Section>

                    <Section title="Ownership proof">
                      <Box bg="bg.muted" rounded="lg" px="3" py="2" fontSize="sm" data-testid="claim-proof">
                        <Text whiteSpace="pre-line" wordBreak="break-word">
                          {claim.ownershipProof}
                        </Text>
                      </Box>
                      {claim.notes ? (
                        <Box fontSize="sm">
                          <Text fontWeight="semibold" color="brand.950">
                            Claim notes
                          </Text>
                          <Text whiteSpace="pre-line" wordBreak="break-word">
                            {claim.notes}
                          </Text>
                        </Box>
                      ) : null}
                    </Section>

                    {pending ? (
                      <Field.Root invalid={Boolean(errors.notes)} disabled={busy}>
                        <Field.Label>Review notes</Field.Label>
                        <Textarea
                          rows={3}
                          maxLength={NOTES_MAX}
                          placeholder="Optional: what you checked, or why the claim cannot be approved"
                          {...register('notes')}
                        />
                        {errors.notes ? (
                          <Field.ErrorText>{errors.notes.message}</Field.ErrorText>
                        ) : (
                          <Field.HelperText>
                            The claimant sees these notes with your decision.
                          </Field.HelperText>
                        )}
                      </Field.Root>
                    ) : (
                      <Decided claim={claim} />
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer gap="3" flexWrap="wrap">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" disabled={busy} me={{ sm: 'auto' }}>
                      {pending ? 'Cancel' : 'Close'}
                    </Button>
                  </Dialog.ActionTrigger>
                  {pending ? (
                    <>
                      <Button
                        colorPalette="red"
                        variant="outline"
                        loading={decisions.busyWith(claim.id) === 'reject'}
                        loadingText="Rejecting..."
                        disabled={busy}
                        onClick={() => void decide('reject')()}
                        aria-label={`Reject claim for ${claim.businessName}`}
                      >
                        <X aria-hidden />
                        Reject
                      </Button>
                      <Button
                        colorPalette="green"
                        loading={decisions.busyWith(claim.id) === 'approve'}
                        loadingText="Approving..."
                        disabled={busy}
                        onClick={() => void decide('approve')()}
                        aria-label={`Approve claim for ${claim.businessName}`}
                      >
                        <Check aria-hidden />
                        Approve
                      </Button>
                    </>
                  ) : null}
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton aria-label="Close dialog" size="sm" disabled={busy} />
                </Dialog.CloseTrigger>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
  return (
    <Section title="Decision">
      <Text fontSize="sm" color="fg.muted">
        {statusLabel(claim.status)}
        {claim.reviewedAt ? ` on ${formatDateTime(claim.reviewedAt)}` : ''}.
      </Text>
      {claim.reviewNotes ? <NoteBox title="Review notes" text={claim.reviewNotes} /> : null}
      {claim.history.length > 0 ? <ClaimHistoryList history={claim.history} gap="2" /> : null}
    </Section>
  );
}
