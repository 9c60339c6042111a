import { Badge, Box, Button, Flex, Grid, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { UserDto } from '../../../shared/schemas/auth';
import { FormEmailField, FormPasswordField, FormTextField } from '../../components/form-fields';
import { cardStyle } from './profile-styles';
import { emailNeedsPassword, type ProfileDraft } from './use-profile';

const ROLE_LABEL = { customer: 'Customer', vendor: 'Vendor', admin: 'Administrator' } as const;

export type DraftField = 'name' | 'email' | 'currentPassword' | 'phone' | 'familyLabel';
export type FieldErrors = Partial<Record<DraftField, string>>;

interface PersonalInfoCardProps {
  user: UserDto;
  /** The form's values while editing; null shows the saved values. */
  draft: ProfileDraft | null;
  errors: FieldErrors;
  saving: boolean;
  /** The field to focus when the form opens (e.g. the family label from the Family Circle card). */
  focusField: DraftField;
  onEdit: () => void;
  onChange: (field: DraftField, value: string) => void;
  onCancel: () => void;
  onSave: () => void;
}

/** Name, email, phone and family label: read-only until Edit, then a form with Save and Cancel. */
export function PersonalInfoCard({
  user,
  draft,
  errors,
  saving,
  focusField,
  onEdit,
  onChange,
  onCancel,
  onSave,
}: PersonalInfoCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };
  const formRef = useRef<HTMLFormElement>(null);
  const shownErrors = useRef<FieldErrors>({});
  const focusPending = useRef(false);
  // When a save is refused, the first field with a message gets the focus (once the fields are
  // enabled again), so it is read out and fixed; clearing one message while typing leaves it alone.
  useEffect(() => {
    const fresh = Object.entries(errors).some(
      ([field, message]) => message && !shownErrors.current[field as DraftField],
    );
    shownErrors.current = errors;
    if (fresh) focusPending.current = true;
    if (focusPending.current && !saving) {
      focusPending.current = false;
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors, saving]);
  const emailChanged = draft !== null && emailNeedsPassword(user, draft);
  const rows = [
    { label: 'Full name', value: user.name },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phone ?? 'Not added' },
    { label: 'Family label', value: user.familyLabel ?? 'Not set' },
  ];

  return (
    <Box {...cardStyle} p={{ base: '5', md: '8' }} as="section" aria-labelledby="personal-heading">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading
          id="personal-heading"
          as="h2"
          fontSize="lg"
          color="brand.950"
          display="flex"
          alignItems="center"
          gap="3"
        >
          Personal information
          <Badge variant="subtle" rounded="full">
            {ROLE_LABEL[user.role]}
          </Badge>
        </Heading>
        {draft ? null : (
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Icon boxSize="4">
              <Pencil />
            </Icon>
            Edit
          </Button>
        )}
      </Flex>

      {draft ? (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-busy={saving}
          aria-label="Edit personal information"
        >
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" mt="6">
            <FormTextField
              label="Full name"
              required
              disabled={saving}
              error={errors.name}
              name="name"
              autoComplete="name"
              value={draft.name}
              maxLength={LIMITS.nameMax}
              autoFocus={focusField === 'name'}
              onChange={(e) => onChange('name', e.target.value)}
            />
            <FormEmailField
              label="Email"
              required
              disabled={saving}
              error={errors.email}
              name="email"
              value={draft.email}
              onChange={(e) => onChange('email', e.target.value)}
            />
            {emailChanged ? (
              <FormPasswordField
                label="Current password"
                required
                disabled={saving}
                error={errors.currentPassword}
                hint="To change your email, confirm it is you."
                rootProps={{ gridColumn: { md: '1 / -1' }, maxW: { md: 'calc(50% - 0.625rem)' } }}
                name="currentPassword"
                autoComplete="current-password"
                value={draft.currentPassword}
                maxLength={LIMITS.passwordMax}
                onChange={(e) => onChange('currentPassword', e.target.value)}
              />
            ) : null}
            <FormTextField
              label="Phone"
              disabled={saving}
              error={errors.phone}
              hint="Optional."
              name="phone"
              type="tel"
              autoComplete="tel"
              value={draft.phone}
              maxLength={LIMITS.phoneMax}
              onChange={(e) => onChange('phone', e.target.value)}
            />
            <FormTextField
              label="Family label"
              disabled={saving}
              error={errors.familyLabel}
              hint="Everyone with exactly the same label shares a family circle. Leave it empty to leave your circle."
              name="familyLabel"
              autoComplete="off"
              placeholder="e.g. The Cohen Family"
              value={draft.familyLabel}
              maxLength={LIMITS.familyLabelMax}
              autoFocus={focusField === 'familyLabel'}
              onChange={(e) => onChange('familyLabel', e.target.value)}
            />
          </SimpleGrid>
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" mt="6">
            <Button variant="outline" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} loadingText="Saving...">
              Save
            </Button>
          </Stack>
        </form>
      ) : (
        <Box as="dl" mt="6" data-testid="personal-info">
          {rows.map((row) => (
            <Grid
              key={row.label}
              templateColumns={{ base: 'minmax(0, 1fr)', md: '10rem minmax(0, 1fr)' }}
              gap={{ base: '0.5', md: '4' }}
              py="3"
              borderTopWidth="1px"
              borderColor="border.muted"
              _first={{ borderTopWidth: '0', pt: '0' }}
            >
              <Text as="dt" color="fg.muted" fontSize="sm" pt={{ md: '0.5' }}>
                {row.label}
              </Text>
              <Text as="dd" fontWeight="medium" overflowWrap="anywhere">
                {row.value}
              </Text>
            </Grid>
          ))}
        </Box>
      )}
    </Box>
  );
}
