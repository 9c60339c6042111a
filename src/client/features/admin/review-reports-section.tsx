import { Badge, Box, Button, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Eye, EyeOff, Star, X } from 'lucide-react';
import { useState } from 'react';
import type { AdminReviewReportDto } from '../../../shared/schemas/reviews';
import { NoteBox, RecordCard } from '../../components/record-card';
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

type Action = { kind: 'hide' | 'unhide' | 'dismiss'; report: AdminReviewReportDto };

/**
 * Reviews reported by signed-in users: the review as it stands, who reported it and why, and the
 * decisions: hide it with a reason (the writer is told; the listing's rating is recomputed), show it
 * again, or dismiss the report.
 */
export function ReviewReportsSection() {
  const [status, statusField] = useSelectFilter<ReportStatusFilter>('open', REPORT_STATUS_OPTIONS);
  const [paging, setPaging] = useState({ status, page: 1 });
  const page = paging.status === status ? paging.page : 1;
  const list = trpc.admin.reviews.reports.useQuery(
    { status: reportStatusQuery(status), page },
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const action = useDialogTarget<Action>();

  return (
    <AdminList
      title="Reported reviews"
      description="Read the review before you decide. Hiding it takes it off the listing and out of its rating, and tells the writer why."
      statusFilter={{ ...statusField, testId: 'review-reports-status-filter' }}
      {...pagedQuery(list)}
      skeletonRows={3}
      empty={emptyReports(status, {
        thing: 'review',
        where: 'on a vendor profile',
        resolvedBy: 'hiding the review',
      })}
      rowTestId="review-report-item"
      item={(report) => (
        <ReviewReportCard report={report} onAction={(kind) => action.show({ kind, report })} />
      )}
      listGap="4"
      noun="review reports"
      one="review report"
      onPage={(next) => setPaging({ status, page: next })}
    >
      <ReviewActionDialog action={action.target} open={action.open} onClose={action.close} />
    </AdminList>
  );
}

function ReviewReportCard({
  report,
  onAction,
}: {
  report: AdminReviewReportDto;
  onAction: (kind: Action['kind']) => void;
}) {
  const { review } = report;
  return (
    <RecordCard
      title={`Review of ${review.businessName}`}
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
      testId="review-report-item"
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
            {report.reporter
              ? `${report.reporter.name} · ${report.reporter.email}`
              : 'An account that no longer exists'}
          </Text>
        </Box>
        <Box>
          <Text as="dt" color="fg.muted">
            Written by
          </Text>
          <Text as="dd" wordBreak="break-word">
            {review.authorName
              ? `${review.authorName} · ${review.authorEmail}`
              : 'An account that no longer exists'}
          </Text>
        </Box>
      </Stack>
      <NoteBox mt="3" title="Reason" text={report.reason} />
      <Box mt="3" layerStyle="note" fontSize="sm" data-testid="reported-review">
        <HStack gap="1" aria-label={`${review.rating} out of 5 stars`} role="img">
          {[1, 2, 3, 4, 5].map((n) => (
            <Star
              key={n}
              size="14"
              aria-hidden
              color="var(--chakra-colors-gold-500)"
              fill={n <= review.rating ? 'var(--chakra-colors-gold-400)' : 'none'}
            />
          ))}
          {review.hidden ? (
            <Badge ms="2" colorPalette="red" variant="subtle" size="sm" rounded="full">
              Hidden
            </Badge>
          ) : null}
        </HStack>
        <Text mt="1" whiteSpace="pre-line" wordBreak="break-word">
          {review.text}
        </Text>
        {review.imageUrls.length > 0 ? (
          <Text mt="1" color="fg.muted">
            {review.imageUrls.length} photo{review.imageUrls.length === 1 ? '' : 's'}
          </Text>
        ) : null}
        {review.reply ? (
          <Text mt="2" color="fg.muted" whiteSpace="pre-line" wordBreak="break-word">
            Reply from {review.businessName}: {review.reply}
          </Text>
        ) : null}
        {review.hidden && review.hiddenReason ? (
          <Text mt="2" color="fg.muted">
            Hidden because: {review.hiddenReason}
          </Text>
        ) : null}
      </Box>
      <Flex mt="3" gap="2" wrap="wrap" justify="flex-end">
        {report.status === 'open' ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction('dismiss')}
            aria-label={`Dismiss report of the review of ${review.businessName}`}
          >
            <X aria-hidden />
            Dismiss
          </Button>
        ) : null}
        {review.hidden ? (
          <Button size="sm" variant="outline" onClick={() => onAction('unhide')}>
            <Eye aria-hidden />
            Show review again
          </Button>
        ) : (
          <Button
            size="sm"
            colorPalette="red"
            onClick={() => onAction('hide')}
            aria-label={`Hide the review of ${review.businessName}`}
          >
            <EyeOff aria-hidden />
            Hide review
          </Button>
        )}
      </Flex>
    </RecordCard>
  );
}

function ReviewActionDialog({ action, open, onClose }: RecordDialogProps<{ action: Action | null }>) {
  const hide = trpc.admin.reviews.hide.useMutation();
  const unhide = trpc.admin.reviews.unhide.useMutation();
  const dismiss = trpc.admin.reviews.dismissReport.useMutation();
  const report = action?.report;
  const kind = action?.kind ?? 'dismiss';
  const texts: Record<Action['kind'], ReasonDialogTexts> = {
    hide: {
      title: 'Hide this review?',
      description:
        "It disappears from the listing and stops counting toward its rating. The writer is told, with your reason. The review's open reports are closed as resolved.",
      placeholder: 'Why the review is hidden (the writer reads this)',
      submit: 'Hide review',
      pending: 'Hiding...',
    },
    unhide: {
      title: 'Show this review again?',
      description: 'It appears on the listing again and counts toward its rating.',
      label: 'Notes',
      placeholder: 'Optional: why it is shown again',
      submit: 'Show review',
      pending: 'Showing...',
    },
    dismiss: {
      title: 'Dismiss this report?',
      description: 'The report is closed and the review stays as it is.',
      label: 'Notes',
      placeholder: 'Optional: why no action is needed',
      submit: 'Dismiss report',
      pending: 'Dismissing...',
    },
  };
  return (
    <ReasonDialog
      key={kind}
      open={open}
      onClose={onClose}
      texts={texts[kind]}
      required={kind === 'hide'}
      pending={hide.isPending || unhide.isPending || dismiss.isPending}
      testId={`review-${kind}-dialog`}
      target={report}
      run={(r, reason) =>
        kind === 'hide'
          ? hide.mutateAsync({ id: r.review.id, reason: reason ?? '' })
          : kind === 'unhide'
            ? unhide.mutateAsync({ id: r.review.id, reason })
            : dismiss.mutateAsync({ id: r.id, reason })
      }
      done={() => {
        if (kind === 'hide')
          toast.success('Review hidden', 'The writer has been told, and the rating recomputed.');
        else if (kind === 'unhide') toast.success('Review shown again');
        else toast.success('Report dismissed');
      }}
    />
  );
}
