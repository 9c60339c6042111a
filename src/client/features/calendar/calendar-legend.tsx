import { Box, Flex, HStack, Icon, Text } from '@chakra-ui/react';
import { Flame, Moon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ConflictLevel } from '../../../shared/schemas/observance';
import { CONFLICT_TIERS } from '../../components/conflict-notice';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { HOLIDAY_TYPE_ORDER } from './calendar-model';
import { HOLIDAY_LEGEND, HOLIDAY_PALETTE, REST_SPAN_BG, SHABBAT_BG, SHABBAT_BORDER } from './calendar-styles';

/** The three tiers in the legend's words, in the conflict notices' colours (decision 034). */
const TIER_LEGEND: { level: ConflictLevel; label: MessageId }[] = [
  { level: 'forbidden', label: 'calendar.legend.forbidden' },
  { level: 'custom', label: 'calendar.legend.custom' },
  { level: 'info', label: 'calendar.legend.info' },
];

/** What the colours mean (spec section 2), the home place's clock and the three tiers (issue 28). */
export function CalendarLegend() {
  const t = useT();
  return (
    <Flex
      as="ul"
      listStyleType="none"
      wrap="wrap"
      columnGap="5"
      rowGap="2"
      fontSize="sm"
      color="fg.muted"
      aria-label={t('calendar.legend.label')}
      data-testid="calendar-legend"
    >
      <LegendItem label={t('calendar.notes.shabbat')}>
        <Box boxSize="3.5" rounded="sm" bg={SHABBAT_BG} borderWidth="1px" borderColor={SHABBAT_BORDER} />
      </LegendItem>
      {HOLIDAY_TYPE_ORDER.map((type) => (
        <LegendItem key={type} label={t(HOLIDAY_LEGEND[type])}>
          <Box
            boxSize="3.5"
            rounded="sm"
            bg={`${HOLIDAY_PALETTE[type]}.subtle`}
            borderStartWidth="3px"
            borderStartColor={`${HOLIDAY_PALETTE[type]}.solid`}
          />
        </LegendItem>
      ))}
      <LegendItem label={t('calendar.legend.conflicts')}>
        <Icon boxSize="4" color={`${CONFLICT_TIERS.forbidden.palette}.fg`}>
          <TriangleAlert />
        </Icon>
      </LegendItem>
      <LegendItem label={t('calendar.legend.times')}>
        <HStack gap="0.5" color="gold.fg">
          <Icon boxSize="3.5">
            <Flame />
          </Icon>
          <Icon boxSize="3.5">
            <Moon />
          </Icon>
        </HStack>
        <Box
          ms="1"
          boxSize="3.5"
          rounded="sm"
          bg={REST_SPAN_BG}
          borderStartWidth="3px"
          borderStartColor="gold.solid"
        />
      </LegendItem>
      {TIER_LEGEND.map(({ level, label }) => (
        <LegendItem key={level} label={t(label)} level={level}>
          <Box
            boxSize="3.5"
            rounded="sm"
            bg={`${CONFLICT_TIERS[level].palette}.subtle`}
            borderStartWidth="3px"
            borderStartColor={`${CONFLICT_TIERS[level].palette}.solid`}
          />
        </LegendItem>
      ))}
    </Flex>
  );
}

function LegendItem({
  label,
  level,
  children,
}: {
  label: string;
  level?: ConflictLevel;
  children: ReactNode;
}) {
  return (
    <HStack as="li" gap="2" data-legend-level={level}>
      <Flex aria-hidden align="center">
        {children}
      </Flex>
      <Text as="span">{label}</Text>
    </HStack>
  );
}
