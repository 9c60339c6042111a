import { Box, Button, Collapsible, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import { ErrorAlert } from '../../components/error-alert';
import { ConfirmDialog } from '../../components/form-dialog';
import { IconEyebrow } from '../../components/icon-eyebrow';
import { serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { historyText } from './format';
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
    <Box as="section" aria-label="Quotes" borderBottomWidth="1px" px={{ base: '3', md: '5' }} py="2">
      <Flex justify="space-between" align="center" gap="2">
        <IconEyebrow icon={FileSignature} iconSize="3.5" fontSize="2xs" gap="1.5">
          {data.requestStatus === 'booked'
            ? 'Quote · booked'
            : latest?.status === 'accepted'
              ? 'Quote · booking cancelled'
              : 'Quote'}
        </IconEyebrow>
        {canQuote ? (
          <Button size="xs" variant="outline" onClick={() => setQuoting(true)}>
            {latest?.status === 'sent' ? 'Send a new quote' : 'Send a quote'}
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
                  Earlier quotes and history
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
                        {row.createdAt.toLocaleString()} · {historyText(row.action, row.actorSide)}
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
          No quote yet. Send {otherName} a price for this request.
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
  const accept = useAcceptQuote();
  const decline = useDeclineQuote();
  const [asking, setAsking] = useState<'accept' | 'decline' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = accept.isPending || decline.isPending;

  const run = () => {
    const onError = (error: unknown) => {
      setAsking(null);
      setProblem(serverMessage(error) ?? 'Please try again.');
    };
    setProblem(null);
    if (asking === 'accept') {
      accept.mutate(
        { id: quote.id },
        {
          onSuccess: (booking) => {
            setAsking(null);
            toast.success(
              'Booked',
              booking.deposit
                ? `${vendorName} is booked for your date. The deposit is in your event's Deposits.`
                : `${vendorName} is booked for your date.`,
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
            toast.success('Quote declined', `${vendorName} has been told.`);
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
              Decline
            </Button>
            <Button size="sm" onClick={() => setAsking('accept')} disabled={pending}>
              Accept
            </Button>
          </HStack>
        }
      />
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'accept' ? 'Accept this quote?' : 'Decline this quote?'}
        confirmLabel={asking === 'accept' ? 'Accept and book' : 'Decline'}
        pendingLabel={asking === 'accept' ? 'Booking...' : 'Declining...'}
        pending={pending}
        onConfirm={run}
      >
        {asking === 'accept'
          ? `${vendorName} will be booked for your date. A deposit in the quote is added to your event's Deposits.`
          : `${vendorName} will be told that you declined. They can no longer quote on this request.`}
      </ConfirmDialog>
    </Stack>
  );
}
