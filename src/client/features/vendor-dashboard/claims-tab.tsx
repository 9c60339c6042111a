import { Box, Button, chakra, Flex, Grid, Heading, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ClipboardList, History } from 'lucide-react';
import { useId } from 'react';
import { claimBadgePalette, type MyClaimDto } from '../../../shared/schemas/claims';
import type { VendorView } from '../../../shared/schemas/vendors';
import { ConfirmDialog } from '../../components/form-dialog';
import { Panel } from '../../components/panel';
import { Folded, NoteBox, RecordCard } from '../../components/record-card';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ClaimForm } from './claim-form';
import { ClaimHistoryList } from './claim-history';
import { formatDate, statusLabel } from './format';

/**
 * The Claims tab: the user's claims, then the form for a new one (spec section 2). The vendor
 * dashboard and /claim-listing (any signed-in user who is not an admin) both show it; `listing` is
 * one already chosen for the form.
 */
export function ClaimsTab({ listing }: { listing?: VendorView }) {
  const claims = trpc.claims.mine.useQuery();
  const headingId = useId();

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: '8', xl: '8' }}>
      <Box as="section" aria-labelledby={headingId} minW="0">
        <Heading id={headingId} as="h2" fontSize="xl" color="brand.950" mb="4">
          Your Vendor Claims
        </Heading>
        {claims.isPending ? (
          <Stack gap="3" role="status" aria-busy="true" aria-label="Loading your claims">
            <Skeleton h="32" rounded="2xl" />
            <Skeleton h="32" rounded="2xl" />
          </Stack>
        ) : claims.isLoadingError ? (
          <Panel p="6">
            <Text color="fg.muted">
              {serverMessage(claims.error) ?? 'Your claims could not be loaded. Check your connection.'}
            </Text>
            <Button mt="3" size="sm" variant="outline" onClick={() => void claims.refetch()}>
              Try again
            </Button>
          </Panel>
        ) : claims.data.length === 0 ? (
          <Flex
            direction="column"
            align="center"
            gap="3"
            layerStyle="dashedOutline"
            rounded="2xl"
            py="10"
            px="6"
            bg="bg"
            textAlign="center"
          >
            <Icon boxSize="8" color="brand.fg" aria-hidden>
              <ClipboardList />
            </Icon>
            <Text color="fg.muted" data-testid="no-claims">
              No vendor claims submitted yet.
            </Text>
          </Flex>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" data-testid="claims-list">
            {claims.data.map((claim) => (
              <ClaimItem key={claim.id} claim={claim} />
            ))}
          </Stack>
        )}
      </Box>
      <ClaimForm listing={listing} />
    </Grid>
  );
}

function ClaimItem({ claim }: { claim: MyClaimDto }) {
  const utils = trpc.useUtils();
  const withdraw = trpc.claims.withdraw.useMutation();
  const withdrawal = useConfirmedMutation(withdraw, {
    input: { claimId: claim.id },
    onDone: () => {
      toast.success('Claim Withdrawn', `Your claim for ${claim.businessName} was withdrawn.`);
      void utils.claims.mine.invalidate();
    },
    failed: 'Withdrawal Failed',
  });

  return (
    <RecordCard
      title={claim.businessName}
      subtitle={
        claim.vendorId
          ? claim.listingName && claim.listingName !== claim.businessName
            ? `Claim for the listing ${claim.listingName}`
            : 'Claim for an existing listing'
          : 'New business'
      }
      status={{
        label: statusLabel(claim.status),
        palette: claimBadgePalette(claim.status),
        testId: 'claim-status',
      }}
      testId="claim-item"
    >
      <Text mt="3" fontSize="sm" whiteSpace="pre-line" lineClamp={4} wordBreak="break-word">
        {claim.businessDescription}
      </Text>
      <Flex mt="3" gap={{ base: '1', sm: '5' }} direction={{ base: 'column', sm: 'row' }} fontSize="sm">
        <DatedLine label="Submitted" date={claim.submittedAt} />
        {claim.reviewedAt ? <DatedLine label="Reviewed" date={claim.reviewedAt} /> : null}
      </Flex>
      {claim.reviewNotes ? <NoteBox mt="3" title="Review notes" text={claim.reviewNotes} /> : null}
      <Flex mt="3" gap="2" wrap="wrap" justify="space-between" align="flex-start">
        {claim.history.length > 0 ? <ClaimHistory claim={claim} /> : <Box />}
        {claim.status === 'pending' ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={withdrawal.ask}
            aria-label={`Withdraw claim for ${claim.businessName}`}
          >
            Withdraw
          </Button>
        ) : null}
      </Flex>
      <ConfirmDialog
        {...withdrawal.dialog}
        title="Withdraw this claim?"
        confirmLabel="Withdraw claim"
        pendingLabel="Withdrawing..."
      >
        Your claim for {claim.businessName} will no longer be reviewed. You can submit a new claim later.
      </ConfirmDialog>
    </RecordCard>
  );
}

function ClaimHistory({ claim }: { claim: MyClaimDto }) {
  return (
    <Folded icon={History} label={`History (${claim.history.length})`} minW="0">
      <ClaimHistoryList history={claim.history} gap="3" mt="2" />
    </Folded>
  );
}

/** What happened to a claim, and on which day. */
function DatedLine({ label, date }: { label: string; date: Date }) {
  return (
    <Text color="fg.muted">
      {label}{' '}
      <chakra.time color="fg" dateTime={date.toISOString()}>
        {formatDate(date)}
      </chakra.time>
    </Text>
  );
}
