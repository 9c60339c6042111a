import { Badge, Box, Flex, Heading, Icon, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fromCivilDate } from '../../../shared/jewish-calendar';
import type { AvailabilityRequestDto } from '../../../shared/schemas/request-answers';
import { CapsLabel } from '../../components/caps-label';
import { ConflictBadge } from '../../components/conflict-notice';
import { LinkButton } from '../../components/link-button';
import { useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ConversationLink, familyConversationLink, RequestQuote } from '../bookings/request-quote';
import { formatDay, formatTime } from './format';
import { ListEmpty } from './item-parts';
import { formatAmount } from './money';

// The bookings are their own chunk, loaded when the tab first opens.
const BookingsList = lazy(() => import('../bookings/bookings-list'));

/** The Vendors tab: the event's bookings, then the availability requests the family sent for it. */
export function VendorsTab({ eventId }: { eventId: string }) {
  return (
    <Stack gap="5">
      <Stack as="section" aria-labelledby="event-bookings-heading" gap="2">
        <Heading id="event-bookings-heading" as="h3" fontSize="md" color="brand.950">
          Bookings
        </Heading>
        <Suspense fallback={<Skeleton h="16" rounded="xl" />}>
          <BookingsList
            eventId={eventId}
            empty="No bookings for this event yet. Accept a vendor's quote in your messages to book them."
          />
        </Suspense>
      </Stack>
      <Stack as="section" aria-labelledby="event-requests-heading" gap="2">
        <Heading id="event-requests-heading" as="h3" fontSize="md" color="brand.950">
          Requests
        </Heading>
        <EventRequests eventId={eventId} />
      </Stack>
    </Stack>
  );
}

function EventRequests({ eventId }: { eventId: string }) {
  const { user } = useCurrentUser();
  // Only customers send requests; other roles have none to list.
  const requests = trpc.requests.list.useQuery(undefined, { enabled: user?.role === 'customer' });
  const forEvent = (requests.data ?? []).filter((r) => r.eventId === eventId);

  if (requests.isLoading) return <Skeleton height="24" rounded="xl" />;
  if (forEvent.length === 0) {
    return (
      <ListEmpty
        icon={
          <Icon boxSize="6">
            <Store />
          </Icon>
        }
        title="No vendor requests for this event yet"
        text="Ask venues, caterers, photographers and musicians whether they are free on your date; their answers appear here."
      >
        <LinkButton to="/marketplace" mt="2" size="sm">
          Find Vendors
        </LinkButton>
      </ListEmpty>
    );
  }
  return (
    <Stack gap="3">
      {forEvent.map((request) => (
        <RequestItem key={request.id} request={request} />
      ))}
    </Stack>
  );
}

const REQUEST_BADGE: Record<string, { label: string; palette: string }> = {
  responded: { label: 'Responded', palette: 'green' },
  quoted: { label: 'Quoted', palette: 'blue' },
  booked: { label: 'Booked', palette: 'green' },
  declined: { label: 'Declined', palette: 'red' },
  expired: { label: 'Expired', palette: 'gray' },
};

function RequestItem({ request }: { request: AvailabilityRequestDto }) {
  const badge = REQUEST_BADGE[request.status] ?? { label: 'Pending', palette: 'yellow' };
  return (
    <Box layerStyle="softPanel" rounded="xl" p="4">
      <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
        <Box minW="0">
          <Link asChild fontWeight="semibold" color="brand.950">
            <RouterLink to={`/vendor/${request.vendorId}`}>{request.vendor.businessName}</RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {request.eventType} · {formatDay(fromCivilDate(request.eventDate))}
            {request.eventTime ? ` · ${formatTime(request.eventTime)}` : ''} · {request.guestCount} guests
            {request.budgetMax ? ` · up to ${formatAmount(request.budgetMax)}` : ''}
          </Text>
        </Box>
        <Badge colorPalette={badge.palette}>{badge.label}</Badge>
      </Flex>
      {request.conflict.level ? (
        <Flex mt="2" gap="2" align="center" wrap="wrap" fontSize="sm">
          <ConflictBadge level={request.conflict.level} reason={request.conflict.reason} />
          {request.hasConflict && request.conflictReason && request.conflict.level !== 'info' ? (
            <Text color={request.conflict.level === 'forbidden' ? 'fg.error' : 'orange.fg'}>
              This date overlaps {request.conflictReason}.
            </Text>
          ) : null}
        </Flex>
      ) : null}
      <Text mt="2" fontSize="sm" lineClamp={3}>
        {request.message}
      </Text>
      {request.response ? (
        <Box mt="3" p="3" rounded="lg" bg="brand.subtle">
          <CapsLabel color="brand.fg">Vendor's answer</CapsLabel>
          <Text fontSize="sm">{request.response}</Text>
        </Box>
      ) : null}
      {request.status === 'quoted' ? (
        <RequestQuote requestId={request.id} threadId={request.threadId} />
      ) : request.threadId ? (
        <ConversationLink to={familyConversationLink(request.threadId)} />
      ) : null}
    </Box>
  );
}
