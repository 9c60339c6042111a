import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, ExternalLink, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../../shared/kashrut';
import type { AdminKashrutDto } from '../../../shared/schemas/kashrut';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import { attempt, refusal, useAdminRefresh } from './actions';
import { FilterBar, ListSkeleton, Pill, RowAction, RowCard, SelectField } from './parts';
import { ReasonDialog } from './reason-dialog';
import { useSelectFilter } from './use-paged-filters';

type KashrutListStatus = 'pending' | 'verified' | 'rejected';
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Waiting for a check' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Not accepted' },
] as const satisfies readonly { value: KashrutListStatus; label: string }[];

/** '2027-03-01' as 'March 1, 2027'. */
const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

function supervisionLine(k: AdminKashrutDto): string {
  const level = KASHRUT_LEVELS.find((l) => l.value === k.level)?.label ?? k.level;
  const flags = KASHRUT_FLAGS.filter((f) => k[f.field]).map((f) => f.label);
  return [k.agencyLabel, level, ...flags].join(' · ');
}

/**
 * The Kashrut tab: the certificates food listings uploaded, oldest first, for an admin to open and
 * verify or refuse with a reason (decision 038). Each decision is audited and the owner is told.
 */
export function KashrutTab() {
  const [status, statusField] = useSelectFilter<KashrutListStatus>('pending', STATUS_OPTIONS);
  const list = trpc.admin.kashrut.list.useQuery({ status });
  const verify = trpc.admin.kashrut.verify.useMutation();
  const reject = trpc.admin.kashrut.reject.useMutation();
  const refresh = useAdminRefresh();
  const refuse = useDialogTarget<AdminKashrutDto>();
  const [busyId, setBusyId] = useState<string | null>(null);

  const onVerify = async (k: AdminKashrutDto) => {
    setBusyId(k.vendorId);
    const outcome = await attempt(() => verify.mutateAsync({ vendorId: k.vendorId, version: k.version }));
    setBusyId(null);
    if (outcome.ok) toast.success('Kashrut verified', `${k.businessName} now shows the verified badge.`);
    else toast.error('Could not verify the kashrut', refusal(outcome.error));
    refresh();
  };

  const items = list.data ?? [];
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h2" fontSize="xl" color="brand.950">
          Kashrut certificates
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Open each certificate and check that it names the business, the agency and the level it states, and
          that its expiry date matches. The owner is told of your decision.
        </Text>
      </Box>
      <FilterBar label="Filter certificates">
        <SelectField label="Status" {...statusField} testId="kashrut-status-filter" />
      </FilterBar>
      {list.isPending ? (
        <ListSkeleton label="Loading the certificates" />
      ) : list.error ? (
        <ErrorAlert>{refusal(list.error)}</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyPanel
          icon={<PanelIcon icon={ShieldCheck} />}
          title={status === 'pending' ? 'No certificates to check' : 'Nothing here yet'}
          description={
            status === 'pending'
              ? 'Certificates appear here when caterers and venues upload them.'
              : 'Decided certificates appear here.'
          }
        />
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="3" data-testid="kashrut-list">
          {items.map((k) => (
            <RowCard
              key={k.vendorId}
              dataId={k.vendorId}
              testId="kashrut-row"
              title={k.businessName}
              badges={<Pill palette="gray">{k.category}</Pill>}
              actions={
                <>
                  {k.certificate ? (
                    <Button asChild size="xs" variant="outline">
                      <a href={k.certificate.url} target="_blank" rel="noopener">
                        <ExternalLink aria-hidden />
                        Open certificate
                      </a>
                    </Button>
                  ) : null}
                  {k.status !== 'verified' ? (
                    <RowAction
                      icon={BadgeCheck}
                      colorPalette="green"
                      disabled={busyId === k.vendorId || !k.certificate}
                      onClick={() => void onVerify(k)}
                      aria-label={`Verify the kashrut of ${k.businessName}`}
                    >
                      Verify
                    </RowAction>
                  ) : null}
                  {k.status !== 'rejected' ? (
                    <RowAction
                      icon={XCircle}
                      colorPalette="red"
                      disabled={busyId === k.vendorId}
                      onClick={() => refuse.show(k)}
                      aria-label={`Reject the certificate of ${k.businessName}`}
                    >
                      Reject
                    </RowAction>
                  ) : null}
                </>
              }
            >
              <Text>{supervisionLine(k)}</Text>
              <Text>
                {k.expiresOn ? `Expires on ${dayInWords(k.expiresOn)}` : 'No expiry date given'}
                {k.status === 'expired' ? ' (expired)' : ''}
              </Text>
              <Text>Owner: {k.ownerEmail ?? 'nobody'}</Text>
              {k.rejectedReason ? <Text>Not accepted: {k.rejectedReason}</Text> : null}
            </RowCard>
          ))}
        </chakra.ul>
      )}
      <ReasonDialog
        open={refuse.open}
        onClose={refuse.close}
        texts={{
          title: `Reject the certificate of ${refuse.target?.businessName ?? 'this listing'}?`,
          description:
            'The profile shows the supervision as stated by the business, not yet verified. The owner is told your reason and can upload another certificate.',
          placeholder: 'What is wrong with the certificate (for example: it names another address)',
          submit: 'Reject certificate',
          pending: 'Rejecting...',
        }}
        required
        pending={reject.isPending}
        testId="kashrut-reject-dialog"
        target={refuse.target}
        run={(k, reason) =>
          reject.mutateAsync({ vendorId: k.vendorId, reason: reason ?? '', version: k.version })
        }
        done={(k) => toast.success('Certificate rejected', `The owner of ${k.businessName} is told why.`)}
      />
    </Stack>
  );
}
