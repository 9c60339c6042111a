import { Box, Button, Collapsible, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import { ErrorAlert } from '../../components/error-alert';
import { ConfirmDialog } from '../../components/form-dialog';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { historyText } from './format';
import { historyTime } from './history-time';
import { QuoteCard } from './quote-card';
import { QuoteDialog } from './quote-dialog';
import { useAcceptQuote, useDeclineQuote, useRequestQuotes } from './use-bookings';

interface QuotesPanelProps {
  requestId: string;
  /** The request's listing: its category gives the quote form's example. */
  vendorId: string;
  side: 'customer' | 'vendor';
  /** The other party's name, as the conversation shows it. */
  otherName: string;
  /** The vendor's own files already sent in the conversation (for the quote's attachments). */
  ownFiles: AttachmentDto[];
}

const CLOSED_REQUEST = new Set(['booked', 'declined', 'expired']);

/**
 * The quotes of the conversation's request, under its details: the newest one with its status (and
 * the family's Accept and Decline while it is open), the earlier ones and the history on demand, and
 * the vendor's "Send a quote".
 */
export default function QuotesPanel({ requestId, vendorId, side, otherName, ownFiles }: QuotesPanelProps) {
  const t = useT();
  const query = useRequestQuotes(requestId);
  // The owner's listings (already loaded by the dashboard's picker), for the listing's category.
  const listings = trpc.vendors.mine.useQuery(undefined, { enabled: side === 'vendor' });
  const category = listings.data?.find((l) => l.id === vendorId)?.category;
  const [quoting, setQuoting] = useState(false);
  const data = query.data;
  if (!data) return null;
  const [latest, ...earlier] = data.quotes;
  const canQuote = side === 'vendor' && !CLOSED_REQUEST.has(data.requestStatus);
  if (!latest && !canQuote) return null;

  return (
    <Box
      as="section"
      aria-label={t('bookings.panel.label')}
      borderBottomWidth="1px"
      px={{ base: '3', md: '5' }}
      py="2"
    >
      <Flex justify="space-between" align="center" gap="2">
        <IconEyebrow icon={FileSignature} iconSize="3.5" fontSize="2xs" gap="1.5">
          {t(
            data.requestStatus === 'booked'
              ? 'bookings.panel.booked'
              : latest?.status === 'accepted'
                ? 'bookings.panel.bookingCancelled'
                : 'bookings.panel.quote',
          )}
        </IconEyebrow>
        {canQuote ? (
          <Button size="xs" variant="outline" onClick={() => setQuoting(true)}>
            {t(latest?.status === 'sent' ? 'bookings.panel.sendNew' : 'bookings.quote.send')}
          </Button>
        ) : null}
      </Flex>
      {latest ? (
        <Stack gap="2" mt="1">
          {side === 'customer' && latest.status === 'sent' ? (
            <AnswerableQuote quote={latest} vendorName={otherName} />
          ) : (
            <QuoteCard quote={latest} />
          )}
          {earlier.length > 0 || data.history.length > 0 ? (
            <Collapsible.Root>
              <Collapsible.Trigger asChild>
                <Button variant="plain" size="xs" px="0">
                  {t('bookings.panel.earlier')}
                </Button>
              </Collapsible.Trigger>
              <Collapsible.Content>
                <Stack gap="2" mt="1">
                  {earlier.map((quote) => (
                    <QuoteCard key={quote.id} quote={quote} />
                  ))}
                  <Stack as="ol" gap="0.5" fontSize="xs" color="fg.muted" listStyleType="none">
                    {data.history.map((row) => (
                      <li key={row.id}>
                        {historyTime(row.createdAt)} · {historyText(t, row.action, row.actorSide)}
                        {row.reason ? `: ${row.reason}` : ''}
                      </li>
                    ))}
                  </Stack>
                </Stack>
              </Collapsible.Content>
            </Collapsible.Root>
          ) : null}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="bookings.panel.none" values={{ name: <bdi>{otherName}</bdi> }} />
        </Text>
      )}
      {side === 'vendor' ? (
        <QuoteDialog
          open={quoting}
          onClose={() => setQuoting(false)}
          requestId={requestId}
          customerName={otherName}
          category={category}
          files={ownFiles}
        />
      ) : null}
    </Box>
  );
}

/** The family's open quote: Accept or Decline, each asked first; a refusal (the day was taken) is said plainly. */
function AnswerableQuote({ quote, vendorName }: { quote: QuoteDto; vendorName: string }) {
  const t = useT();
  const iso = useIsolate();
  const accept = useAcceptQuote();
  const decline = useDeclineQuote();
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = accept.isPending || decline.isPending;

  const run = () => {
    const onError = (error: unknown) => {
      setAsking(null);
      setProblem(serverMessage(error) ?? t('common.error.tryAgainPlease'));
    };
    setProblem(null);
    if (asking === 'accept') {
      accept.mutate(
        { id: quote.id },
        {
          onSuccess: (booking) => {
            setAsking(null);
            toast.success(
              t('bookings.panel.bookedToast'),
              t(booking.deposit ? 'bookings.panel.bookedDepositHint' : 'bookings.panel.bookedHint', {
                name: iso(vendorName),
              }),
            );
          },
          onError,
        },
      );
    } else if (asking === 'decline') {
      decline.mutate(
        { id: quote.id },
        {
          onSuccess: () => {
            setAsking(null);
            toast.success(t('bookings.panel.declined'), t('bookings.told', { name: iso(vendorName) }));
          },
          onError,
        },
      );
    }
  };

  return (
    <Stack gap="2">
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      <QuoteCard
        quote={quote}
        actions={
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={() => setAsking('decline')} disabled={pending}>
              {t('bookings.panel.decline')}
            </Button>
            <Button size="sm" onClick={() => setAsking('accept')} disabled={pending}>
              {t('bookings.panel.accept')}
            </Button>
          </HStack>
        }
      />
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t(asking === 'accept' ? 'bookings.panel.acceptTitle' : 'bookings.panel.declineTitle')}
        confirmLabel={t(asking === 'accept' ? 'bookings.panel.acceptConfirm' : 'bookings.panel.decline')}
        pendingLabel={t(asking === 'accept' ? 'bookings.panel.accepting' : 'bookings.panel.declining')}
        pending={pending}
        onConfirm={run}
      >
        <FormattedMessage
          id={asking === 'accept' ? 'bookings.panel.acceptBody' : 'bookings.panel.declineBody'}
          values={{ name: <bdi>{vendorName}</bdi> }}
        />
      </ConfirmDialog>
    </Stack>
  );
}
