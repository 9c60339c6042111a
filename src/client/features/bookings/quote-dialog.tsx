import { Button, Fieldset, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';
import { BOOKING_LIMITS, quoteInput } from '../../../shared/schemas/bookings';
import type { AttachmentDto } from '../../../shared/schemas/messages';
import { ErrorAlert } from '../../components/error-alert';
import { FormDialog } from '../../components/form-dialog';
import { FormInput, FormTextarea } from '../../components/form-fields';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { serverFieldError, serverMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useWhenOpened, useZodForm } from '../../lib/use-zod-form';
import { includesPlaceholder } from './format';
import { useSendQuote } from './use-bookings';

type QuoteForm = z.input<typeof quoteInput>;

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
  const t = useT();
  const iso = useIsolate();
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
          toast.success(
            t('bookings.quoteForm.sent'),
            t('bookings.quoteForm.sentHint', { name: iso(customerName) }),
          );
          onClose();
        },
        onError: (error) => {
          // The files have no field of the form's own: their refusal is said above the form.
          const refused = serverFieldError(error);
          if (refused?.field === 'attachmentIds') setProblem(refused.message);
          else if (!form.applyServerErrors(error))
            setProblem(serverMessage(error) ?? t('bookings.quoteForm.failed'));
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('bookings.quote.send')}
      description={
        <FormattedMessage id="bookings.quoteForm.description" values={{ name: <bdi>{customerName}</bdi> }} />
      }
      submitLabel={t('bookings.quoteForm.submit')}
      pendingLabel={t('bookings.quoteForm.pending')}
      pending={send.isPending}
      onSubmit={() => void submit()}
    >
      <Stack gap="4">
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
        {range ? (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <FormInput
              form={form}
              name="priceMin"
              label={t('bookings.quoteForm.priceMin')}
              required
              inputMode="decimal"
            />
            <FormInput
              form={form}
              name="priceMax"
              label={t('bookings.quoteForm.priceMax')}
              required
              inputMode="decimal"
            />
          </SimpleGrid>
        ) : (
          <FormInput
            form={form}
            name="price"
            label={t('bookings.quoteForm.price')}
            required
            inputMode="decimal"
            data-autofocus
          />
        )}
        <HStack>
          <Button type="button" variant="plain" size="sm" px="0" onClick={toggleRange}>
            {t(range ? 'bookings.quoteForm.onePrice' : 'bookings.quoteForm.range')}
          </Button>
        </HStack>
        <FormTextarea
          form={form}
          name="includes"
          label={t('bookings.quoteForm.includes')}
          required
          rows={4}
          maxLength={BOOKING_LIMITS.includesChars}
          placeholder={includesPlaceholder(t, category)}
        />
        <Stack gap="1.5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <FormInput
              form={form}
              name="depositAmount"
              label={t('bookings.quoteForm.deposit')}
              inputMode="decimal"
              hint={t('bookings.quoteForm.optional')}
            />
            <FormInput
              form={form}
              name="depositDueDate"
              label={t('bookings.quoteForm.depositDue')}
              type="date"
              hint={t('bookings.quoteForm.depositDueHint')}
            />
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted" data-testid="quote-deposit-help">
            {t('bookings.quoteForm.depositHelp', { brand: PRODUCT_NAME })}
          </Text>
        </Stack>
        <FormInput
          form={form}
          name="validUntil"
          label={t('bookings.quoteForm.validUntil')}
          type="date"
          required
        />
        {files.length > 0 ? (
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm">{t('bookings.quoteForm.attach')}</Fieldset.Legend>
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
            {t('bookings.quoteForm.attachHint')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
