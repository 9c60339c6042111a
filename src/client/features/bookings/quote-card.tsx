import { Badge, Box, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCivilDay } from '../../../shared/dates';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import { formatMoney, quotePriceText } from '../../../shared/schemas/bookings';
import { QUOTE_STATUS } from './format';

/** One quote as both parties read it: price, what it includes, deposit, valid-until, files and status. */
export function QuoteCard({ quote, actions }: { quote: QuoteDto; actions?: ReactNode }) {
  const status = QUOTE_STATUS[quote.status];
  return (
    <Box
      as="article"
      aria-label={`Quote from ${quote.businessName}`}
      rounded="lg"
      borderWidth="1px"
      p="3"
      bg="bg"
    >
      <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
        <Text fontWeight="semibold" color="brand.950">
          {quotePriceText(quote)}
        </Text>
        <Badge colorPalette={status.palette}>{status.label}</Badge>
      </Flex>
      <Text fontSize="sm" whiteSpace="pre-wrap" mt="1">
        {quote.includes}
      </Text>
      <Stack gap="0.5" mt="1" fontSize="sm" color="fg.muted">
        {quote.depositAmount && quote.depositDueDate ? (
          <Text>
            Deposit {formatMoney(quote.depositAmount)} due {formatCivilDay(quote.depositDueDate)}
          </Text>
        ) : null}
        <Text>
          {quote.status === 'expired' ? 'Expired on' : 'Valid until'} {formatCivilDay(quote.validUntil)}
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
