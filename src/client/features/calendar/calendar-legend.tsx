import { Box, Flex, HStack, Icon, Text } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { HOLIDAY_TYPE_ORDER } from './calendar-model';
import {
  CONFLICT_PALETTE,
  HOLIDAY_LEGEND,
  HOLIDAY_PALETTE,
  SHABBAT_BG,
  SHABBAT_BORDER,
} from './calendar-styles';

/** What the colours mean (spec section 2). */
export function CalendarLegend() {
  return (
    <Flex
      as="ul"
      listStyleType="none"
      wrap="wrap"
      columnGap="5"
      rowGap="2"
      fontSize="sm"
      color="fg.muted"
      aria-label="Legend"
      data-testid="calendar-legend"
    >
      <LegendItem label="Shabbat">
        <Box boxSize="3.5" rounded="sm" bg={SHABBAT_BG} borderWidth="1px" borderColor={SHABBAT_BORDER} />
      </LegendItem>
      {HOLIDAY_TYPE_ORDER.map((type) => (
        <LegendItem key={type} label={HOLIDAY_LEGEND[type]}>
          <Box
            boxSize="3.5"
            rounded="sm"
            bg={`${HOLIDAY_PALETTE[type]}.subtle`}
            borderStartWidth="3px"
            borderStartColor={`${HOLIDAY_PALETTE[type]}.solid`}
          />
        </LegendItem>
      ))}
      <LegendItem label="Event conflicts">
        <Icon boxSize="4" color={`${CONFLICT_PALETTE}.fg`}>
          <TriangleAlert />
        </Icon>
      </LegendItem>
    </Flex>
  );
}

function LegendItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack as="li" gap="2">
      <Flex aria-hidden align="center">
        {children}
      </Flex>
      <Text as="span">{label}</Text>
    </HStack>
  );
}
