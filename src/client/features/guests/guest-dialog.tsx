import { type GuestDto, type HouseholdDto, MEALS } from '../../../shared/schemas/guests';
import { useEditDialog } from '../../components/edit-dialog';
import { FieldColumns } from '../../components/field-columns';
import { FormInput, FormSelect, FormTextarea, useFieldError } from '../../components/form-fields';
import { term } from '../../i18n/terms';
import { useMessageText, useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { EventChecks, type ListEvent } from './event-checks';
import { type GuestFormValues, guestForm, NEW_HOUSEHOLD } from './forms';
import { useGuestMutations } from './use-guests';

interface GuestDialogProps {
  open: boolean;
  onClose: () => void;
  /** The guest to edit; null adds one. */
  guest: GuestDto | null;
  /** The main event whose list this is. */
  listId: string;
  /** The list's events: the main event and its sub-events. */
  events: ListEvent[];
  households: HouseholdDto[];
  /** A new guest's household (Add guest on a household), and the events they are invited to at first. */
  preset?: { householdId?: string; invitedTo?: string[] };
}

function valuesOf(
  guest: GuestDto | null,
  preset: GuestDialogProps['preset'],
  fallbackEvents: string[],
): GuestFormValues {
  return {
    name: guest?.name ?? '',
    email: guest?.email ?? '',
    phone: guest?.phone ?? '',
    side: guest?.side ?? '',
    tags: guest?.tags.join(', ') ?? '',
    meal: guest?.meal ?? '',
    dietaryNote: guest?.dietaryNote ?? '',
    kashrutStandard: guest?.kashrutStandard ?? '',
    householdId: guest?.householdId ?? preset?.householdId ?? NEW_HOUSEHOLD,
    householdName: '',
    invitedTo: guest ? guest.invitations.map((inv) => inv.eventId) : (preset?.invitedTo ?? fallbackEvents),
  };
}

/** Add or edit one guest: who they are, their household, their meal, and the events they are invited to. */
export function GuestDialog({ open, onClose, guest, listId, events, households, preset }: GuestDialogProps) {
  const t = useT();
  const messageText = useMessageText();
  const { create, update } = useGuestMutations();
  const { form, dialog } = useEditDialog({
    item: guest,
    open,
    onClose,
    schema: guestForm,
    pending: create.isPending || update.isPending,
    valuesOf: (row) =>
      valuesOf(
        row,
        preset,
        events.slice(0, 1).map((e) => e.id),
      ),
    create: (fields, done) => create.mutate({ id: listId, ...fields }, done),
    update: (base, fields, done) => {
      const was = new Set(base.invitations.map((inv) => inv.eventId));
      const now = new Set(fields.invitedTo ?? []);
      const invitations = [
        ...[...now].filter((id) => !was.has(id)).map((eventId) => ({ eventId, rsvp: 'invited' as const })),
        ...[...was].filter((id) => !now.has(id)).map((eventId) => ({ eventId, rsvp: null })),
      ];
      const { invitedTo: _invited, householdName: _name, householdId, ...rest } = fields;
      update.mutate(
        {
          id: base.id,
          version: base.version,
          ...rest,
          ...(householdId && householdId !== base.householdId ? { householdId } : {}),
          ...(invitations.length > 0 ? { invitations } : {}),
        },
        done,
      );
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
      created: t('guests.guest.created'),
      updated: t('guests.guest.updated'),
      createFailed: t('guests.guest.createFailed'),
      updateFailed: t('guests.guest.updateFailed'),
    },
  });
  // Watched rather than a Controller: the checkboxes are the form's only controlled field.
  const [householdId, invitedTo] = form.watch(['householdId', 'invitedTo']);
  const invitedError = useFieldError({ form, name: 'invitedTo' });

  return dialog(
    {
      title: guest ? t('guests.guest.edit') : t('guests.guest.add'),
      description: guest ? t('guests.guest.editDescription') : t('guests.guest.addDescription'),
      submitLabel: guest ? t('guests.form.saveChanges') : t('guests.guest.add'),
      pendingLabel: guest ? t('common.state.saving') : t('guests.form.adding'),
    },
    <>
      <FormInput
        form={form}
        name="name"
        label={t('guests.field.name')}
        required
        autoComplete="off"
        maxLength={120}
      />
      <FieldColumns>
        <FormInput form={form} name="email" label={t('common.field.email')} kind="email" autoComplete="off" />
        <FormInput
          form={form}
          name="phone"
          label={t('common.field.phone')}
          type="tel"
          autoComplete="off"
          maxLength={40}
        />
      </FieldColumns>
      <FieldColumns>
        <FormSelect
          form={form}
          name="householdId"
          label={t('guests.field.household')}
          options={[
            {
              value: NEW_HOUSEHOLD,
              label: guest ? t('guests.guest.newHousehold') : t('guests.guest.newHouseholdOwn'),
            },
            ...households.map((h) => ({ value: h.id, label: h.name })),
          ]}
        />
        {householdId === NEW_HOUSEHOLD && !guest ? (
          <FormInput
            form={form}
            name="householdName"
            label={t('guests.guest.newHouseholdName')}
            placeholder={t('guests.form.householdPlaceholder')}
            hint={t('guests.guest.newHouseholdHint')}
            maxLength={120}
          />
        ) : null}
      </FieldColumns>
      <FieldColumns>
        <FormInput
          form={form}
          name="side"
          label={t('guests.guest.side')}
          placeholder={t('guests.guest.sidePlaceholder')}
          maxLength={80}
        />
        <FormInput
          form={form}
          name="tags"
          label={t('guests.field.tags')}
          placeholder={t('guests.guest.tagsPlaceholder')}
          hint={t('guests.guest.tagsHint')}
        />
      </FieldColumns>
      <FieldColumns>
        <FormSelect
          form={form}
          name="meal"
          label={t('guests.field.meal')}
          placeholder={t('guests.guest.mealPlaceholder')}
          options={MEALS.map((meal) => ({ value: meal, label: term(t, 'meal', meal) }))}
        />
        <FormInput
          form={form}
          name="kashrutStandard"
          label={t('guests.field.kashrutStandard')}
          placeholder={t('guests.guest.kashrutPlaceholder')}
          hint={t('guests.guest.kashrutHint')}
          maxLength={120}
        />
      </FieldColumns>
      <FormTextarea
        form={form}
        name="dietaryNote"
        label={t('guests.field.dietaryNote')}
        rows={2}
        maxLength={500}
        placeholder={t('guests.guest.dietaryPlaceholder')}
      />
      <EventChecks
        legend={t('guests.guest.invitedTo')}
        events={events}
        value={invitedTo}
        onChange={(value) => form.setValue('invitedTo', value, { shouldDirty: true })}
        disabled={form.pending}
        error={invitedError}
      />
    </>,
  );
}
