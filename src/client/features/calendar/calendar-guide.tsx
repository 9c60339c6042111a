import { Link, List, Text } from '@chakra-ui/react';
import { Info } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { CardHeading } from '../../components/card-heading';
import { SectionCard } from '../../components/section-card';

/** How the dates, times and conflict warnings are worked out (decision 034). */
export function CalendarGuide() {
  return (
    <SectionCard labelledBy="calendar-guide-heading">
      <CardHeading id="calendar-guide-heading" icon={Info}>
        About these dates
      </CardHeading>
      <List.Root mt="4" gap="2.5" fontSize="sm" color="fg.muted" ps="4">
        <List.Item>
          Holiday dates are exact for each year, computed from the Hebrew calendar. The grid follows the
          Diaspora schedule (two-day festivals); times and warnings follow your settings (Israel or Diaspora).
        </List.Item>
        <List.Item>
          Candle-lighting and havdalah times are for your home place. An event is judged at its own place:
          from candle-lighting before Shabbat or Yom Tov until havdalah after it, it is forbidden.
        </List.Item>
        <List.Item>
          Warnings come in three tiers: forbidden (Shabbat or Yom Tov), avoided by custom (such as the Omer,
          the Three Weeks or a fast day) and worth knowing (such as Rosh Chodesh or Hanukkah).
        </List.Item>
        <List.Item>Hebrew dates show the daytime date; the evening before already belongs to it.</List.Item>
      </List.Root>
      <Text mt="4" fontSize="xs" color="fg.subtle">
        Your home place, candle-lighting minutes, havdalah and custom are set in{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/profile">Profile Settings</RouterLink>
        </Link>
        . Check local times with your community.
      </Text>
    </SectionCard>
  );
}
