import { Badge, HStack } from '@chakra-ui/react';
import { EmptyPanel } from '../../components/empty-panel';
import { useHebrewDates } from '../../components/hebrew-dates';
import { CalendarIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';

/** Spec section 5: the Hebrew year is the Gregorian year plus 3760. */
const HEBREW_YEAR_OFFSET = 3760;

/** /calendar: events beside Shabbat and the Jewish holidays. */
export function CalendarPage() {
  const { enabled: hebrewDates } = useHebrewDates();
  const today = new Date();
  const month = today.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
  return (
    <PageFrame
      title="Calendar"
      description="Your events beside Shabbat and the Jewish holidays, month by month."
      actions={
        <HStack gap="2">
          <Badge size="lg" variant="subtle" rounded="full">
            {month}
          </Badge>
          {hebrewDates ? (
            <Badge size="lg" colorPalette="gold" variant="subtle" rounded="full">
              {today.getFullYear() + HEBREW_YEAR_OFFSET}
            </Badge>
          ) : null}
        </HStack>
      }
    >
      <EmptyPanel
        icon={<CalendarIcon boxSize="8" />}
        title="No events on your calendar"
        description="Events you plan appear on their dates here, with Shabbat and holiday conflicts marked."
      />
    </PageFrame>
  );
}
