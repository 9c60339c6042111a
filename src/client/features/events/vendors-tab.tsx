import { Badge, Box, Flex, Heading, Icon, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { fromCivilDate } from '../../../shared/jewish-calendar';
import type { AvailabilityRequestDto } from '../../../shared/schemas/request-answers';
import { CapsLabel } from '../../components/caps-label';
import { ConflictBadge } from '../../components/conflict-notice';
import { LinkButton } from '../../components/link-button';
import { useObservanceName } from '../../components/observance-name';
import { useSaidText } from '../../components/said-text';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { TakenOverSuspense } from '../../lib/hydration-gate';
import { lazyPart } from '../../lib/lazy-with-preload';
import { useCurrentUser } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ConversationLink, familyConversationLink, RequestQuote } from '../bookings/request-quote';
import { formatDay, formatTime } from './format';
import { ListEmpty } from './item-parts';
import { formatAmount } from './money';

// The bookings are their own chunk, loaded when the tab first opens.
const BookingsList = lazyPart(
  'bookings-list',
  () => import('../bookings/bookings-list'),
  (m) => m.default,
);

/** The Vendors tab: the event's bookings, then the availability requests the family sent for it. */
export function VendorsTab({ eventId }: { eventId: string }) {
  const t = useT();
  return (
    <Stack gap="5">
      <Stack as="section" aria-labelledby="event-bookings-heading" gap="2">
        <Heading id="event-bookings-heading" as="h3" fontSize="md" color="brand.950">
          {t('events.vendors.bookings')}
        </Heading>
        <TakenOverSuspense fallback={<Skeleton h="16" rounded="xl" />}>
          <BookingsList eventId={eventId} empty={t('events.vendors.noBookings')} />
        </TakenOverSuspense>
      </Stack>
      <Stack as="section" aria-labelledby="event-requests-heading" gap="2">
        <Heading id="event-requests-heading" as="h3" fontSize="md" color="brand.950">
          {t('events.vendors.requests')}
        </Heading>
        <EventRequests eventId={eventId} />
      </Stack>
    </Stack>
  );
}

function EventRequests({ eventId }: { eventId: string }) {
  const { user } = useCurrentUser();
  const t = useT();
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
        title={t('events.vendors.noRequestsTitle')}
        text={t('events.vendors.noRequestsText')}
      >
        <LinkButton to="/marketplace" mt="2" size="sm">
          {t('events.vendors.find')}
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

const REQUEST_BADGE: Record<string, { label: MessageId; palette: string }> = {
  responded: { label: 'events.vendors.status.responded', palette: 'green' },
  quoted: { label: 'events.vendors.status.quoted', palette: 'blue' },
  booked: { label: 'events.vendors.status.booked', palette: 'green' },
  declined: { label: 'events.vendors.status.declined', palette: 'red' },
  expired: { label: 'events.vendors.status.expired', palette: 'gray' },
};

function RequestItem({ request }: { request: AvailabilityRequestDto }) {
  const t = useT();
  const iso = useIsolate();
  const observanceName = useObservanceName();
  const said = useSaidText();
  const badge = REQUEST_BADGE[request.status] ?? {
    label: 'events.vendors.status.pending' as const,
    palette: 'yellow',
  };
  return (
    <Box layerStyle="softPanel" rounded="xl" p="4">
      <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
        <Box minW="0">
          <Link asChild fontWeight="semibold" color="brand.950">
            <RouterLink to={`/vendor/${request.vendorId}`}>
              <bdi>{request.vendor.businessName}</bdi>
            </RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {[
              term(t, 'eventType', request.eventType),
              formatDay(fromCivilDate(request.eventDate)),
              request.eventTime ? formatTime(request.eventTime) : null,
              t('events.vendors.guests', { count: request.guestCount }),
              request.budgetMax
                ? t('events.vendors.upTo', { amount: iso(formatAmount(request.budgetMax)) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Box>
        <Badge colorPalette={badge.palette}>{t(badge.label)}</Badge>
      </Flex>
      {request.conflict.level ? (
        <Flex mt="2" gap="2" align="center" wrap="wrap" fontSize="sm">
          <ConflictBadge
            level={request.conflict.level}
            reason={request.conflict.reason}
            about={request.conflict.about}
          />
          {request.hasConflict && request.conflictReason && request.conflict.level !== 'info' ? (
            <Text color={request.conflict.level === 'forbidden' ? 'fg.error' : 'orange.fg'}>
              {t('events.vendors.overlaps', { reason: observanceName(request.conflictReason) })}
            </Text>
          ) : null}
        </Flex>
      ) : null}
      {/* The family's own words, read in their own direction. */}
      <Text mt="2" fontSize="sm" lineClamp={3} dir="auto">
        {request.message}
      </Text>
      {request.response ? (
        <Box mt="3" p="3" rounded="lg" bg="brand.subtle">
          <CapsLabel color="brand.fg">{t('events.vendors.answer')}</CapsLabel>
          {/* The vendor's words, or a quote the server wrote for them, said in the page's language. */}
          <Text fontSize="sm" whiteSpace="pre-line" dir="auto">
            {said({ text: request.response, about: request.responseAbout })}
          </Text>
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
