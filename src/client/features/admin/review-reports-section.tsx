import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Eye, EyeOff, Star, X } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AdminReviewReportDto } from '../../../shared/schemas/reviews';
import { NoteBox, RecordCard } from '../../components/record-card';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import type { RecordDialogProps } from './actions';
import { AdminList, pagedQuery } from './admin-list';
import { stateLabel } from './format';
import { PersonLines } from './parts';
import { ReasonDialog, type ReasonDialogTexts } from './reason-dialog';
import {
  emptyReports,
  REPORT_PALETTE,
  REPORT_STATUS_OPTIONS,
  type ReportStatusFilter,
  reportStatusQuery,
} from './report-filters';
import { ReportedWhen } from './reports-section';
import { useSelectFilter } from './use-paged-filters';

type Action = { kind: 'hide' | 'unhide' | 'dismiss'; report: AdminReviewReportDto };

/**
 * Reviews reported by signed-in users: the review as it stands, who reported it and why, and the
 * decisions: hide it with a reason (the writer is told; the listing's rating is recomputed), show it
 * again, or dismiss the report.
 */
export function ReviewReportsSection() {
  const t = useT();
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
      title={t('admin.reviewReports.title')}
      description={t('admin.reviewReports.description')}
      statusFilter={{ ...statusField, testId: 'review-reports-status-filter' }}
      {...pagedQuery(list)}
      skeletonRows={3}
      empty={emptyReports(t, status, 'review')}
      rowTestId="review-report-item"
      item={(report) => (
        <ReviewReportCard report={report} onAction={(kind) => action.show({ kind, report })} />
      )}
      listGap="4"
      noun="reviewReports"
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
  const t = useT();
  const iso = useIsolate();
  const { review } = report;
  const business = iso(review.businessName);
  return (
    <RecordCard
      title={
        <FormattedMessage
          id="admin.reviewReports.reviewOf"
          values={{ name: <bdi>{review.businessName}</bdi> }}
        />
      }
      subtitle={<ReportedWhen createdAt={report.createdAt} resolvedAt={report.resolvedAt} />}
      status={{ label: stateLabel(t, report.status), palette: REPORT_PALETTE[report.status] }}
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
            {t('admin.reports.reportedBy')}
          </Text>
          <Box as="dd" minW="0">
            {report.reporter ? (
              <PersonLines name={report.reporter.name} email={report.reporter.email} />
            ) : (
              t('admin.reports.goneAccount')
            )}
          </Box>
        </Box>
        <Box>
          <Text as="dt" color="fg.muted">
            {t('admin.reviewReports.writtenBy')}
          </Text>
          <Box as="dd" minW="0">
            {review.authorName ? (
              <PersonLines name={review.authorName} email={review.authorEmail} />
            ) : (
              t('admin.reports.goneAccount')
            )}
          </Box>
        </Box>
      </Stack>
      <NoteBox mt="3" title={t('admin.reason')} text={report.reason} />
      <Box mt="3" layerStyle="note" fontSize="sm" data-testid="reported-review">
        <HStack gap="1" aria-label={t('admin.reviewReports.stars', { rating: review.rating })} role="img">
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
              {t('admin.reviewReports.hidden')}
            </Badge>
          ) : null}
        </HStack>
        <Text mt="1" whiteSpace="pre-line" wordBreak="break-word" dir="auto">
          {review.text}
        </Text>
        {review.imageUrls.length > 0 ? (
          <Text mt="1" color="fg.muted">
            {t('admin.reviewReports.photos', { count: review.imageUrls.length })}
          </Text>
        ) : null}
        {review.reply ? (
          <Text mt="2" color="fg.muted" whiteSpace="pre-line" wordBreak="break-word">
            <FormattedMessage
              id="admin.reviewReports.reply"
              values={{ name: <bdi>{review.businessName}</bdi>, reply: <bdi>{review.reply}</bdi> }}
            />
          </Text>
        ) : null}
        {review.hidden && review.hiddenReason ? (
          <Text mt="2" color="fg.muted">
            <FormattedMessage
              id="admin.reviewReports.hiddenBecause"
              values={{ reason: <bdi>{review.hiddenReason}</bdi> }}
            />
          </Text>
        ) : null}
      </Box>
      <Flex mt="3" gap="2" wrap="wrap" justify="flex-end">
        {report.status === 'open' ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAction('dismiss')}
            aria-label={t('admin.reviewReports.dismissFor', { name: business })}
          >
            <X aria-hidden />
            {t('admin.reports.dismiss')}
          </Button>
        ) : null}
        {review.hidden ? (
          <Button size="sm" variant="outline" onClick={() => onAction('unhide')}>
            <Eye aria-hidden />
            {t('admin.reviewReports.showAgain')}
          </Button>
        ) : (
          <Button
            size="sm"
            colorPalette="red"
            onClick={() => onAction('hide')}
            aria-label={t('admin.reviewReports.hideFor', { name: business })}
          >
            <EyeOff aria-hidden />
            {t('admin.reviewReports.hide')}
          </Button>
        )}
      </Flex>
    </RecordCard>
  );
}

function ReviewActionDialog({ action, open, onClose }: RecordDialogProps<{ action: Action | null }>) {
  const t = useT();
  const hide = trpc.admin.reviews.hide.useMutation();
  const unhide = trpc.admin.reviews.unhide.useMutation();
  const dismiss = trpc.admin.reviews.dismissReport.useMutation();
  const report = action?.report;
  const kind = action?.kind ?? 'dismiss';
  const texts: Record<Action['kind'], ReasonDialogTexts> = {
    hide: {
      title: t('admin.reviewReports.hideTitle'),
      description: t('admin.reviewReports.hideDescription'),
      placeholder: t('admin.reviewReports.hidePlaceholder'),
      submit: t('admin.reviewReports.hide'),
      pending: t('admin.reviewReports.hiding'),
    },
    unhide: {
      title: t('admin.reviewReports.unhideTitle'),
      description: t('admin.reviewReports.unhideDescription'),
      label: t('admin.notes'),
      placeholder: t('admin.reviewReports.unhidePlaceholder'),
      submit: t('admin.reviewReports.unhideSubmit'),
      pending: t('admin.reviewReports.showing'),
    },
    dismiss: {
      title: t('admin.reports.dismissTitle'),
      description: t('admin.reviewReports.dismissDescription'),
      label: t('admin.notes'),
      placeholder: t('admin.reports.dismissPlaceholder'),
      submit: t('admin.reports.dismissSubmit'),
      pending: t('admin.reports.dismissing'),
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
          toast.success(t('admin.reviewReports.hiddenDone'), t('admin.reviewReports.hiddenDoneHint'));
        else if (kind === 'unhide') toast.success(t('admin.reviewReports.shownAgain'));
        else toast.success(t('admin.reports.dismissed'));
      }}
    />
  );
}
