import { Badge, Box, Button, defineStyle, Flex, Grid, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import type { FormEvent } from 'react';
import { LIMITS } from '../../../shared/constants';
import type { UserDto } from '../../../shared/schemas/auth';
import { CardHeading } from '../../components/card-heading';
import { FormInput } from '../../components/form-fields';
import { AccountPasswordInput } from '../../components/new-password-fields';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import type { ZodForm } from '../../lib/use-zod-form';
import { ProfileCard } from './profile-card';
import { emailNeedsPassword, type ProfileDraft } from './use-profile';

const ROLE_LABEL: Record<UserDto['role'], MessageId> = {
  customer: 'profile.personal.role.customer',
  vendor: 'profile.personal.role.vendor',
  admin: 'profile.personal.role.admin',
};

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
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form?.pending) onSave();
  };
  const email = form?.watch('email');
  const emailChanged = email !== undefined && emailNeedsPassword(user, { email });
  const saving = form?.pending ?? false;
  // The person's own words are isolated (names, the address, the number); "Not added" is ours.
  const rows = [
    { label: t('profile.personal.name'), value: <bdi>{user.name}</bdi> },
    // An address reads as one word: too long for its line, it ends in an ellipsis (the whole of it in
    // the title and in the form), never broken over two lines.
    { label: t('profile.personal.email'), value: <bdi>{user.email}</bdi>, whole: user.email },
    {
      label: t('profile.personal.phone'),
      value: user.phone ? <bdi>{user.phone}</bdi> : t('profile.personal.notAdded'),
    },
    {
      label: t('profile.personal.familyLabel'),
      value: user.familyLabel ? <bdi>{user.familyLabel}</bdi> : t('profile.personal.notSet'),
    },
  ];

  return (
    <ProfileCard headingId="personal-heading">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <CardHeading id="personal-heading" gap="3">
          {t('profile.personal.title')}
          <Badge variant="subtle" rounded="full">
            {t(ROLE_LABEL[user.role])}
          </Badge>
        </CardHeading>
        {form ? null : (
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Icon boxSize="4">
              <Pencil />
            </Icon>
            {t('profile.personal.edit')}
          </Button>
        )}
      </Flex>

      {form ? (
        <form onSubmit={submit} noValidate aria-busy={saving} aria-label={t('profile.personal.formLabel')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" mt="6">
            <FormInput
              form={form}
              name="name"
              label={t('profile.personal.name')}
              required
              autoComplete="name"
              maxLength={LIMITS.nameMax}
              autoFocus={focusField === 'name'}
            />
            <FormInput form={form} name="email" kind="email" label={t('profile.personal.email')} required />
            {emailChanged ? (
              <AccountPasswordInput
                form={form}
                name="currentPassword"
                label={t('profile.personal.currentPassword')}
                hint={t('profile.personal.currentPasswordHint')}
                rootProps={{ gridColumn: { md: '1 / -1' }, maxW: { md: 'calc(50% - 0.625rem)' } }}
                autoComplete="current-password"
              />
            ) : null}
            <FormInput
              form={form}
              name="phone"
              label={t('profile.personal.phone')}
              hint={t('profile.personal.optional')}
              type="tel"
              autoComplete="tel"
              maxLength={LIMITS.phoneMax}
            />
            <FormInput
              form={form}
              name="familyLabel"
              label={t('profile.personal.familyLabel')}
              hint={t('profile.personal.familyLabelHint')}
              autoComplete="off"
              placeholder={t('profile.personal.familyLabelPlaceholder')}
              maxLength={LIMITS.familyLabelMax}
              autoFocus={focusField === 'familyLabel'}
            />
          </SimpleGrid>
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3" mt="6">
            <Button variant="outline" onClick={onCancel} disabled={saving}>
              {t('profile.personal.cancel')}
            </Button>
            <Button type="submit" loading={saving} loadingText={t('profile.personal.saving')}>
              {t('profile.personal.save')}
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
              {'whole' in row ? (
                <Text as="dd" fontWeight="medium" truncate title={row.whole}>
                  {row.value}
                </Text>
              ) : (
                <Text as="dd" fontWeight="medium" overflowWrap="anywhere">
                  {row.value}
                </Text>
              )}
            </Grid>
          ))}
        </Box>
      )}
    </ProfileCard>
  );
}
