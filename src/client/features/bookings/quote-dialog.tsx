import { Button, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { z } from 'zod';
import { BOOKING_LIMITS, quoteInput } from '../../../shared/schemas/bookings';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormInput, FormTextarea } from '../../components/form-fields';
import { serverFieldError, serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { includesPlaceholder } from './format';
import { useSendQuote } from './use-bookings';

type QuoteForm = z.input<typeof quoteInput>;

/** What a deposit in a quote does, said under its fields. */
export const DEPOSIT_HELP =
  "The family sees the deposit and its due date; when they accept, it is recorded in their event's Deposits tab. No money moves through SimchaHub.";

interface QuoteDialogProps {
  open: boolean;
  onClose: () => void;
  requestId: string;
  customerName: string;
  /** The listing's category, for an example of what a quote includes; a generic one without it. */
  category?: string | null;
  /** Files the vendor already sent in this conversation, which the quote may point to. */
  files: AttachmentDto[];
}

const blank = (requestId: string): QuoteForm => ({
  requestId,
  price: '',
  priceMin: '',
  priceMax: '',
  includes: '',
  depositAmount: '',
  depositDueDate: '',
  validUntil: '',
  attachmentIds: [],
});

/** The vendor's quote on the thread's request: one price or a range, what it includes, a deposit, how long it holds. */
export function QuoteDialog({ open, onClose, requestId, customerName, category, files }: QuoteDialogProps) {
  const send = useSendQuote();
  const [range, setRange] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Kept apart from the form: react-hook-form makes a lone checkbox a boolean, not a list of ids.
  const [attached, setAttached] = useState<string[]>([]);
  const form = useZodForm(quoteInput, { defaultValues: blank(requestId), pending: send.isPending });
  const { reset, setValue } = form;

  useWhenOpened(open, () => {
    reset(blank(requestId));
    setAttached([]);
    setRange(false);
    setProblem(null);
  });

  const toggleRange = () => {
    setRange((was) => !was);
    setValue('price', '');
    setValue('priceMin', '');
    setValue('priceMax', '');
  };

  const submit = form.handleSubmit((values) => {
    setProblem(null);
    send.mutate(
      { ...values, attachmentIds: attached },
      {
        onSuccess: () => {
          toast.success('Quote sent', `${customerName} can now accept or decline it.`);
          onClose();
        },
        onError: (error) => {
          // The files have no field of the form's own: their refusal is said above the form.
          const refused = serverFieldError(error);
          if (refused?.field === 'attachmentIds') setProblem(refused.message);
          else if (!form.applyServerErrors(error))
            setProblem(serverMessage(error) ?? 'The quote could not be sent.');
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Send a quote"
      description={`${customerName} sees it in this conversation and can accept or decline it. A new quote replaces the open one.`}
      submitLabel="Send quote"
      pendingLabel="Sending..."
      pending={send.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        {range ? (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <FormInput form={form} name="priceMin" label="Lowest price ($)" required inputMode="decimal" />
            <FormInput form={form} name="priceMax" label="Highest price ($)" required inputMode="decimal" />
          </SimpleGrid>
        ) : (
          <FormInput form={form} name="price" label="Price ($)" required inputMode="decimal" data-autofocus />
        )}
        <HStack>
          <Button type="button" variant="plain" size="sm" px="0" onClick={toggleRange}>
            {range ? 'Give one price instead' : 'Give a price range instead'}
          </Button>
        </HStack>
        <FormTextarea
          form={form}
          name="includes"
          label="What it includes"
          required
          rows={4}
          maxLength={BOOKING_LIMITS.includesChars}
          placeholder={includesPlaceholder(category)}
        />
        <Stack gap="1.5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <FormInput
              form={form}
              name="depositAmount"
              label="Deposit ($)"
              inputMode="decimal"
              hint="Optional"
            />
            <FormInput
              form={form}
              name="depositDueDate"
              label="Deposit due"
              type="date"
              hint="Needed with a deposit"
            />
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted" data-testid="quote-deposit-help">
            {DEPOSIT_HELP}
          </Text>
        </Stack>
        <FormInput form={form} name="validUntil" label="Valid until" type="date" required />
        {files.length > 0 ? (
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm">Attach files you sent in this conversation</Fieldset.Legend>
            <Stack gap="1" mt="1">
              {files.map((file) => (
                <HStack as="label" key={file.id} gap="2" fontSize="sm">
                  <input
                    type="checkbox"
                    checked={attached.includes(file.id)}
                    disabled={send.isPending}
                    onChange={(event) =>
                      setAttached((ids) =>
                        event.target.checked ? [...ids, file.id] : ids.filter((id) => id !== file.id),
                      )
                    }
                  />
                  {file.name}
                </HStack>
              ))}
            </Stack>
          </Fieldset.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            To attach a PDF, send it in the conversation first; it can then be attached here.
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
