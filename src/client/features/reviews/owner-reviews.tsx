import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { MessageSquareReply, Star } from 'lucide-react';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { EmptyPanel, PanelIcon } from '../../components/empty-panel';
import { useT } from '../../i18n/use-t';
import { preloadOn, WhenOpened } from '../../lib/lazy-with-preload';
import { trpc } from '../../lib/trpc';
import { ReplyDialog } from './lazy-dialogs';
import { ReviewCard } from './review-card';

/** The vendor dashboard's Reviews: every review of the vendor's listings, newest first, with Reply. */
export function OwnerReviews() {
  const t = useT();
  const [page, setPage] = useState(1);
  const reviews = trpc.reviews.mine.useQuery({ page }, { placeholderData: (previous) => previous });
  const [replying, setReplying] = useState<{ id: string; authorFirstName: string | null } | null>(null);
  const data = reviews.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  if (reviews.isPending) {
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label={t('reviews.loading')}>
        <Skeleton h="28" rounded="xl" />
        <Skeleton h="28" rounded="xl" />
      </Stack>
    );
  }
  if (reviews.isError) return <Text color="fg.error">{t('reviews.owner.loadFailed')}</Text>;
  if (!data || data.total === 0) {
    return (
      <EmptyPanel
        icon={<PanelIcon icon={Star} />}
        title={t('reviews.empty')}
        description={t('reviews.owner.emptyHint', { brand: PRODUCT_NAME })}
      />
    );
  }
  return (
    <Stack gap="4" data-testid="owner-reviews">
      <Text color="fg.muted" fontSize="sm">
        {t('reviews.owner.intro', { brand: PRODUCT_NAME })}
      </Text>
      <Stack as="ul" gap="3" listStyleType="none">
        {data.items.map((review) => (
          <Box as="li" key={review.id}>
            <ReviewCard
              review={review}
              businessName={review.businessName}
              hidden={review.hidden}
              actions={
                <>
                  {data.items.some((r) => r.businessName !== review.businessName) ? (
                    <Text fontSize="sm" color="fg.muted">
                      <bdi>{review.businessName}</bdi>
                    </Text>
                  ) : null}
                  {review.reply === null ? (
                    <Button
                      size="sm"
                      variant="outline"
                      {...preloadOn(ReplyDialog)}
                      onClick={() => setReplying({ id: review.id, authorFirstName: review.authorFirstName })}
                    >
                      <MessageSquareReply />
                      {t('reviews.owner.reply')}
                    </Button>
                  ) : null}
                </>
              }
            />
          </Box>
        ))}
      </Stack>
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
      <WhenOpened open={replying !== null}>
        <ReplyDialog
          open={replying !== null}
          onClose={() => setReplying(null)}
          reviewId={replying?.id ?? null}
          authorFirstName={replying?.authorFirstName ?? null}
        />
      </WhenOpened>
    </Stack>
  );
}
