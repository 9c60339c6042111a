import { Badge, Box, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatCivilDay } from '../../../shared/dates';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import { formatMoney, quotePriceText } from '../../../shared/schemas/bookings';
import { useLanguage } from '../../i18n/language';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { QUOTE_STATUS } from './format';

/** One quote as both parties read it: price, what it includes, deposit, valid-until, files and status. */
export function QuoteCard({ quote, actions }: { quote: QuoteDto; actions?: ReactNode }) {
  const t = useT();
  const iso = useIsolate();
  const { language } = useLanguage();
  const status = QUOTE_STATUS[quote.status];
  return (
    <Box
      as="article"
      aria-label={t('bookings.quote.from', { business: iso(quote.businessName) })}
      rounded="lg"
      borderWidth="1px"
      p="3"
      bg="bg"
    >
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Text fontWeight="semibold" color="brand.950">
          {quotePriceText(quote, language)}
        </Text>
        <Badge colorPalette={status.palette}>{t(status.labelId)}</Badge>
      </Flex>
      {/* The vendor's own words read in their own direction. */}
      <Text fontSize="sm" whiteSpace="pre-wrap" mt="1" dir="auto">
        {quote.includes}
      </Text>
      <Stack gap="0.5" mt="1" fontSize="sm" color="fg.muted">
        {quote.depositAmount && quote.depositDueDate ? (
          <Text>
            <FormattedMessage
              id="bookings.deposit.due"
              values={{
                amount: <bdi>{formatMoney(quote.depositAmount, language)}</bdi>,
                day: formatCivilDay(quote.depositDueDate, language),
              }}
            />
          </Text>
        ) : null}
        <Text>
          {t(quote.status === 'expired' ? 'bookings.quote.expiredOn' : 'bookings.quote.validUntil', {
            day: formatCivilDay(quote.validUntil, language),
          })}
        </Text>
      </Stack>
      {quote.attachments.length > 0 ? (
        <HStack gap="3" mt="1" wrap="wrap">
          {quote.attachments.map((file) => (
            <Link key={file.id} href={file.url} fontSize="sm" target="_blank" rel="noopener">
              <FileText size={14} aria-hidden /> {file.name}
            </Link>
          ))}
        </HStack>
      ) : null}
      {actions ? (
        <HStack gap="2" mt="2" justify="flex-end" wrap="wrap">
          {actions}
        </HStack>
      ) : null}
    </Box>
  );
}
