import { Badge, Box, Button, Collapsible, Flex, Icon, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { formatCivilDay } from '../../../shared/dates';
import type { BookingDto } from '../../../shared/schemas/booking-answers';
import { type BookingStatus, formatMoney, quotePriceText } from '../../../shared/schemas/bookings';
import { ErrorAlert } from '../../components/error-alert';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { WriteReviewButton } from '../reviews/write-review-button';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { BOOKING_STATUS, historyText } from './format';
import { historyTime } from './history-time';
import { useBookings } from './use-bookings';

interface BookingsListProps {
  /** The family's bookings for one event (My Events → Vendors). */
  eventId?: string;
  /** Only confirmed bookings still ahead, soonest first (the vendor dashboard). */
  upcoming?: boolean;
  /** Only bookings of this status as it reads now (the vendor dashboard's Past and Cancelled). */
  status?: BookingStatus;
  /** What to say when there is none. */
  empty: string;
}

/** The caller's bookings with status, quote, deposit (the family's side), history and cancel. */
export default function BookingsList({ eventId, upcoming, status, empty }: BookingsListProps) {
  const t = useT();
  const query = useBookings({ eventId, upcoming, status });
  // Which of the family's completed bookings still await their review (the server decides who may write it).
  const completed = query.data?.some((b) => b.side === 'customer' && b.status === 'completed') ?? false;
  const reviewable = trpc.reviews.reviewable.useQuery(undefined, { enabled: completed });
  const awaitingReview = new Set(reviewable.data?.map((r) => r.bookingId));
  if (query.isPending) return <Skeleton h="24" rounded="xl" />;
  if (query.isError)
    return <ErrorAlert>{serverMessage(query.error) ?? t('bookings.list.loadFailed')}</ErrorAlert>;
  if (query.data.length === 0) {
    return (
      <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
        <Icon boxSize="4">
          <CalendarCheck />
        </Icon>
        <Text>{empty}</Text>
      </Flex>
    );
  }
  // The server answers the latest day first; what is still ahead reads best soonest first.
  const bookings = upcoming ? [...query.data].sort((a, b) => a.day.localeCompare(b.day)) : query.data;
  return (
    <Stack gap="3" as="ul" listStyleType="none">
      {bookings.map((booking) => (
        <li key={booking.id}>
          <BookingItem booking={booking} reviewable={awaitingReview.has(booking.id)} />
        </li>
      ))}
    </Stack>
  );
}

function BookingItem({ booking, reviewable }: { booking: BookingDto; reviewable: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const [cancelling, setCancelling] = useState(false);
  const status = BOOKING_STATUS[booking.status];
  const day = formatCivilDay(booking.day, language);
  const other = booking.side === 'customer' ? booking.vendor.businessName : booking.customer.name;
  const thread = booking.threadId
    ? booking.side === 'customer'
      ? `/messages?thread=${booking.threadId}`
      : `/vendor-dashboard?tab=messages&thread=${booking.threadId}`
    : null;
  return (
    <Box layerStyle="softPanel" rounded="xl" p="4">
      <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
        <Box minW="0">
          {booking.side === 'customer' ? (
            <Link asChild fontWeight="semibold" color="brand.950">
              <RouterLink to={`/vendor/${booking.vendor.id}`}>
                <bdi>{other}</bdi>
              </RouterLink>
            </Link>
          ) : (
            <Text fontWeight="semibold" color="brand.950">
              <bdi>{other}</bdi>
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {term(t, 'eventType', booking.eventType)} · {day} · {quotePriceText(booking.quote, language)}
          </Text>
        </Box>
        <Badge colorPalette={status.palette}>{t(status.labelId)}</Badge>
      </Flex>
      <Text fontSize="sm" mt="2" whiteSpace="pre-wrap" lineClamp={3} dir="auto">
        {booking.quote.includes}
      </Text>
      {booking.deposit ? (
        <Text fontSize="sm" mt="1">
          <FormattedMessage
            id="bookings.deposit.due"
            values={{
              amount: <bdi>{formatMoney(booking.deposit.amount, language)}</bdi>,
              day: formatCivilDay(booking.deposit.dueDate.toISOString().slice(0, 10), language),
            }}
          />{' '}
          · {t(booking.deposit.paid ? 'bookings.deposit.paid' : 'bookings.deposit.pending')}
        </Text>
      ) : booking.quote.depositAmount && booking.quote.depositDueDate ? (
        <Text fontSize="sm" mt="1">
          <FormattedMessage
            id="bookings.deposit.due"
            values={{
              amount: <bdi>{formatMoney(booking.quote.depositAmount, language)}</bdi>,
              day: formatCivilDay(booking.quote.depositDueDate, language),
            }}
          />
        </Text>
      ) : null}
      {booking.status === 'cancelled' && booking.cancelReason ? (
        <Text fontSize="sm" mt="1" color="fg.muted">
          <FormattedMessage
            id="bookings.list.cancelledBy"
            values={{
              who: booking.cancelledSide === booking.side ? 'you' : 'other',
              name: <bdi>{other}</bdi>,
              reason: <bdi>{booking.cancelReason}</bdi>,
            }}
          />
        </Text>
      ) : null}
      <Flex mt="2" gap="3" align="center" wrap="wrap">
        <Collapsible.Root>
          <Collapsible.Trigger asChild>
            <Button variant="plain" size="xs" px="0">
              {t('bookings.history.title')}
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <Stack as="ol" gap="0.5" fontSize="xs" color="fg.muted" listStyleType="none">
              {booking.history.map((row) => (
                <li key={row.id}>
                  {historyTime(row.createdAt)} · {historyText(t, row.action, row.actorSide)}
                  {row.reason ? `: ${row.reason}` : ''}
                </li>
              ))}
            </Stack>
          </Collapsible.Content>
        </Collapsible.Root>
        {thread ? (
          <Link asChild fontSize="sm">
            <RouterLink to={thread}>{t('bookings.openConversation')}</RouterLink>
          </Link>
        ) : null}
        {reviewable ? (
          <WriteReviewButton
            bookingId={booking.id}
            businessName={booking.vendor.businessName}
            variant="outline"
            ms="auto"
          />
        ) : null}
        {booking.status === 'confirmed' ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            ms="auto"
            onClick={() => setCancelling(true)}
          >
            {t('bookings.cancel.submit')}
          </Button>
        ) : null}
      </Flex>
      <CancelBookingDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        bookingId={booking.id}
        otherName={other}
        dayText={day}
      />
    </Box>
  );
}
