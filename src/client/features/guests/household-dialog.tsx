import type { HouseholdDto } from '../../../shared/schemas/guests';
import { useEditDialog } from '../../components/edit-dialog';
import { FormInput } from '../../components/form-fields';
import { useMessageText, useT } from '../../i18n/use-t';
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
  const t = useT();
  const messageText = useMessageText();
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
      if (errors.name)
        toast.error(
          t('guests.form.missingFields'),
          errors.name.message ? messageText(errors.name.message) : undefined,
        );
    },
    toasts: {
      created: t('guests.household.created'),
      updated: t('guests.household.updated'),
      createFailed: t('guests.household.createFailed'),
      updateFailed: t('guests.household.updateFailed'),
    },
  });

  return dialog(
    {
      title: household ? t('guests.household.edit') : t('guests.household.add'),
      description: t('guests.household.description'),
      submitLabel: household ? t('guests.form.saveChanges') : t('guests.household.add'),
      pendingLabel: household ? t('common.state.saving') : t('guests.form.adding'),
    },
    <>
      <FormInput
        form={form}
        name="name"
        label={t('guests.household.name')}
        required
        placeholder={t('guests.form.householdPlaceholder')}
        autoComplete="off"
        maxLength={120}
      />
      <FormInput
        form={form}
        name="plusOnesAllowed"
        label={t('guests.household.plusOnes')}
        type="number"
        inputMode="numeric"
        min={0}
        max={10}
        step={1}
        hint={t('guests.household.plusOnesHint')}
      />
    </>,
  );
}
