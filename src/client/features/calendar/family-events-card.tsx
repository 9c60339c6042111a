import { Badge, Box, Button, Heading, Skeleton, Square, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { RowButton } from '../../components/row-button';
import { SectionCard } from '../../components/section-card';
import { useFamilyCircle } from '../../lib/family';
import {
  type FamilyCalendarEvent,
  formatMonthShort,
  formatTime,
  upcomingFamilyEvents,
} from './calendar-model';

interface FamilyEventsCardProps {
  familyLabel: string;
  events: FamilyCalendarEvent[];
  today: string;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onShow: (date: string) => void;
}

/** The next events of everyone in the user's family circle (the first four, spec section 9). */
export function FamilyEventsCard({
  familyLabel,
  events,
  today,
  isPending,
  isError,
  onRetry,
  onShow,
}: FamilyEventsCardProps) {
  const upcoming = upcomingFamilyEvents(events, today, LIMITS.familyEventsOnCalendar);
  // A pending or declined member gets no events: say why instead of "no events yet" (decision 007).
  const status = useFamilyCircle(familyLabel).data?.status ?? 'active';
  return (
    <SectionCard labelledBy="family-events-heading">
      <IconEyebrow icon={Users}>{familyLabel}</IconEyebrow>
      <Heading id="family-events-heading" as="h2" fontSize="lg" color="brand.950" mt="1">
        Family circle events
      </Heading>
      <Box mt="4">
        {isPending ? (
          <Stack gap="3">
            <Skeleton h="14" rounded="lg" />
            <Skeleton h="14" rounded="lg" />
          </Stack>
        ) : isError ? (
          <Stack gap="3" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              The family circle's events could not be loaded.
            </Text>
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        ) : upcoming.length === 0 ? (
          <Stack gap="3" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              {status === 'pending'
                ? 'Your request to join this circle is waiting for approval. You see its events once a member approves you.'
                : status === 'none'
                  ? "You are not a member of this circle, so its events don't show here."
                  : 'No upcoming events in the circle yet. Invite your family from Profile Settings.'}
            </Text>
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/profile">
                {status === 'active' ? 'Invite family' : 'Open Profile Settings'}
              </RouterLink>
            </Button>
          </Stack>
        ) : (
          <Stack as="ul" listStyleType="none" gap="2" data-testid="family-events">
            {upcoming.map((event) => (
              <li key={event.id}>
                <RowButton
                  display="flex"
                  gap="3"
                  alignItems="center"
                  p="2.5"
                  layerStyle="listCardButton"
                  onClick={() => onShow(event.date)}
                >
                  <DateTile date={event.date} />
                  <Box minW="0" flex="1">
                    <Text fontWeight="semibold" color="brand.950" lineClamp={2}>
                      {event.title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {event.ownerName}
                      {event.time ? ` · ${formatTime(event.time)}` : ''}
                    </Text>
                  </Box>
                  {event.isYours ? (
                    <Badge size="sm" variant="subtle" colorPalette="brand" flexShrink="0">
                      You
                    </Badge>
                  ) : null}
                  {/* Its name is what it shows (the date, the title, whose it is), then what it does. */}
                  <VisuallyHidden>, show on the calendar</VisuallyHidden>
                </RowButton>
              </li>
            ))}
          </Stack>
        )}
      </Box>
    </SectionCard>
  );
}

/** A day as a small tinted tile: its month in capitals over its number. */
function DateTile({ date }: { date: string }) {
  return (
    <Square size="12" flexDirection="column" rounded="lg" bg="brand.subtle" color="brand.fg" lineHeight="1.1">
      <Text fontSize="2xs" fontWeight="semibold" textTransform="uppercase">
        {formatMonthShort(date)}
      </Text>
      <Text fontSize="lg" fontWeight="bold">
        {Number(date.slice(8))}
      </Text>
    </Square>
  );
}
