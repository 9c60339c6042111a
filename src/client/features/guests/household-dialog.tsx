import type { HouseholdDto } from '../../../shared/schemas/guests';
import { editToasts, useEditDialog } from '../../components/edit-dialog';
import { FormInput } from '../../components/form-fields';
import { toast } from '../../lib/toast';
import { type HouseholdFormValues, householdForm } from './forms';
import { useGuestMutations } from './use-guests';

interface HouseholdDialogProps {
  open: boolean;
  onClose: () => void;
  household: HouseholdDto | null;
  listId: string;
}

function valuesOf(household: HouseholdDto | null): HouseholdFormValues {
  return {
    name: household?.name ?? '',
    plusOnesAllowed: String(household?.plusOnesAllowed ?? 0),
  };
}

/** Add or edit a household: its name, and how many guests of their own it may bring. */
export function HouseholdDialog({ open, onClose, household, listId }: HouseholdDialogProps) {
  const { createHousehold, updateHousehold } = useGuestMutations();
  const { form, dialog } = useEditDialog({
    item: household,
    open,
    onClose,
    schema: householdForm,
    pending: createHousehold.isPending || updateHousehold.isPending,
    valuesOf,
    create: (fields, done) => createHousehold.mutate({ id: listId, ...fields }, done),
    update: (base, fields, done) => {
      if (base.name === fields.name && base.plusOnesAllowed === fields.plusOnesAllowed) return false;
      updateHousehold.mutate({ id: base.id, version: base.version, ...fields }, done);
      return true;
    },
    onInvalid: (errors) => {
      if (errors.name) toast.error('Missing required fields', errors.name.message);
    },
    toasts: editToasts('Household'),
  });

  return dialog(
    {
      title: household ? 'Edit Household' : 'Add Household',
      description: 'An invitation goes to a household: one link, one answer for everyone on it.',
      submitLabel: household ? 'Save Changes' : 'Add Household',
      pendingLabel: household ? 'Saving...' : 'Adding...',
    },
    <>
      <FormInput
        form={form}
        name="name"
        label="Household name"
        required
        placeholder="e.g. The Cohen family"
        autoComplete="off"
        maxLength={120}
      />
      <FormInput
        form={form}
        name="plusOnesAllowed"
        label="Plus-ones allowed"
        type="number"
        inputMode="numeric"
        min={0}
        max={10}
        step={1}
        hint="How many guests of their own they may name when they answer (0 to 10)."
      />
    </>,
  );
}
