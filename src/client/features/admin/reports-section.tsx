import { Badge, Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { Ban, MessagesSquare, X } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AdminReportDto } from '../../../shared/schemas/admin';
import { Folded, NoteBox, RecordCard } from '../../components/record-card';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import { useConversationSubject } from '../messages/subject';
import type { RecordDialogProps } from './actions';
import { AdminList, pagedQuery } from './admin-list';
import { formatDateTime, stateLabel } from './format';
import { PersonLines } from './parts';
import { ReasonDialog, type ReasonDialogTexts } from './reason-dialog';
import {
  emptyReports,
  REPORT_PALETTE,
  REPORT_STATUS_OPTIONS,
  type ReportStatusFilter,
  reportStatusQuery,
} from './report-filters';
import { useSelectFilter } from './use-paged-filters';

type Action = { kind: 'dismiss' | 'suspend'; report: AdminReportDto };

/**
 * Conversations reported from messaging: who reported whom and why, the thread's latest messages,
 * and the two ways to close a report (dismiss it, or suspend the reported sender).
 */
export function ReportsSection() {
  const t = useT();
  const [status, statusField] = useSelectFilter<ReportStatusFilter>('open', REPORT_STATUS_OPTIONS);
  const [paging, setPaging] = useState({ status, page: 1 });
  const page = paging.status === status ? paging.page : 1;
  const list = trpc.admin.reports.list.useQuery(
    { status: reportStatusQuery(status), page },
    // Read afresh each time the view opens: the Overview may have cached the open reports earlier.
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const action = useDialogTarget<Action>();

  return (
    <AdminList
      title={t('admin.reports.title')}
      description={t('admin.reports.description')}
      statusFilter={{ ...statusField, testId: 'reports-status-filter' }}
      {...pagedQuery(list)}
      skeletonRows={3}
      empty={emptyReports(t, status, 'conversation')}
      rowTestId="report-item"
      item={(report) => <ReportCard report={report} onAction={(kind) => action.show({ kind, report })} />}
      listGap="4"
      noun="reports"
      onPage={(next) => setPaging({ status, page: next })}
    >
      <ReportActionDialog action={action.target} open={action.open} onClose={action.close} />
    </AdminList>
  );
}

function ReportCard({
  report,
  onAction,
}: {
  report: AdminReportDto;
  onAction: (kind: Action['kind']) => void;
}) {
  const t = useT();
  const iso = useIsolate();
  const subject = useConversationSubject();
  const reported = report.reported;
  return (
    <RecordCard
      title={subject.show(report.subject)}
      subtitle={<ReportedWhen createdAt={report.createdAt} resolvedAt={report.resolvedAt} />}
      status={{ label: stateLabel(t, report.status), palette: REPORT_PALETTE[report.status] }}
      testId="report-item"
    >
      <Stack
        as="dl"
        mt="3"
        gap="2"
        fontSize="sm"
        direction={{ base: 'column', md: 'row' }}
        css={{ '& > div': { flex: '1', minWidth: 0 } }}
      >
        <Box>
          <Text as="dt" color="fg.muted">
            {t('admin.reports.reportedBy')}
          </Text>
          <Box as="dd" minW="0">
            <PersonLines name={report.reporter.name} email={report.reporter.email} />
          </Box>
        </Box>
        <Box>
          <Text as="dt" color="fg.muted">
            {t('admin.reports.about')}
          </Text>
          <Box as="dd" minW="0">
            {reported ? (
              <PersonLines
                name={reported.name}
                email={reported.email}
                badge={
                  reported.suspended ? (
                    <Badge colorPalette="red" variant="solid" size="sm" rounded="full" flexShrink="0">
                      {t('admin.users.suspended')}
                    </Badge>
                  ) : null
                }
              />
            ) : (
              t('admin.reports.goneAccount')
            )}
          </Box>
        </Box>
      </Stack>
      <NoteBox mt="3" title={t('admin.reason')} text={report.reason} />
      <Flex mt="3" gap="2" wrap="wrap" justify="space-between" align="flex-start">
        <Thread report={report} />
        {report.status === 'open' ? (
          <Flex gap="2" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAction('dismiss')}
              aria-label={t('admin.reports.dismissFor', { subject: subject.label(report.subject) })}
            >
              <X aria-hidden />
              {t('admin.reports.dismiss')}
            </Button>
            <Button
              size="sm"
              colorPalette="red"
              disabled={!reported || reported.suspended}
              onClick={() => onAction('suspend')}
              aria-label={
                reported ? t('admin.reports.suspendSenderFor', { email: iso(reported.email) }) : undefined
              }
            >
              <Ban aria-hidden />
              {t('admin.reports.suspendSender')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </RecordCard>
  );
}

/** 'Reported Nov 3, 2026, 4:05 PM · closed Nov 4, 2026, 9:00 AM': a report's card's line under its title. */
export function ReportedWhen({ createdAt, resolvedAt }: { createdAt: Date; resolvedAt: Date | null }) {
  const t = useT();
  return (
    <>
      <FormattedMessage
        id="admin.reports.reportedAt"
        values={{
          date: <chakra.time dateTime={createdAt.toISOString()}>{formatDateTime(createdAt)}</chakra.time>,
        }}
      />
      {resolvedAt ? ` · ${t('admin.reports.closedAt', { date: formatDateTime(resolvedAt) })}` : ''}
    </>
  );
}

/** The conversation as it stood when reported, the reported messages marked, folded away until asked for. */
function Thread({ report }: { report: AdminReportDto }) {
  const t = useT();
  const count = report.messages.length;
  if (count === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" py="1.5">
        {t('admin.reports.noMessages')}
      </Text>
    );
  }
  return (
    <Folded
      icon={MessagesSquare}
      label={t('admin.reports.conversation', { count })}
      minW={{ base: 'full', md: '20rem' }}
    >
      <Stack as="ol" gap="2" mt="2" listStyleType="none" data-testid="report-thread">
        {report.messages.map((m) => {
          return (
            <Box
              as="li"
              key={m.id}
              layerStyle="note"
              bg={m.reported ? 'red.subtle' : undefined}
              fontSize="sm"
              data-reported={m.reported || undefined}
            >
              <Flex justify="space-between" gap="2" wrap="wrap">
                <Text fontWeight="semibold">
                  <bdi>{m.senderName}</bdi>
                  {m.reported ? (
                    <Badge ms="2" colorPalette="red" variant="subtle" size="sm" rounded="full">
                      {t('admin.reports.reportedBadge')}
                    </Badge>
                  ) : null}
                </Text>
                <Text textStyle="caption">
                  <time dateTime={m.createdAt.toISOString()}>{formatDateTime(m.createdAt)}</time>
                </Text>
              </Flex>
              {/* The sender's own words: they read in their own direction. */}
              <Text whiteSpace="pre-line" wordBreak="break-word" dir="auto">
                {m.text}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Folded>
  );
}

function ReportActionDialog({ action, open, onClose }: RecordDialogProps<{ action: Action | null }>) {
  const t = useT();
  const iso = useIsolate();
  const dismiss = trpc.admin.reports.dismiss.useMutation();
  const suspend = trpc.admin.reports.suspendSender.useMutation();
  const report = action?.report;
  const kind = action?.kind ?? 'dismiss';
  const reported = report?.reported;
  const texts: Record<Action['kind'], ReasonDialogTexts> = {
    dismiss: {
      title: t('admin.reports.dismissTitle'),
      description: t('admin.reports.dismissDescription'),
      label: t('admin.notes'),
      placeholder: t('admin.reports.dismissPlaceholder'),
      submit: t('admin.reports.dismissSubmit'),
      pending: t('admin.reports.dismissing'),
    },
    suspend: {
      title: reported
        ? t('admin.reports.suspendTitle', { name: iso(reported.name) })
        : t('admin.reports.suspendTitleNoName'),
      description: reported ? (
        <FormattedMessage
          id="admin.reports.suspendDescription"
          values={{ email: <bdi>{reported.email}</bdi> }}
        />
      ) : (
        t('admin.reports.suspendDescriptionNoName')
      ),
      placeholder: t('admin.reports.suspendPlaceholder'),
      submit: t('admin.reports.suspendSender'),
      pending: t('admin.users.suspending'),
    },
  };
  return (
    // Each kind its own form: whether a reason is required is fixed for a form's life.
    <ReasonDialog
      key={kind}
      open={open}
      onClose={onClose}
      texts={texts[kind]}
      required={kind === 'suspend'}
      pending={dismiss.isPending || suspend.isPending}
      testId={`report-${kind}-dialog`}
      target={report}
      run={({ id }, reason) =>
        kind === 'dismiss'
          ? dismiss.mutateAsync({ id, reason })
          : suspend.mutateAsync({ id, reason: reason ?? '' })
      }
      done={() => {
        if (kind === 'dismiss') toast.success(t('admin.reports.dismissed'));
        else
          toast.success(
            t('admin.reports.senderSuspended'),
            reported
              ? t('admin.reports.senderSuspendedHint', { name: iso(reported.name) })
              : t('admin.reports.senderSuspendedHintNoName'),
          );
      }}
    />
  );
}
