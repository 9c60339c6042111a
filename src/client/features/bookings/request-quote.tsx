import { Box, Flex, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { formatCivilDay } from '../../../shared/dates';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import { formatMoney, quotePriceText } from '../../../shared/schemas/bookings';
import { CapsLabel } from '../../components/caps-label';
import { useLanguage } from '../../i18n/language';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const iso = useIsolate();
  const { language } = useLanguage();
  const expired = quote.status === 'expired';
  return (
    <Box
      mt="3"
      p="3"
      rounded="lg"
      borderWidth="1px"
      bg="bg"
      data-testid="request-quote"
      aria-label={t('bookings.quote.from', { business: iso(quote.businessName) })}
    >
      <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
        <CapsLabel color="brand.fg">
          {t(expired ? 'bookings.request.quoteExpired' : 'bookings.request.quoteToAnswer')}
        </CapsLabel>
        <Text fontWeight="semibold" color="brand.950">
          {quotePriceText(quote, language)}
        </Text>
      </Flex>
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
        ) : (
          <Text>{t('bookings.request.noDeposit')}</Text>
        )}
        <Text>
          {t(expired ? 'bookings.quote.expiredOn' : 'bookings.quote.validUntil', {
            day: formatCivilDay(quote.validUntil, language),
          })}
        </Text>
      </Stack>
      {conversation ? (
        <Box mt="2">
          <Link asChild fontSize="sm" fontWeight="medium">
            <RouterLink to={conversation}>
              {t(expired ? 'bookings.request.askNew' : 'bookings.request.answer')}
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
  const t = useT();
  return (
    <Box mt="2">
      <Link asChild fontSize="sm">
        <RouterLink to={to}>{t('bookings.openConversation')}</RouterLink>
      </Link>
    </Box>
  );
}
