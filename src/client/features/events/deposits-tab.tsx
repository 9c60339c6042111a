import { Badge, Box, Button, Checkbox, Flex, Icon, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { Wallet } from 'lucide-react';
import { toCivilDate } from '../../../shared/jewish-calendar';
import { type DepositDto, EVENT_MESSAGES, type EventDto } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/form-dialog';
import { FieldFrame, FormInput, useFieldError } from '../../components/form-fields';
import { toast } from '../../lib/toast';
import { useZodForm, type ZodForm } from '../../lib/use-zod-form';
import { formatShortDay, todayCivil } from './format';
import { type DepositFormValues, depositForm } from './forms';
import { useItemEditor } from './item-editor';
import { ItemActions, ListEmpty, ListError, ListSkeleton, TabHeader } from './item-parts';
import { formatAmount, formatCents, toCents } from './money';
import { useDialogTarget } from './use-dialog-target';
import { type DepositUpdate, useDepositMutations, useDeposits } from './use-events';

/** The Deposits tab: what each vendor is owed and when; mark paid or unpaid; add, edit, delete. */
export function DepositsTab({ event }: { event: EventDto }) {
  const deposits = useDeposits(event.id);
  const { create, update, remove } = useDepositMutations(event.id);
  const editing = useDialogTarget<DepositDto | 'new'>();
  const deleting = useDialogTarget<DepositDto>();

  const setPaid = (deposit: DepositDto, paid: boolean) => {
    update.mutate(
      { id: deposit.id, version: deposit.version, paid },
      {
        onSuccess: () => toast.success(paid ? 'Deposit marked paid' : 'Deposit marked unpaid'),
        onError: (error) => toast.failed('Failed to update deposit', error),
      },
    );
  };

  const confirmDelete = () => {
    const deposit = deleting.target;
    if (!deposit) return;
    remove.mutate(
      { id: deposit.id },
      {
        onSuccess: () => {
          toast.success('Deposit deleted');
          deleting.close();
        },
        onError: (error) => toast.failed('Failed to delete deposit', error),
      },
    );
  };

  const list = deposits.data ?? [];
  const totalCents = list.reduce((sum, d) => sum + toCents(d.amount), 0);
  const paidCents = list.reduce((sum, d) => sum + (d.paid ? toCents(d.amount) : 0), 0);
  const today = todayCivil();
  // Which row's paid button is waiting for the server.
  const togglingId = update.isPending ? update.variables?.id : undefined;

  return (
    <Stack gap="4">
      <TabHeader
        summary={
          deposits.data
            ? `${formatCents(paidCents)} paid of ${formatCents(totalCents)} in deposits`
            : 'Deposits'
        }
        addLabel="Add Deposit"
        onAdd={() => editing.show('new')}
      />
      {deposits.isPending ? (
        <ListSkeleton />
      ) : deposits.isLoadingError ? (
        <ListError what="deposits" onRetry={() => void deposits.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty
          icon={
            <Icon boxSize="6">
              <Wallet />
            </Icon>
          }
          title="No deposits yet"
          text="Record what you owe each vendor and when it is due, and mark it paid when it is."
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Deposits">
          {list.map((deposit) => {
            const overdue = !deposit.paid && toCivilDate(deposit.dueDate) < today;
            return (
              <Flex
                as="li"
                key={deposit.id}
                gap="3"
                direction={{ base: 'column', sm: 'row' }}
                align={{ base: 'stretch', sm: 'center' }}
                bg="bg"
                borderWidth="1px"
                borderColor="border.muted"
                rounded="xl"
                p={{ base: '3', md: '4' }}
              >
                <Box flex="1" minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="semibold" color="brand.950" wordBreak="break-word">
                      {deposit.vendorName}
                    </Text>
                    <Badge colorPalette={deposit.paid ? 'green' : 'orange'} variant="subtle">
                      {deposit.paid ? 'Paid' : 'Pending'}
                    </Badge>
                  </Flex>
                  <Text fontSize="lg" fontWeight="bold" color="brand.900" mt="1">
                    {formatAmount(deposit.amount)}
                  </Text>
                  <Text fontSize="xs" color={overdue ? 'fg.error' : 'fg.muted'}>
                    {overdue ? 'Overdue: due ' : 'Due '}
                    {formatShortDay(deposit.dueDate)}
                    {deposit.paid && deposit.paidDate ? ` · Paid ${formatShortDay(deposit.paidDate)}` : ''}
                  </Text>
                </Box>
                <Flex gap="2" align="center" justify={{ base: 'space-between', sm: 'flex-end' }}>
                  <Button
                    size="sm"
                    variant={deposit.paid ? 'outline' : 'subtle'}
                    colorPalette={deposit.paid ? 'gray' : 'green'}
                    onClick={() => setPaid(deposit, !deposit.paid)}
                    loading={togglingId === deposit.id}
                    aria-label={`${deposit.paid ? 'Mark unpaid' : 'Mark paid'}: ${deposit.vendorName}`}
                  >
                    {deposit.paid ? 'Mark unpaid' : 'Mark paid'}
                  </Button>
                  <ItemActions
                    noun="deposit"
                    name={deposit.vendorName}
                    onEdit={() => editing.show(deposit)}
                    onDelete={() => deleting.show(deposit)}
                  />
                </Flex>
              </Flex>
            );
          })}
        </Stack>
      )}
      <DepositDialog
        eventId={event.id}
        deposit={editing.target === 'new' ? null : editing.target}
        open={editing.open}
        onClose={editing.close}
        create={create}
        update={update}
      />
      <ConfirmDialog
        open={deleting.open}
        onClose={deleting.close}
        title="Delete this deposit?"
        confirmLabel="Delete Deposit"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        The {deleting.target ? formatAmount(deleting.target.amount) : ''} deposit for “
        {deleting.target?.vendorName}” will be removed. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}

type Mutations = ReturnType<typeof useDepositMutations>;

interface DepositDialogProps {
  eventId: string;
  deposit: DepositDto | null;
  open: boolean;
  onClose: () => void;
  create: Mutations['create'];
  update: Mutations['update'];
}

function DepositDialog({ eventId, deposit, open, onClose, create, update }: DepositDialogProps) {
  // Only the paid flag is mutated elsewhere in the row; the dialog's own pending state is its saves.
  const pending = create.isPending || (update.isPending && update.variables?.paid === undefined);
  const form = useZodForm(depositForm, { defaultValues: valuesOf(null), pending });
  const paid = form.watch('paid') ?? false;
  const { dialog } = useItemEditor({
    noun: 'Deposit',
    item: deposit,
    open,
    onClose,
    form,
    valuesOf,
    create: (fields, callbacks) =>
      create.mutate({ id: eventId, ...fields, paid: fields.paid ?? false }, callbacks),
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
  });
  return dialog(
    <>
      <FormInput
        form={form}
        name="vendorName"
        label="Vendor name"
        required
        maxLength={200}
        placeholder="e.g. Shalom Table Catering"
        autoComplete="off"
      />
      <AmountField form={form} />
      <FormInput form={form} name="dueDate" label="Due date" required type="date" max="9999-12-31" />
      {deposit ? null : (
        <Checkbox.Root
          checked={paid}
          onCheckedChange={(d) => form.setValue('paid', d.checked === true, { shouldDirty: true })}
          disabled={pending}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Already paid</Checkbox.Label>
        </Checkbox.Root>
      )}
    </>,
  );
}

/** The amount with its dollar sign inside the box; what is typed ('$1,200') is cleaned by the form's schema. */
function AmountField({ form }: { form: ZodForm<DepositFormValues, unknown> }) {
  const error = useFieldError({ form, name: 'amount' });
  return (
    <FieldFrame label="Amount (USD)" required disabled={form.pending} error={error}>
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
