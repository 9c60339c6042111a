import { Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';
import { dashboardValueOf } from '../../../shared/categories';
import { DASHBOARD_CATEGORIES } from '../../../shared/constants';
import { NEIGHBORHOODS } from '../../../shared/preset-places';
import { type VendorDto, vendorProfileUpdateInput } from '../../../shared/schemas/vendors';
import {
  BusinessAddressInput,
  BusinessNameInput,
  BusinessPhoneInput,
  BusinessWebsiteInput,
  HebrewBusinessNameInput,
  listingDetailsOf,
} from '../../components/business-fields';
import { ErrorAlert } from '../../components/error-alert';
import { FieldColumns } from '../../components/field-columns';
import { FormInput } from '../../components/form-fields';
import { ListingCategorySelect, ListingDescriptionInput } from '../../components/listing-fields';
import { Panel } from '../../components/panel';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { specificMessage } from './format';
import { GalleryEditor, SingleImageField } from './image-fields';

type ProfileValues = z.input<typeof vendorProfileUpdateInput>;
type ProfileOutput = z.output<typeof vendorProfileUpdateInput>;

/** The fields this form edits: only those changed are sent. */
const EDITABLE = [
  'businessName',
  'nameHe',
  'category',
  'description',
  'contactPhone',
  'contactEmail',
  'website',
  'address',
  'city',
  'state',
  'neighborhood',
  'logoUrl',
  'imageUrl',
  'galleryImages',
] as const satisfies readonly (keyof ProfileValues)[];
type EditableField = (typeof EDITABLE)[number];

function valuesOf(vendor: VendorDto): ProfileValues {
  return {
    vendorId: vendor.id,
    version: vendor.version,
    businessName: vendor.businessName,
    category: dashboardValueOf(vendor.category),
    ...listingDetailsOf(vendor),
    galleryImages: vendor.galleryImages,
  };
}

/** The gallery as the form holds it (the schema's input also allows blanks, which it never gets here). */
const onlyImages = (list: readonly (string | null | undefined)[] | undefined): string[] =>
  (list ?? []).filter((src): src is string => typeof src === 'string' && src !== '');

/** The listing's two single pictures, in the order they are shown. */
const SINGLE_IMAGES = [
  { field: 'logoUrl', label: 'vendorDashboard.form.logo', testId: 'logo' },
  { field: 'imageUrl', label: 'vendorDashboard.form.cover', testId: 'cover' },
] as const satisfies readonly { field: string; label: MessageId; testId: string }[];

/**
 * The vendor dashboard's listing form (spec section 5: checked against the vendor schema without
 * the server-owned fields). Only the fields the vendor changed are sent, with the version the form
 * was filled from, so a save never overwrites someone else's newer change unseen.
 */
export function ProfileForm({ vendor }: { vendor: VendorDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  const update = trpc.vendors.updateMyProfile.useMutation();
  const neighborhoodsId = useId();
  const [stale, setStale] = useState<VendorDto | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const pending = update.isPending;
  const form = useZodForm(vendorProfileUpdateInput, { defaultValues: valuesOf(vendor), pending });
  const { setValue, getValues, watch, reset } = form;
  const { errors, dirtyFields, isDirty, defaultValues } = form.formState;
  const busy = pending || uploads > 0;
  const onBusy = (on: boolean) => setUploads((n) => Math.max(0, n + (on ? 1 : -1)));

  const logoUrl = watch('logoUrl');
  const imageUrl = watch('imageUrl');
  const gallery = onlyImages(watch('galleryImages'));
  const businessName = watch('businessName') || vendor.businessName;

  const changed = (field: EditableField, values: ProfileOutput) => {
    if (field === 'galleryImages') {
      return (
        JSON.stringify(values.galleryImages ?? []) !== JSON.stringify(defaultValues?.galleryImages ?? [])
      );
    }
    return Boolean(dirtyFields[field]);
  };

  const adopt = (row: VendorDto) => {
    utils.vendors.myProfile.setData({ vendorId: row.id }, row);
    reset(valuesOf(row));
    setStale(null);
    setFormProblem(null);
  };

  const submit = form.handleSubmit((values) => {
    setFormProblem(null);
    const changes: Partial<ProfileOutput> = {};
    for (const field of EDITABLE) {
      if (changed(field, values)) Object.assign(changes, { [field]: values[field] });
    }
    if (Object.keys(changes).length === 0) {
      toast.info(t('vendorDashboard.form.noChanges'));
      return;
    }
    update.mutate(
      { ...changes, vendorId: vendor.id, version: values.version },
      {
        onSuccess: (updated) => {
          adopt(updated);
          // The picker's entry takes its fields from the answer instead of reading every listing again.
          utils.vendors.mine.setData(undefined, (listings) =>
            listings?.map((listing) =>
              listing.id === updated.id
                ? {
                    ...listing,
                    businessName: updated.businessName,
                    category: updated.category,
                    verified: updated.verified,
                    claimed: updated.claimed,
                  }
                : listing,
            ),
          );
          void utils.vendors.byId.invalidate({ id: updated.id });
          toast.success(t('vendorDashboard.form.updated'), t('vendorDashboard.form.updatedDescription'));
        },
        onError: (error) => {
          const current = staleCurrent<VendorDto>(error);
          if (current) {
            setStale(current);
          } else if (!form.applyServerErrors(error)) {
            setFormProblem(specificMessage(error));
          }
          toast.error(t('vendorDashboard.form.failedTitle'), t('vendorDashboard.form.failedDescription'));
        },
      },
    );
  });

  const setImage = (field: 'logoUrl' | 'imageUrl') => (url: string | null) =>
    setValue(field, url, { shouldDirty: true, shouldValidate: true });

  return (
    <chakra.form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-busy={pending}
      aria-label={t('vendorDashboard.form.label')}
      data-testid="listing-profile-form"
    >
      <Stack gap="6">
        {stale ? <StaleWriteAlert onReload={() => adopt(stale)} /> : null}
        {formProblem ? <ErrorAlert>{formProblem}</ErrorAlert> : null}

        <Section title={t('vendorDashboard.form.details')}>
          <FieldColumns from="md">
            <BusinessNameInput form={form} name="businessName" />
            <ListingCategorySelect
              form={form}
              name="category"
              options={DASHBOARD_CATEGORIES.map((c) => ({
                value: c.value,
                label: term(t, 'dashboardCategory', c.value),
              }))}
              data-testid="profile-category"
            />
          </FieldColumns>
          <HebrewBusinessNameInput form={form} name="nameHe" />
          <ListingDescriptionInput
            form={form}
            name="description"
            rows={5}
            placeholder={t('vendorDashboard.form.descriptionPlaceholder')}
            hint={t('vendorDashboard.form.descriptionHint')}
          />
        </Section>

        <Section title={t('vendorDashboard.form.contact')}>
          <FieldColumns columns={3} from="md">
            <BusinessPhoneInput form={form} name="contactPhone" />
            <FormInput
              form={form}
              name="contactEmail"
              kind="email"
              label={t('vendorDashboard.form.email')}
              required
            />
            <BusinessWebsiteInput form={form} name="website" />
          </FieldColumns>
        </Section>

        <Section title={t('vendorDashboard.form.location')}>
          <BusinessAddressInput form={form} name="address" />
          <FieldColumns columns={3}>
            <FormInput
              form={form}
              name="city"
              label={t('vendorDashboard.form.city')}
              autoComplete="address-level2"
              maxLength={100}
            />
            <FormInput
              form={form}
              name="state"
              label={t('vendorDashboard.form.state')}
              autoComplete="address-level1"
              maxLength={100}
            />
            <FormInput
              form={form}
              name="neighborhood"
              label={t('vendorDashboard.form.neighborhood')}
              list={neighborhoodsId}
              maxLength={100}
            />
          </FieldColumns>
          <datalist id={neighborhoodsId}>
            {NEIGHBORHOODS.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </Section>

        <Section title={t('vendorDashboard.form.images')} description={t('vendorDashboard.form.imagesHint')}>
          <FieldColumns>
            {SINGLE_IMAGES.map(({ field, label, testId }) => (
              <SingleImageField
                key={field}
                label={t(label)}
                url={field === 'logoUrl' ? logoUrl : imageUrl}
                sizes="(min-width: 30em) 20rem, 100vw"
                previewHeight="8rem"
                disabled={busy}
                error={errors[field]?.message}
                testId={testId}
                onChange={setImage(field)}
                onBusy={onBusy}
              />
            ))}
          </FieldColumns>
          <GalleryEditor
            images={gallery}
            update={(change) =>
              setValue('galleryImages', change(onlyImages(getValues('galleryImages'))), {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
            businessName={businessName}
            disabled={busy}
            error={errors.galleryImages?.message ?? errors.galleryImages?.root?.message}
            onBusy={onBusy}
          />
        </Section>

        <Flex
          justify="flex-end"
          align="center"
          gap="3"
          // Kept in view while there is something to save; above the phone's bottom navigation bar,
          // which shows below the lg breakpoint.
          position={isDirty ? 'sticky' : 'static'}
          bottom={{ base: 'calc(4rem + env(safe-area-inset-bottom))', lg: '0' }}
          layerStyle="panel"
          p="3"
          rounded="xl"
          shadow={isDirty ? 'md' : undefined}
          zIndex="docked"
          css={{ '& > button': { flex: { base: '1', sm: 'none' } } }}
        >
          {isDirty ? (
            <Text
              fontSize="sm"
              color="fg.muted"
              me="auto"
              display={{ base: 'none', sm: 'block' }}
              aria-live="polite"
            >
              {t('vendorDashboard.form.unsaved')}
            </Text>
          ) : null}
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || busy}
            onClick={() => {
              reset();
              setFormProblem(null);
            }}
          >
            {t('vendorDashboard.form.discard')}
          </Button>
          <Button
            type="submit"
            loading={pending}
            loadingText={t('common.state.saving')}
            disabled={uploads > 0}
            data-testid="profile-save"
          >
            {t('vendorDashboard.form.save')}
          </Button>
        </Flex>
      </Stack>
    </chakra.form>
  );
}

interface SectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

function Section({ title, description, children }: SectionProps) {
  const id = useId();
  return (
    <Panel as="section" aria-labelledby={id} p={{ base: '4', md: '6' }}>
      <Heading id={id} as="h2" fontSize="lg" color="brand.950">
        {title}
      </Heading>
      {description ? (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {description}
        </Text>
      ) : null}
      <Stack gap="5" mt="4">
        {children}
      </Stack>
    </Panel>
  );
}
