import { Badge, Box, Button, defineStyle, Flex, Grid, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import type { FormEvent } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { UserDto } from '../../../shared/schemas/auth';
import { CardHeading } from '../../components/card-heading';
import { FormInput } from '../../components/form-fields';
import { AccountPasswordInput } from '../../components/new-password-fields';
import type { ZodForm } from '../../lib/use-zod-form';
import { ProfileCard } from './profile-card';
import { emailNeedsPassword, type ProfileDraft } from './use-profile';

const ROLE_LABEL = { customer: 'Customer', vendor: 'Vendor', admin: 'Administrator' } as const;

export type DraftField = 'name' | 'email' | 'currentPassword' | 'phone' | 'familyLabel';

interface PersonalInfoCardProps {
  user: UserDto;
  /** The form while editing; null shows the saved values. */
  form: ZodForm<ProfileDraft, unknown> | null;
  /** The field to focus when the form opens (e.g. the family label from the Family Circle card). */
  focusField: DraftField;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
}

/** A detail and its value: one above the other on a phone, side by side from md, ruled off from the row above. */
const DETAIL_ROW = defineStyle({
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: '10rem minmax(0, 1fr)' },
  gap: { base: '0.5', md: '4' },
  py: '3',
  layerStyle: 'dividedRow',
});

/** Name, email, phone and family label: read-only until Edit, then a form with Save and Cancel. */
export function PersonalInfoCard({
  user,
  form,
  focusField,
  onEdit,
  onCancel,
  onSave,
}: PersonalInfoCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form?.pending) onSave();
  };
  const email = form?.watch('email');
  const emailChanged = email !== undefined && emailNeedsPassword(user, { email });
  const saving = form?.pending ?? false;
  const rows = [
    { label: 'Full name', value: user.name },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phone ?? 'Not added' },
    { label: 'Family label', value: user.familyLabel ?? 'Not set' },
  ];

  return (
    <ProfileCard headingId="personal-heading">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <CardHeading id="personal-heading" gap="3">
          Personal information
          <Badge variant="subtle" rounded="full">
            {ROLE_LABEL[user.role]}
          </Badge>
        </CardHeading>
        {form ? null : (
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Icon boxSize="4">
              <Pencil />
            </Icon>
            Edit
          </Button>
        )}
      </Flex>

      {form ? (
        <form onSubmit={submit} noValidate aria-busy={saving} aria-label="Edit personal information">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" mt="6">
            <FormInput
              form={form}
              name="name"
              label="Full name"
              required
              autoComplete="name"
              maxLength={LIMITS.nameMax}
              autoFocus={focusField === 'name'}
            />
            <FormInput form={form} name="email" kind="email" label="Email" required />
            {emailChanged ? (
              <AccountPasswordInput
                form={form}
                name="currentPassword"
                label="Current password"
                hint="To change your email, confirm it is you."
                rootProps={{ gridColumn: { md: '1 / -1' }, maxW: { md: 'calc(50% - 0.625rem)' } }}
                autoComplete="current-password"
              />
            ) : null}
            <FormInput
              form={form}
              name="phone"
              label="Phone"
              hint="Optional."
              type="tel"
              autoComplete="tel"
              maxLength={LIMITS.phoneMax}
            />
            <FormInput
              form={form}
              name="familyLabel"
              label="Family label"
              hint="Everyone with exactly the same label shares a family circle. Leave it empty to leave your circle."
              autoComplete="off"
              placeholder="e.g. The Cohen Family"
              maxLength={LIMITS.familyLabelMax}
              autoFocus={focusField === 'familyLabel'}
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
            <Grid key={row.label} css={DETAIL_ROW}>
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
    </ProfileCard>
  );
}
