import { type GuestDto, type HouseholdDto, MEAL_LABELS, MEALS } from '../../../shared/schemas/guests';
import { editToasts, useEditDialog } from '../../components/edit-dialog';
import { FieldColumns } from '../../components/field-columns';
import { FormInput, FormSelect, FormTextarea, useFieldError } from '../../components/form-fields';
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
      if (errors.name) toast.error('Missing required fields', errors.name.message);
    },
    toasts: editToasts('Guest'),
  });
  // Watched rather than a Controller: the checkboxes are the form's only controlled field.
  const [householdId, invitedTo] = form.watch(['householdId', 'invitedTo']);
  const invitedError = useFieldError({ form, name: 'invitedTo' });

  return dialog(
    {
      title: guest ? 'Edit Guest' : 'Add Guest',
      description: guest
        ? 'Change who they are, their meal and the events they are invited to.'
        : 'Add someone to the guest list. Invitations go to their household.',
      submitLabel: guest ? 'Save Changes' : 'Add Guest',
      pendingLabel: guest ? 'Saving...' : 'Adding...',
    },
    <>
      <FormInput form={form} name="name" label="Name" required autoComplete="off" maxLength={120} />
      <FieldColumns>
        <FormInput form={form} name="email" label="Email" kind="email" autoComplete="off" />
        <FormInput form={form} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={40} />
      </FieldColumns>
      <FieldColumns>
        <FormSelect
          form={form}
          name="householdId"
          label="Household"
          options={[
            { value: NEW_HOUSEHOLD, label: guest ? 'A new household' : 'A new household of their own' },
            ...households.map((h) => ({ value: h.id, label: h.name })),
          ]}
        />
        {householdId === NEW_HOUSEHOLD && !guest ? (
          <FormInput
            form={form}
            name="householdName"
            label="New household's name"
            placeholder="e.g. The Cohen family"
            hint="Blank: named after the guest."
            maxLength={120}
          />
        ) : null}
      </FieldColumns>
      <FieldColumns>
        <FormInput
          form={form}
          name="side"
          label="Side or group"
          placeholder="e.g. Bride's family"
          maxLength={80}
        />
        <FormInput
          form={form}
          name="tags"
          label="Tags"
          placeholder="e.g. shul, school"
          hint="Separate tags with commas."
        />
      </FieldColumns>
      <FieldColumns>
        <FormSelect
          form={form}
          name="meal"
          label="Meal"
          placeholder="Not chosen yet"
          options={MEALS.map((meal) => ({ value: meal, label: MEAL_LABELS[meal] }))}
        />
        <FormInput
          form={form}
          name="kashrutStandard"
          label="Kashrut standard"
          placeholder="e.g. Glatt, chalav Yisrael"
          hint="Only when it differs from the event's."
          maxLength={120}
        />
      </FieldColumns>
      <FormTextarea
        form={form}
        name="dietaryNote"
        label="Dietary note"
        rows={2}
        maxLength={500}
        placeholder="e.g. Gluten-free, nut allergy"
      />
      <EventChecks
        legend="Invited to"
        events={events}
        value={invitedTo}
        onChange={(value) => form.setValue('invitedTo', value, { shouldDirty: true })}
        disabled={form.pending}
        error={invitedError}
      />
    </>,
  );
}
