import { Badge, Box, Button, Heading, Skeleton, Square, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { RowButton } from '../../components/row-button';
import { SectionCard } from '../../components/section-card';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  return (
    <SectionCard labelledBy="family-events-heading">
      <IconEyebrow icon={Users}>
        <bdi>{familyLabel}</bdi>
      </IconEyebrow>
      <Heading id="family-events-heading" as="h2" fontSize="lg" color="brand.950" mt="1">
        {t('calendar.family.heading')}
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
              {t('calendar.family.failed')}
            </Text>
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('calendar.tryAgain')}
            </Button>
          </Stack>
        ) : upcoming.length === 0 ? (
          <Stack gap="3" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              {t(
                status === 'pending'
                  ? 'calendar.family.pending'
                  : status === 'none'
                    ? 'calendar.family.notMember'
                    : 'calendar.family.empty',
              )}
            </Text>
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/profile">
                {t(status === 'active' ? 'calendar.family.invite' : 'calendar.family.openProfile')}
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
                      <bdi>{event.title}</bdi>
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      <bdi>{event.ownerName}</bdi>
                      {event.time ? ` · ${formatTime(event.time)}` : ''}
                    </Text>
                  </Box>
                  {event.isYours ? (
                    <Badge size="sm" variant="subtle" colorPalette="brand" flexShrink="0">
                      {t('calendar.family.you')}
                    </Badge>
                  ) : null}
                  {/* Its name is what it shows (the date, the title, whose it is), then what it does. */}
                  <VisuallyHidden>{t('calendar.family.show')}</VisuallyHidden>
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
