import { Box, Button, chakra, Flex, Grid, Heading, Icon, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ClipboardList, History } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { claimBadgePalette, type MyClaimDto } from '../../../shared/schemas/claims';
import type { VendorView } from '../../../shared/schemas/vendors';
import { ConfirmDialog } from '../../components/form-dialog';
import { Panel } from '../../components/panel';
import { Folded, NoteBox, RecordCard } from '../../components/record-card';
import { useConfirmedMutation } from '../../components/use-confirmed-mutation';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ClaimForm } from './claim-form';
import { ClaimHistoryList } from './claim-history';
import { claimStatusLabel, formatDate } from './format';

/**
 * The Claims tab: the user's claims, then the form for a new one (spec section 2). The vendor
 * dashboard and /claim-listing (any signed-in user who is not an admin) both show it; `listing` is
 * one already chosen for the form.
 */
export function ClaimsTab({ listing }: { listing?: VendorView }) {
  const t = useT();
  const claims = trpc.claims.mine.useQuery();
  const headingId = useId();

  return (
    <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: '8', xl: '8' }}>
      <Box as="section" aria-labelledby={headingId} minW="0">
        <Heading id={headingId} as="h2" fontSize="xl" color="brand.950" mb="4">
          {t('vendorDashboard.claims.title')}
        </Heading>
        {claims.isPending ? (
          <Stack gap="3" role="status" aria-busy="true" aria-label={t('vendorDashboard.claims.loading')}>
            <Skeleton h="32" rounded="2xl" />
            <Skeleton h="32" rounded="2xl" />
          </Stack>
        ) : claims.isLoadingError ? (
          <Panel p="6">
            <Text color="fg.muted">
              {serverMessage(claims.error) ?? t('vendorDashboard.claims.loadFailed')}
            </Text>
            <Button mt="3" size="sm" variant="outline" onClick={() => void claims.refetch()}>
              {t('common.action.tryAgain')}
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
              {t('vendorDashboard.claims.empty')}
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
  const t = useT();
  const iso = useIsolate();
  const utils = trpc.useUtils();
  const withdraw = trpc.claims.withdraw.useMutation();
  const withdrawal = useConfirmedMutation(withdraw, {
    input: { claimId: claim.id },
    onDone: () => {
      toast.success(
        t('vendorDashboard.claims.withdrawn'),
        t('vendorDashboard.claims.withdrawnDescription', { name: iso(claim.businessName) }),
      );
      void utils.claims.mine.invalidate();
    },
    failed: t('vendorDashboard.claims.withdrawFailed'),
  });

  return (
    <RecordCard
      title={<bdi>{claim.businessName}</bdi>}
      subtitle={
        claim.vendorId ? (
          claim.listingName && claim.listingName !== claim.businessName ? (
            <FormattedMessage
              id="vendorDashboard.claims.forListing"
              values={{ name: <bdi>{claim.listingName}</bdi> }}
            />
          ) : (
            t('vendorDashboard.claims.forExisting')
          )
        ) : (
          t('vendorDashboard.claims.newBusiness')
        )
      }
      status={{
        label: claimStatusLabel(t, claim.status),
        palette: claimBadgePalette(claim.status),
        testId: 'claim-status',
      }}
      testId="claim-item"
    >
      <Text mt="3" fontSize="sm" whiteSpace="pre-line" lineClamp={4} wordBreak="break-word" dir="auto">
        {claim.businessDescription}
      </Text>
      <Flex mt="3" gap={{ base: '1', sm: '5' }} direction={{ base: 'column', sm: 'row' }} fontSize="sm">
        <DatedLine label={t('vendorDashboard.claims.submittedOn')} date={claim.submittedAt} />
        {claim.reviewedAt ? (
          <DatedLine label={t('vendorDashboard.claims.reviewedOn')} date={claim.reviewedAt} />
        ) : null}
      </Flex>
      {claim.reviewNotes ? (
        <NoteBox mt="3" title={t('vendorDashboard.claims.notes')} text={claim.reviewNotes} />
      ) : null}
      <Flex mt="3" gap="2" wrap="wrap" justify="space-between" align="flex-start">
        {claim.history.length > 0 ? <ClaimHistory claim={claim} /> : <Box />}
        {claim.status === 'pending' ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={withdrawal.ask}
            aria-label={t('vendorDashboard.claims.withdrawLabel', { name: iso(claim.businessName) })}
          >
            {t('vendorDashboard.claims.withdraw')}
          </Button>
        ) : null}
      </Flex>
      <ConfirmDialog
        {...withdrawal.dialog}
        title={t('vendorDashboard.claims.withdrawTitle')}
        confirmLabel={t('vendorDashboard.claims.withdrawConfirm')}
        pendingLabel={t('vendorDashboard.claims.withdrawing')}
      >
        <FormattedMessage
          id="vendorDashboard.claims.withdrawBody"
          values={{ name: <bdi>{claim.businessName}</bdi> }}
        />
      </ConfirmDialog>
    </RecordCard>
  );
}

function ClaimHistory({ claim }: { claim: MyClaimDto }) {
  const t = useT();
  return (
    <Folded
      icon={History}
      label={t('vendorDashboard.claims.history', { count: String(claim.history.length) })}
      minW="0"
    >
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
