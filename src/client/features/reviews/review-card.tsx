import { Badge, Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ReviewDto } from '../../../shared/schemas/reviews';
import { UploadedImage } from '../../components/uploaded-image';
import { dateFormat } from '../../lib/intl';
import { Stars } from './stars';

const DAY = dateFormat({ year: 'numeric', month: 'long', day: 'numeric' });

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
  const writer = review.authorFirstName ?? 'A former client';
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
          <HStack gap="2" aria-label={`${review.rating} out of 5 stars`} role="img">
            <Stars rating={review.rating} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <Text as="span" fontWeight="semibold" color="fg">
              {writer}
            </Text>{' '}
            · <time dateTime={review.createdAt.toISOString()}>{DAY.format(review.createdAt)}</time>
            {hidden ? (
              <Badge ms="2" colorPalette="red" variant="subtle" size="sm" rounded="full">
                Hidden by an administrator
              </Badge>
            ) : null}
          </Text>
        </Stack>
        {actions ? <HStack gap="2">{actions}</HStack> : null}
      </Flex>
      <Text mt="3" whiteSpace="pre-line" wordBreak="break-word">
        {review.text}
      </Text>
      {review.imageUrls.length > 0 ? (
        <SimpleGrid columns={{ base: 3, md: 6 }} gap="2" mt="3">
          {review.imageUrls.map((url, i) => (
            <UploadedImage
              key={url}
              src={url}
              sizes="(min-width: 48em) 120px, 30vw"
              alt={`Photo ${i + 1} from ${writer}'s review`}
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
            Reply from {businessName}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line" wordBreak="break-word">
            {review.reply}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
