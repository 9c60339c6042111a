import { Badge, Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { Ban, MessagesSquare, X } from 'lucide-react';
import { useState } from 'react';
import type { AdminReportDto } from '../../../shared/schemas/admin';
import { Folded, NoteBox, RecordCard } from '../../components/record-card';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import type { RecordDialogProps } from './actions';
import { AdminList, pagedQuery } from './admin-list';
import { formatDateTime, statusLabel } from './format';
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
      title="Reported conversations"
      description="Read the conversation before you decide. Suspending the sender also closes the report."
      statusFilter={{ ...statusField, testId: 'reports-status-filter' }}
      {...pagedQuery(list)}
      skeletonRows={3}
      empty={emptyReports(status, {
        thing: 'conversation',
        where: 'in their messages',
        resolvedBy: 'suspending the sender',
      })}
      rowTestId="report-item"
      item={(report) => <ReportCard report={report} onAction={(kind) => action.show({ kind, report })} />}
      listGap="4"
      noun="reports"
      one="report"
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
  const reported = report.reported;
  return (
    <RecordCard
      title={report.subject}
      subtitle={
        <>
          Reported{' '}
          <chakra.time dateTime={report.createdAt.toISOString()}>
            {formatDateTime(report.createdAt)}
          </chakra.time>
          {report.resolvedAt ? ` · closed ${formatDateTime(report.resolvedAt)}` : ''}
        </>
      }
      status={{ label: statusLabel(report.status), palette: REPORT_PALETTE[report.status] }}
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
            Reported by
          </Text>
          <Text as="dd" wordBreak="break-word">
            {report.reporter.name} · {report.reporter.email}
          </Text>
        </Box>
        <Box>
          <Text as="dt" color="fg.muted">
            About
          </Text>
          <Box as="dd" wordBreak="break-word">
            {reported ? (
              <>
                {reported.name} · {reported.email}
                {reported.suspended ? (
                  <Badge colorPalette="red" variant="solid" size="sm" ms="2" rounded="full">
                    Suspended
                  </Badge>
                ) : null}
              </>
            ) : (
              'An account that no longer exists'
            )}
          </Box>
        </Box>
      </Stack>
      <NoteBox mt="3" title="Reason" text={report.reason} />
      <Flex mt="3" gap="2" wrap="wrap" justify="space-between" align="flex-start">
        <Thread report={report} />
        {report.status === 'open' ? (
          <Flex gap="2" wrap="wrap">
            <Button
              size="sm"
              variant="outline"
              onClick={() => onAction('dismiss')}
              aria-label={`Dismiss report: ${report.subject}`}
            >
              <X aria-hidden />
              Dismiss
            </Button>
            <Button
              size="sm"
              colorPalette="red"
              disabled={!reported || reported.suspended}
              onClick={() => onAction('suspend')}
              aria-label={reported ? `Suspend sender ${reported.email}` : undefined}
            >
              <Ban aria-hidden />
              Suspend sender
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </RecordCard>
  );
}

/** The conversation as it stood when reported, the reported messages marked, folded away until asked for. */
function Thread({ report }: { report: AdminReportDto }) {
  const count = report.messages.length;
  if (count === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" py="1.5">
        The conversation has no messages.
      </Text>
    );
  }
  return (
    <Folded
      icon={MessagesSquare}
      label={`Conversation (${count} message${count === 1 ? '' : 's'})`}
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
                  {m.senderName}
                  {m.reported ? (
                    <Badge ms="2" colorPalette="red" variant="subtle" size="sm" rounded="full">
                      Reported
                    </Badge>
                  ) : null}
                </Text>
                <Text textStyle="caption">
                  <time dateTime={m.createdAt.toISOString()}>{formatDateTime(m.createdAt)}</time>
                </Text>
              </Flex>
              <Text whiteSpace="pre-line" wordBreak="break-word">
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
  const dismiss = trpc.admin.reports.dismiss.useMutation();
  const suspend = trpc.admin.reports.suspendSender.useMutation();
  const report = action?.report;
  const kind = action?.kind ?? 'dismiss';
  const reported = report?.reported;
  const texts: Record<Action['kind'], ReasonDialogTexts> = {
    dismiss: {
      title: 'Dismiss this report?',
      description: 'The report is closed without action against anyone.',
      label: 'Notes',
      placeholder: 'Optional: why no action is needed',
      submit: 'Dismiss report',
      pending: 'Dismissing...',
    },
    suspend: {
      title: `Suspend ${reported?.name ?? 'the sender'}?`,
      description: `${reported?.email ?? 'The sender'} is signed out everywhere at once and cannot sign in until reinstated. The report is closed as resolved.`,
      placeholder: 'Why the account is suspended',
      submit: 'Suspend sender',
      pending: 'Suspending...',
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
        if (kind === 'dismiss') toast.success('Report dismissed');
        else
          toast.success(
            'Sender suspended',
            `${reported?.name ?? 'The sender'} has been signed out and cannot sign in.`,
          );
      }}
    />
  );
}
