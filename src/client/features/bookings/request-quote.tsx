import { Box, Flex, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCivilDay } from '../../../shared/dates';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import { formatMoney, quotePriceText } from '../../../shared/schemas/bookings';
import { CapsLabel } from '../../components/caps-label';
import { useRequestQuotes } from './use-bookings';

/** Where the family reads a conversation (and answers the quotes posted in it). */
export const familyConversationLink = (threadId: string) => `/messages?thread=${threadId}`;

/**
 * What a request's quotes say to the family at a glance: the open quote (the newest still to be
 * answered), else the newest one if it expired before an answer, else nothing.
 */
export function quoteToShow(quotes: readonly QuoteDto[]): QuoteDto | undefined {
  const open = quotes.find((q) => q.status === 'sent');
  if (open) return open;
  const [latest] = quotes;
  return latest?.status === 'expired' ? latest : undefined;
}

/**
 * A quote on a request as the family's Vendors tab shows it: the price (or range), the deposit and
 * its due date, until when it holds, and the way to the conversation where it is accepted or declined.
 */
export function RequestQuoteSummary({
  quote,
  conversation,
}: {
  quote: QuoteDto;
  /** The conversation's address, or null when the request has none. */
  conversation: string | null;
}) {
  const expired = quote.status === 'expired';
  return (
    <Box
      mt="3"
      p="3"
      rounded="lg"
      borderWidth="1px"
      bg="bg"
      data-testid="request-quote"
      aria-label={`Quote from ${quote.businessName}`}
    >
      <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
        <CapsLabel color="brand.fg">{expired ? 'Quote expired' : 'Quote to answer'}</CapsLabel>
        <Text fontWeight="semibold" color="brand.950">
          {quotePriceText(quote)}
        </Text>
      </Flex>
      <Stack gap="0.5" mt="1" fontSize="sm" color="fg.muted">
        {quote.depositAmount && quote.depositDueDate ? (
          <Text>
            Deposit {formatMoney(quote.depositAmount)} due {formatCivilDay(quote.depositDueDate)}
          </Text>
        ) : (
          <Text>No deposit</Text>
        )}
        <Text>
          {expired ? 'Expired on' : 'Valid until'} {formatCivilDay(quote.validUntil)}
        </Text>
      </Stack>
      {conversation ? (
        <Box mt="2">
          <Link asChild fontSize="sm" fontWeight="medium">
            <RouterLink to={conversation}>
              {expired
                ? 'Open the conversation to ask for a new quote'
                : 'Open the conversation to accept or decline it'}
            </RouterLink>
          </Link>
        </Box>
      ) : null}
    </Box>
  );
}

/** The quote of one of the family's requests, read when the request says it was quoted. */
export function RequestQuote({ requestId, threadId }: { requestId: string; threadId: string | null }) {
  const query = useRequestQuotes(requestId);
  const conversation = threadId ? familyConversationLink(threadId) : null;
  if (query.isPending) return <Skeleton h="16" mt="3" rounded="lg" />;
  const quote = query.data ? quoteToShow(query.data.quotes) : undefined;
  if (!quote) {
    return conversation ? <ConversationLink to={conversation} /> : null;
  }
  return <RequestQuoteSummary quote={quote} conversation={conversation} />;
}

/** The way to a request's conversation, under the request. */
export function ConversationLink({ to }: { to: string }) {
  return (
    <Box mt="2">
      <Link asChild fontSize="sm">
        <RouterLink to={to}>Open the conversation</RouterLink>
      </Link>
    </Box>
  );
}
