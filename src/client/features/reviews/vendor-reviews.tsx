import { Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Flag, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { ratingFigure } from '../../../shared/text';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { preloadOn, WhenOpened } from '../../lib/lazy-with-preload';
import { useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ReportReviewDialog } from './lazy-dialogs';
import { ReviewCard } from './review-card';
import { Stars } from './stars';
import { WriteReviewButton } from './write-review-button';

/**
 * A listing's Reviews on its public profile: the rating from verified clients, the visible reviews
 * newest first with the vendor's replies, a Report button for anyone signed in, and "Write a
 * review" for a family with a completed booking of this listing that has no review yet.
 */
export function VendorReviews({ vendorId, businessName }: { vendorId: string; businessName: string }) {
  const t = useT();
  const iso = useIsolate();
  const { user } = useCurrentUser();
  const [page, setPage] = useState(1);
  const reviews = trpc.reviews.forVendor.useQuery(
    { id: vendorId, page },
    { placeholderData: (previous) => previous },
  );
  const reviewable = trpc.reviews.reviewable.useQuery({ vendorId }, { enabled: user?.role === 'customer' });
  const [reporting, setReporting] = useState<{ id: string; authorFirstName: string | null } | null>(null);
  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const next = reviewable.data?.[0];

  return (
    <Stack as="section" aria-labelledby="reviews-heading" gap="4" data-testid="vendor-reviews">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Stack gap="1">
          <Heading as="h2" id="reviews-heading" size="lg">
            {t('reviews.vendor.title')}
          </Heading>
          {data && data.reviewCount > 0 ? (
            <HStack gap="2" wrap="wrap">
              <Stars rating={Number(data.rating)} size="5" />
              <Text fontWeight="semibold">
                {t('reviews.vendor.outOf5', { rating: ratingFigure(data.rating) })}
              </Text>
              <Text color="fg.muted">
                {t('reviews.vendor.count', { count: data.reviewCount, countText: String(data.reviewCount) })}
              </Text>
            </HStack>
          ) : null}
          <HStack gap="1" fontSize="sm" color="fg.muted">
            <ShieldCheck size="16" aria-hidden />
            <Text>{t('reviews.vendor.verified', { brand: PRODUCT_NAME })}</Text>
          </HStack>
        </Stack>
        {next ? <WriteReviewButton bookingId={next.bookingId} businessName={businessName} /> : null}
      </Flex>

      {reviews.isPending ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label={t('reviews.loading')}>
          <Skeleton h="24" rounded="xl" />
          <Skeleton h="24" rounded="xl" />
        </Stack>
      ) : reviews.isError ? (
        <Text color="fg.error">{t('reviews.vendor.loadFailed')}</Text>
      ) : data && data.items.length === 0 ? (
        <Text color="fg.muted" data-testid="no-reviews">
          {t('reviews.empty')}
        </Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data?.items.map((review) => (
            <Box as="li" key={review.id}>
              <ReviewCard
                review={review}
                businessName={businessName}
                actions={
                  user ? (
                    <Button
                      size="xs"
                      variant="ghost"
                      color="fg.muted"
                      {...preloadOn(ReportReviewDialog)}
                      onClick={() => setReporting({ id: review.id, authorFirstName: review.authorFirstName })}
                      aria-label={t('reviews.report.label', {
                        known: review.authorFirstName ? 'yes' : 'no',
                        name: iso(review.authorFirstName ?? ''),
                      })}
                    >
                      <Flag />
                      {t('reviews.report.button')}
                    </Button>
                  ) : null
                }
              />
            </Box>
          ))}
        </Stack>
      )}

      {pages > 1 ? (
        <HStack justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('reviews.pages.newer')}
          </Button>
          <Text fontSize="sm" color="fg.muted">
            {t('reviews.pages.page', { page: String(page), pages: String(pages) })}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('reviews.pages.older')}
          </Button>
        </HStack>
      ) : null}

      <WhenOpened open={reporting !== null}>
        <ReportReviewDialog
          open={reporting !== null}
          onClose={() => setReporting(null)}
          reviewId={reporting?.id ?? null}
          authorFirstName={reporting?.authorFirstName ?? null}
        />
      </WhenOpened>
    </Stack>
  );
}
