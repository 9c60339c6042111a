import { SegmentGroup, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import BookingsList from './bookings-list';
import { BOOKINGS_VIEWS, type BookingsView, bookingsFilter } from './format';

/**
 * The vendor dashboard's Bookings tab: the bookings still ahead (soonest first), the past ones
 * (completed, the latest first) or the cancelled ones, chosen with a segmented control.
 */
export default function OwnerBookings({ initial = 'upcoming' }: { initial?: BookingsView }) {
  const t = useT();
  const [view, setView] = useState<BookingsView>(initial);
  const shown = BOOKINGS_VIEWS.find((v) => v.value === view) ?? BOOKINGS_VIEWS[0];
  return (
    <Stack gap="4">
      <SegmentGroup.Root
        value={view}
        onValueChange={(details) => {
          const next = BOOKINGS_VIEWS.find((v) => v.value === details.value);
          if (next) setView(next.value);
        }}
        size="sm"
        aria-label={t('bookings.views.label')}
        alignSelf="flex-start"
        data-testid="bookings-view"
      >
        <SegmentGroup.Indicator bg="bg" shadow="sm" />
        <SegmentGroup.Items
          items={BOOKINGS_VIEWS.map(({ value, labelId }) => ({ value, label: t(labelId) }))}
          px="3"
        />
      </SegmentGroup.Root>
      <BookingsList key={view} {...bookingsFilter(view)} empty={shown ? t(shown.emptyId) : ''} />
    </Stack>
  );
}
