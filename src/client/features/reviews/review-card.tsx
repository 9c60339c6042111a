import { Badge, Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ReviewDto } from '../../../shared/schemas/reviews';
import { UploadedImage } from '../../components/uploaded-image';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { Stars } from './stars';

/** 'June 15, 2027' ('15 ביוני 2027'), in the page's language. */
const dayOf = (at: Date) => dateFormat({ year: 'numeric', month: 'long', day: 'numeric' }).format(at);

/** One review: stars, the writer's first name, the words, photos and the vendor's reply. */
export function ReviewCard({
  review,
  businessName,
  hidden = false,
  actions,
}: {
  review: ReviewDto;
  businessName: string;
  /** Shown to the owner: an admin hid it. */
  hidden?: boolean;
  actions?: ReactNode;
}) {
  const t = useT();
  const iso = useIsolate();
  const writer = review.authorFirstName ?? t('reviews.card.formerClient');
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p={{ base: '4', md: '5' }}
      data-testid="review"
    >
      <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
        <Stack gap="1">
          <HStack gap="2" aria-label={t('reviews.card.rating', { rating: review.rating })} role="img">
            <Stars rating={review.rating} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <Text as="span" fontWeight="semibold" color="fg">
              <bdi>{writer}</bdi>
            </Text>{' '}
            · <time dateTime={review.createdAt.toISOString()}>{dayOf(review.createdAt)}</time>
            {hidden ? (
              <Badge ms="2" colorPalette="red" variant="subtle" size="sm" rounded="full">
                {t('reviews.card.hidden')}
              </Badge>
            ) : null}
          </Text>
        </Stack>
        {actions ? <HStack gap="2">{actions}</HStack> : null}
      </Flex>
      <Text mt="3" whiteSpace="pre-line" wordBreak="break-word" dir="auto">
        {review.text}
      </Text>
      {review.imageUrls.length > 0 ? (
        <SimpleGrid columns={{ base: 3, md: 6 }} gap="2" mt="3">
          {review.imageUrls.map((url, i) => (
            <UploadedImage
              key={url}
              src={url}
              sizes="(min-width: 48em) 120px, 30vw"
              alt={t('reviews.card.photo', { number: i + 1, writer: iso(writer) })}
              loading="lazy"
              aspectRatio="1"
              objectFit="cover"
              rounded="md"
              w="full"
            />
          ))}
        </SimpleGrid>
      ) : null}
      {review.reply ? (
        <Box mt="4" ps="4" borderStartWidth="3px" borderColor="border.emphasized">
          <Text fontSize="sm" fontWeight="semibold">
            <FormattedMessage id="reviews.card.replyFrom" values={{ business: <bdi>{businessName}</bdi> }} />
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word" dir="auto">
            {review.reply}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
