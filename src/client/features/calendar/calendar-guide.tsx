import { Link, List, Text } from '@chakra-ui/react';
import { Info } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { CardHeading } from '../../components/card-heading';
import { SectionCard } from '../../components/section-card';
import { useT } from '../../i18n/use-t';

/** How the dates, times and conflict warnings are worked out (decision 034). */
export function CalendarGuide() {
  const t = useT();
  return (
    <SectionCard labelledBy="calendar-guide-heading">
      <CardHeading id="calendar-guide-heading" icon={Info}>
        {t('calendar.guide.heading')}
      </CardHeading>
      <List.Root mt="4" gap="2.5" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>{t('calendar.guide.holidays')}</List.Item>
        <List.Item>{t('calendar.guide.times')}</List.Item>
        <List.Item>{t('calendar.guide.tiers')}</List.Item>
        <List.Item>{t('calendar.guide.hebrewDates')}</List.Item>
      </List.Root>
      <Text mt="4" fontSize="xs" color="fg.subtle">
        <FormattedMessage
          id="calendar.guide.settings"
          values={{
            link: (chunks) => (
              <Link asChild color="brand.fg">
                <RouterLink to="/profile">{chunks}</RouterLink>
              </Link>
            ),
          }}
        />
      </Text>
    </SectionCard>
  );
}
