import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Icon,
  LinkBox,
  LinkOverlay,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react';
import { BadgeCheck, MapPin, ShieldCheck, Star } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { KASHRUT_WORD_LABELS } from '../../../shared/kashrut-filter-words';
import type { KashrutBadgeDto } from '../../../shared/schemas/kashrut-public';
import type { VendorView } from '../../../shared/schemas/vendors';
import { ratingFigure } from '../../../shared/text';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';
import { preloadOn } from '../../lib/lazy-with-preload';
import { StaticPart } from '../../lib/static-part';
import { distanceText, placeText, ratingOf } from './use-marketplace';
import { VendorCover } from './vendor-cover';

/** What a card's button does for the person looking: ask for availability, or sign in first. */
export type CardAction = {
  label: string;
  onClick: (vendor: VendorView) => void;
  /** Starts loading what the press opens, as the pointer or the focus reaches the button. */
  preload?: () => Promise<unknown>;
} | null;

export function VerifiedMark({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const t = useT();
  return (
    <HStack
      gap="1"
      color="green.fg"
      fontSize={size === 'sm' ? 'xs' : 'sm'}
      fontWeight="semibold"
      flexShrink="0"
    >
      <Icon boxSize={size === 'sm' ? '4' : '5'} aria-hidden>
        <BadgeCheck />
      </Icon>
      <Text>{t('marketplace.card.verified')}</Text>
    </HStack>
  );
}

/** 'Kashrut verified · OU': the agency by its short name, or the name typed for another agency. */
export function kashrutBadgeText(
  t: Translate,
  iso: (text: string) => string,
  badge: KashrutBadgeDto,
): string {
  const agency = KASHRUT_WORD_LABELS[badge.agency] ?? badge.agencyOther;
  return t('marketplace.card.kashrutVerified', {
    agency: agency ? iso(agency) : term(t, 'kashrutAgency', 'other'),
  });
}

/** The list's badge for supervision SimchaHub has verified and whose certificate has not expired. */
export function KashrutBadge({ badge }: { badge: KashrutBadgeDto }) {
  const t = useT();
  const iso = useIsolate();
  return (
    <HStack
      gap="1"
      alignSelf="flex-start"
      color="green.fg"
      bg="green.subtle"
      rounded="full"
      px="2"
      py="0.5"
      fontSize="xs"
      fontWeight="semibold"
      maxW="full"
      data-testid="kashrut-badge"
    >
      <Icon boxSize="3.5" flexShrink="0" aria-hidden>
        <ShieldCheck />
      </Icon>
      <Text truncate>{kashrutBadgeText(t, iso, badge)}</Text>
    </HStack>
  );
}

export function RatingLine({ vendor }: { vendor: VendorView }) {
  const t = useT();
  const rating = ratingOf(vendor);
  if (rating <= 0 || vendor.reviewCount <= 0) return null;
  const figure = ratingFigure(rating);
  return (
    <HStack
      gap="1"
      fontSize="sm"
      aria-label={t('marketplace.card.ratedLabel', { rating: figure, count: vendor.reviewCount })}
    >
      <Icon boxSize="4" color="gold.500" fill="gold.400" aria-hidden>
        <Star />
      </Icon>
      <Text fontWeight="semibold" color="fg">
        {figure}
      </Text>
      <Text color="fg.muted">{t('marketplace.card.reviewCount', { count: vendor.reviewCount })}</Text>
    </HStack>
  );
}

/** The marketplace grid: one card a row on phones, up to four on wide screens. */
export const GRID_CARD_SIZES =
  '(min-width: 80em) 25vw, (min-width: 64em) 33vw, (min-width: 30em) 50vw, 100vw';

interface VendorCardProps {
  vendor: VendorView;
  action: CardAction;
  /** How wide the card is shown (the grid's widths unless told). */
  sizes?: string;
  /** One of the first cards on screen: its cover is fetched at once instead of lazily. */
  priority?: boolean;
}

/** A vendor in the grid: the whole card opens the profile; the button sits above the link. */
export function VendorCard({ vendor, action, sizes = GRID_CARD_SIZES, priority = false }: VendorCardProps) {
  const t = useT();
  const iso = useIsolate();
  const place = placeText(vendor);
  const distance = distanceText(t, vendor);
  return (
    <LinkBox
      as="article"
      data-testid="vendor-card"
      display="flex"
      flexDirection="column"
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      overflow="hidden"
      transition="box-shadow 0.15s, transform 0.15s"
      _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
      _focusWithin={{ shadow: 'md' }}
    >
      <Box position="relative" aspectRatio={16 / 10}>
        {/* The name under the picture says whose it is: the cover is decorative here. */}
        <VendorCover vendor={vendor} sizes={sizes} alt="" priority={priority} w="full" h="full" />
        <StaticPart>
          <Badge
            position="absolute"
            top="3"
            insetStart="3"
            colorPalette="brand"
            variant="solid"
            rounded="full"
            px="2.5"
          >
            {term(t, 'category', vendor.category)}
          </Badge>
        </StaticPart>
        {distance ? (
          <Badge position="absolute" top="3" insetEnd="3" bg="bg/90" color="fg" rounded="full" px="2.5">
            {distance}
          </Badge>
        ) : null}
      </Box>
      <Stack gap="2" p="4" flex="1">
        {/* The card's words and link, kept as the server drew them; its distance, which follows the
            visitor's place, and its button are the app's (decision 049). */}
        <StaticPart>
          <Flex justify="space-between" align="flex-start" gap="2">
            <LinkOverlay asChild>
              <RouterLink to={`/vendor/${vendor.id}`}>
                <Text as="h3" fontWeight="semibold" fontSize="md" color="brand.950" lineClamp={2}>
                  <bdi>{vendor.businessName}</bdi>
                </Text>
              </RouterLink>
            </LinkOverlay>
            {vendor.verified ? <VerifiedMark /> : null}
          </Flex>
          {vendor.nameHe ? (
            <Text lang="he" dir="rtl" fontSize="sm" color="fg.muted" lineClamp={1}>
              {vendor.nameHe}
            </Text>
          ) : null}
          {place ? (
            <HStack gap="1.5" color="fg.muted" fontSize="sm">
              <Icon boxSize="4" flexShrink="0" aria-hidden>
                <MapPin />
              </Icon>
              <Text lineClamp={1}>
                <bdi>{place}</bdi>
              </Text>
            </HStack>
          ) : null}
          {vendor.kashrutBadge ? <KashrutBadge badge={vendor.kashrutBadge} /> : null}
          <RatingLine vendor={vendor} />
        </StaticPart>
        {action ? (
          <Box mt="auto" pt="2">
            <Button
              size="sm"
              variant="outline"
              w="full"
              position="relative"
              zIndex="1"
              onClick={() => action.onClick(vendor)}
              {...preloadOn(action)}
              aria-label={t('marketplace.card.actionLabel', {
                action: action.label,
                name: iso(vendor.businessName),
              })}
            >
              {action.label}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </LinkBox>
  );
}

/** A row's cover as a 56px thumbnail (the image's `sizes` says so), its art's icon and ring scaled down. */
const ROW_THUMBNAIL = { sizes: '56px', boxSize: '14', iconSize: '5', ringPadding: '1.5' } as const;

/** A slim row for the trending and new-vendor lists. */
export function VendorRow({ vendor, rank }: { vendor: VendorView; rank?: number }) {
  const t = useT();
  const place = placeText(vendor);
  return (
    <LinkBox
      as="li"
      display="flex"
      alignItems="center"
      gap="3"
      p="3"
      rounded="xl"
      _hover={{ bg: 'bg.muted' }}
      _focusWithin={{ bg: 'bg.muted' }}
    >
      {rank !== undefined ? (
        <Text fontWeight="bold" color="gold.fg" w="5" textAlign="center" flexShrink="0" aria-hidden>
          {rank}
        </Text>
      ) : null}
      <VendorCover vendor={vendor} alt="" {...ROW_THUMBNAIL} rounded="lg" flexShrink="0" />
      <Stack gap="0.5" minW="0" flex="1">
        <HStack gap="2" minW="0">
          <LinkOverlay asChild>
            <RouterLink to={`/vendor/${vendor.id}`}>
              <Text fontWeight="semibold" color="brand.950" lineClamp={1}>
                <bdi>{vendor.businessName}</bdi>
              </Text>
            </RouterLink>
          </LinkOverlay>
          {vendor.verified ? (
            <Icon boxSize="4" color="green.fg" aria-label={t('marketplace.card.verified')}>
              <BadgeCheck />
            </Icon>
          ) : null}
        </HStack>
        <Text fontSize="sm" color="fg.muted" lineClamp={1}>
          {term(t, 'category', vendor.category)}
          {place ? (
            <>
              {' · '}
              <bdi>{place}</bdi>
            </>
          ) : null}
        </Text>
        <RatingLine vendor={vendor} />
      </Stack>
    </LinkBox>
  );
}

export function VendorCardSkeleton() {
  return (
    <Box borderWidth="1px" borderColor="border" rounded="2xl" overflow="hidden" aria-hidden>
      <Skeleton aspectRatio={16 / 10} rounded="none" />
      <Stack p="4" gap="3">
        <Skeleton h="5" w="70%" />
        <SkeletonText noOfLines={2} />
      </Stack>
    </Box>
  );
}
