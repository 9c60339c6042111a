import { Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, ExternalLink, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate } from '../../../shared/dates';
import { KASHRUT_FLAGS } from '../../../shared/kashrut';
import type { AdminKashrutDto } from '../../../shared/schemas/kashrut';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { ErrorAlert } from '../../components/error-alert';
import type { MessageId } from '../../i18n/catalogue';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import { attempt, refusal, useAdminRefresh } from './actions';
import { FilterBar, ListSkeleton, Pill, RowAction, RowCard, SelectField } from './parts';
import { ReasonDialog } from './reason-dialog';
import { useSelectFilter } from './use-paged-filters';

type KashrutListStatus = 'pending' | 'verified' | 'rejected';
const STATUS_OPTIONS = [
  { value: 'pending', label: 'admin.kashrut.status.pending' },
  { value: 'verified', label: 'admin.kashrut.status.verified' },
  { value: 'rejected', label: 'admin.kashrut.status.rejected' },
] as const satisfies readonly { value: KashrutListStatus; label: MessageId }[];

/** The agency (or the name typed for another), the level and the standards, in the page's language. */
function supervisionLine(t: Translate, iso: (text: string) => string, k: AdminKashrutDto): string {
  const agency =
    k.agency === 'other' && k.agencyOther ? iso(k.agencyOther) : term(t, 'kashrutAgency', k.agency);
  const flags = KASHRUT_FLAGS.filter((f) => k[f.field]).map((f) => term(t, 'kashrutFlag', f.field));
  return [agency, term(t, 'kashrutLevel', k.level), ...flags].join(' · ');
}

/**
 * The Kashrut tab: the certificates food listings uploaded, oldest first, for an admin to open and
 * verify or refuse with a reason (decision 038). Each decision is audited and the owner is told.
 */
export function KashrutTab() {
  const t = useT();
  const iso = useIsolate();
  const { language } = useLanguage();
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
    if (outcome.ok) {
      toast.success(
        t('admin.kashrut.verified'),
        t('admin.kashrut.verifiedHint', { name: iso(k.businessName) }),
      );
    } else toast.error(t('admin.kashrut.verifyFailed'), refusal(t, outcome.error));
    refresh();
  };

  const items = list.data ?? [];
  return (
    <Stack gap="5">
      <Box>
        <Heading as="h2" fontSize="xl" color="brand.950">
          {t('admin.kashrut.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('admin.kashrut.description')}
        </Text>
      </Box>
      <FilterBar label={t('admin.kashrut.filterLabel')}>
        <SelectField label={t('admin.filter.status')} {...statusField} testId="kashrut-status-filter" />
      </FilterBar>
      {list.isPending ? (
        <ListSkeleton label={t('admin.kashrut.loading')} />
      ) : list.error ? (
        <ErrorAlert>{refusal(t, list.error)}</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyPanel
          icon={<PanelIcon icon={ShieldCheck} />}
          title={status === 'pending' ? t('admin.kashrut.emptyPending') : t('admin.kashrut.emptyTitle')}
          description={
            status === 'pending' ? t('admin.kashrut.emptyPendingHint') : t('admin.kashrut.emptyHint')
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
              badges={<Pill palette="gray">{term(t, 'category', k.category)}</Pill>}
              actions={
                <>
                  {k.certificate ? (
                    <Button asChild size="xs" variant="outline">
                      <a href={k.certificate.url} target="_blank" rel="noopener">
                        <ExternalLink aria-hidden />
                        {t('admin.kashrut.openCertificate')}
                      </a>
                    </Button>
                  ) : null}
                  {k.status !== 'verified' ? (
                    <RowAction
                      icon={BadgeCheck}
                      colorPalette="green"
                      disabled={busyId === k.vendorId || !k.certificate}
                      onClick={() => void onVerify(k)}
                      aria-label={t('admin.kashrut.verifyFor', { name: iso(k.businessName) })}
                    >
                      {t('admin.kashrut.verify')}
                    </RowAction>
                  ) : null}
                  {k.status !== 'rejected' ? (
                    <RowAction
                      icon={XCircle}
                      colorPalette="red"
                      disabled={busyId === k.vendorId}
                      onClick={() => refuse.show(k)}
                      aria-label={t('admin.kashrut.rejectFor', { name: iso(k.businessName) })}
                    >
                      {t('admin.kashrut.reject')}
                    </RowAction>
                  ) : null}
                </>
              }
            >
              <Text>{supervisionLine(t, iso, k)}</Text>
              <Text>
                {k.expiresOn
                  ? t('admin.kashrut.expiresOn', { date: formatDate(k.expiresOn, language, 'long') })
                  : t('admin.kashrut.noExpiry')}
                {k.status === 'expired' ? ` ${t('admin.kashrut.expired')}` : ''}
              </Text>
              <Text>
                {k.ownerEmail ? (
                  <FormattedMessage id="admin.kashrut.owner" values={{ email: <bdi>{k.ownerEmail}</bdi> }} />
                ) : (
                  t('admin.kashrut.ownerNobody')
                )}
              </Text>
              {k.rejectedReason ? (
                <Text>
                  <FormattedMessage
                    id="admin.kashrut.notAccepted"
                    values={{ reason: <bdi>{k.rejectedReason}</bdi> }}
                  />
                </Text>
              ) : null}
            </RowCard>
          ))}
        </chakra.ul>
      )}
      <ReasonDialog
        open={refuse.open}
        onClose={refuse.close}
        texts={{
          title: refuse.target
            ? t('admin.kashrut.rejectTitle', { name: iso(refuse.target.businessName) })
            : t('admin.kashrut.rejectTitleNoName'),
          description: t('admin.kashrut.rejectDescription'),
          placeholder: t('admin.kashrut.rejectPlaceholder'),
          submit: t('admin.kashrut.rejectSubmit'),
          pending: t('admin.decision.rejecting'),
        }}
        required
        pending={reject.isPending}
        testId="kashrut-reject-dialog"
        target={refuse.target}
        run={(k, reason) =>
          reject.mutateAsync({ vendorId: k.vendorId, reason: reason ?? '', version: k.version })
        }
        done={(k) =>
          toast.success(
            t('admin.kashrut.rejected'),
            t('admin.kashrut.rejectedHint', { name: iso(k.businessName) }),
          )
        }
      />
    </Stack>
  );
}
