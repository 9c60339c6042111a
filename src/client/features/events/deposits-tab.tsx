import { Badge, Box, Button, Checkbox, Flex, Input, InputGroup, Text } from '@chakra-ui/react';
import { Wallet } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { toCivilDate } from '../../../shared/jewish-calendar';
import type { EventDto } from '../../../shared/schemas/event-answers';
import { type DepositDto, EVENT_MESSAGES } from '../../../shared/schemas/events';
import { FieldFrame, FormInput, useFieldError } from '../../components/form-fields';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import type { ZodForm } from '../../lib/use-zod-form';
import { formatShortDay, todayCivil } from './format';
import { type DepositFormValues, depositForm } from './forms';
import { ItemNameInput } from './item-editor';
import { ItemCard, ItemList, rowToasts } from './item-list';
import { formatAmount, formatCents, toCents } from './money';
import { type DepositUpdate, useDepositMutations, useDeposits } from './use-events';

/** The Deposits tab: what each vendor is owed and when; mark paid or unpaid; add, edit, delete. */
export function DepositsTab({ event }: { event: EventDto }) {
  const deposits = useDeposits(event.id);
  const { create, update, remove } = useDepositMutations(event.id);
  const t = useT();
  const iso = useIsolate();

  const setPaid = (deposit: DepositDto, paid: boolean) =>
    update.mutate(
      { id: deposit.id, version: deposit.version, paid },
      rowToasts(
        t(paid ? 'events.deposits.paidToast' : 'events.deposits.unpaidToast'),
        t('events.item.deposit.updateFailed'),
      ),
    );

  const today = todayCivil();
  // Which row's paid button is waiting for the server.
  const togglingId = update.isPending ? update.variables?.id : undefined;
  // Only the paid flag is mutated elsewhere in the row; the dialog's own pending state is its saves.
  const saving = create.isPending || (update.isPending && update.variables?.paid === undefined);

  return (
    <ItemList
      kind="deposit"
      query={deposits}
      remove={remove}
      summary={(list) => {
        const totalCents = list.reduce((sum, d) => sum + toCents(d.amount), 0);
        const paidCents = list.reduce((sum, d) => sum + (d.paid ? toCents(d.amount) : 0), 0);
        return t('events.deposits.summary', {
          paid: iso(formatCents(paidCents)),
          total: iso(formatCents(totalCents)),
        });
      }}
      empty={{
        icon: <Wallet />,
        title: t('events.deposits.emptyTitle'),
        text: t('events.deposits.emptyText'),
      }}
      nameOf={(deposit) => deposit.vendorName}
      deleteText={(deposit) => (
        <FormattedMessage
          id="events.deposits.deleteText"
          values={{
            amount: <bdi>{deposit ? formatAmount(deposit.amount) : ''}</bdi>,
            vendor: <bdi>{deposit?.vendorName}</bdi>,
          }}
        />
      )}
      editor={{
        schema: depositForm,
        pending: saving,
        valuesOf,
        create: (fields, callbacks) =>
          create.mutate({ id: event.id, ...fields, paid: fields.paid ?? false }, callbacks),
        update: (base, fields, callbacks) => {
          // Send only what changed, so that the event's sums refresh only when the amount moved.
          const patch: DepositUpdate = { id: base.id, version: base.version };
          if (fields.vendorName !== base.vendorName) patch.vendorName = fields.vendorName;
          if (toCents(fields.amount) !== toCents(base.amount)) patch.amount = fields.amount;
          if (toCivilDate(fields.dueDate) !== toCivilDate(base.dueDate)) patch.dueDate = fields.dueDate;
          if (Object.keys(patch).length === 2) return false;
          update.mutate(patch, callbacks);
          return true;
        },
        onInvalid: (errors) => {
          if (errors.vendorName || errors.amount?.message === EVENT_MESSAGES.required || errors.dueDate) {
            toast.error(EVENT_MESSAGES.required);
          }
        },
        fields: (form, deposit) => <DepositFields form={form} adding={deposit === null} disabled={saving} />,
      }}
      renderRow={(deposit, actions) => {
        const overdue = !deposit.paid && toCivilDate(deposit.dueDate) < today;
        return (
          <ItemCard
            key={deposit.id}
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'stretch', sm: 'center' }}
          >
            <Box flex="1" minW="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Text textStyle="itemTitle">
                  <bdi>{deposit.vendorName}</bdi>
                </Text>
                <Badge colorPalette={deposit.paid ? 'green' : 'orange'} variant="subtle">
                  {t(deposit.paid ? 'events.deposits.paid' : 'events.deposits.pending')}
                </Badge>
              </Flex>
              <Text fontSize="lg" fontWeight="bold" color="brand.900" mt="1">
                {formatAmount(deposit.amount)}
              </Text>
              <Text fontSize="xs" color={overdue ? 'fg.error' : 'fg.muted'}>
                {t(overdue ? 'events.deposits.overdue' : 'events.deposits.due', {
                  date: formatShortDay(deposit.dueDate),
                })}
                {deposit.paid && deposit.paidDate
                  ? ` · ${t('events.deposits.paidOn', { date: formatShortDay(deposit.paidDate) })}`
                  : ''}
              </Text>
            </Box>
            <Flex gap="2" align="center" justify={{ base: 'space-between', sm: 'flex-end' }}>
              <Button
                size="sm"
                variant={deposit.paid ? 'outline' : 'subtle'}
                colorPalette={deposit.paid ? 'gray' : 'green'}
                onClick={() => setPaid(deposit, !deposit.paid)}
                loading={togglingId === deposit.id}
                aria-label={t(
                  deposit.paid ? 'events.deposits.markUnpaidNamed' : 'events.deposits.markPaidNamed',
                  {
                    name: deposit.vendorName,
                  },
                )}
              >
                {t(deposit.paid ? 'events.deposits.markUnpaid' : 'events.deposits.markPaid')}
              </Button>
              {actions}
            </Flex>
          </ItemCard>
        );
      }}
    />
  );
}

/** The deposit dialog's fields; a new deposit can be recorded as already paid. */
function DepositFields({
  form,
  adding,
  disabled,
}: {
  form: ZodForm<DepositFormValues, unknown>;
  adding: boolean;
  disabled: boolean;
}) {
  const paid = form.watch('paid') ?? false;
  const t = useT();
  return (
    <>
      <ItemNameInput
        form={form}
        name="vendorName"
        label={t('events.deposits.vendorName')}
        placeholder={t('events.deposits.vendorPlaceholder')}
      />
      <AmountField form={form} />
      <FormInput
        form={form}
        name="dueDate"
        label={t('events.deposits.dueDate')}
        required
        type="date"
        max="9999-12-31"
      />
      {adding ? (
        <Checkbox.Root
          checked={paid}
          onCheckedChange={(d) => form.setValue('paid', d.checked === true, { shouldDirty: true })}
          disabled={disabled}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('events.deposits.alreadyPaid')}</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
    </>
  );
}

/** The amount with its dollar sign inside the box; what is typed ('$1,200') is cleaned by the form's schema. */
function AmountField({ form }: { form: ZodForm<DepositFormValues, unknown> }) {
  const error = useFieldError({ form, name: 'amount' });
  const t = useT();
  return (
    <FieldFrame label={t('events.deposits.amount')} required disabled={form.pending} error={error}>
      <InputGroup startElement="$">
        <Input inputMode="decimal" placeholder="1200.00" autoComplete="off" {...form.register('amount')} />
      </InputGroup>
    </FieldFrame>
  );
}

function valuesOf(deposit: DepositDto | null): DepositFormValues {
  return {
    vendorName: deposit?.vendorName ?? '',
    amount: deposit?.amount ?? '',
    dueDate: deposit ? toCivilDate(deposit.dueDate) : '',
    paid: deposit?.paid ?? false,
  };
}
