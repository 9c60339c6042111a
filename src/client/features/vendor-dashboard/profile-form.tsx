import {
  Alert,
  Box,
  Button,
  chakra,
  Field,
  Flex,
  Heading,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { dashboardValueOf } from '../../../shared/categories';
import { DASHBOARD_CATEGORIES, NEIGHBORHOODS } from '../../../shared/constants';
import { type VendorDto, vendorProfileUpdateInput } from '../../../shared/schemas/vendors';
import { FormEmailField, FormTextField } from '../../components/form-fields';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { serverFieldErrors, specificMessage } from './format';
import { GalleryEditor, SingleImageField } from './image-fields';

type ProfileValues = z.input<typeof vendorProfileUpdateInput>;
type ProfileOutput = z.output<typeof vendorProfileUpdateInput>;

/** The fields this form edits, in the order a server complaint is looked for. */
const EDITABLE = [
  'businessName',
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

const isEditable = (field: string): field is EditableField => (EDITABLE as readonly string[]).includes(field);

function valuesOf(vendor: VendorDto): ProfileValues {
  return {
    vendorId: vendor.id,
    version: vendor.version,
    businessName: vendor.businessName,
    category: dashboardValueOf(vendor.category),
    description: vendor.description ?? '',
    contactPhone: vendor.contactPhone ?? '',
    contactEmail: vendor.contactEmail,
    website: vendor.website ?? '',
    address: vendor.address ?? '',
    city: vendor.city ?? '',
    state: vendor.state ?? '',
    neighborhood: vendor.neighborhood ?? '',
    logoUrl: vendor.logoUrl,
    imageUrl: vendor.imageUrl,
    galleryImages: vendor.galleryImages,
  };
}

/** The gallery as the form holds it (the schema's input also allows blanks, which it never gets here). */
const onlyImages = (list: readonly (string | null | undefined)[] | undefined): string[] =>
  (list ?? []).filter((src): src is string => typeof src === 'string' && src !== '');

const FAILURE = { title: 'Update Failed', description: 'Failed to update your profile. Please try again.' };

/**
 * The vendor dashboard's listing form (spec section 5: checked against the vendor schema without
 * the server-owned fields). Only the fields the vendor changed are sent, with the version the form
 * was filled from, so a save never overwrites someone else's newer change unseen.
 */
export function ProfileForm({ vendor }: { vendor: VendorDto }) {
  const utils = trpc.useUtils();
  const update = trpc.vendors.updateMyProfile.useMutation();
  const neighborhoodsId = useId();
  const [stale, setStale] = useState<VendorDto | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [uploads, setUploads] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, dirtyFields, isDirty, defaultValues },
  } = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: zodResolver(vendorProfileUpdateInput),
    defaultValues: valuesOf(vendor),
  });
  const pending = update.isPending;
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

  const submit = handleSubmit((values) => {
    setFormProblem(null);
    const changes: Partial<ProfileOutput> = {};
    for (const field of EDITABLE) {
      if (changed(field, values)) Object.assign(changes, { [field]: values[field] });
    }
    if (Object.keys(changes).length === 0) {
      toast.info('No changes to save');
      return;
    }
    update.mutate(
      { ...changes, vendorId: vendor.id, version: values.version },
      {
        onSuccess: (updated) => {
          adopt(updated);
          void utils.vendors.mine.invalidate();
          void utils.vendors.byId.invalidate({ id: updated.id });
          toast.success('Profile Updated', 'Your listing shows the new details.');
        },
        onError: (error) => {
          const current = staleCurrent<VendorDto>(error);
          if (current) {
            setStale(current);
          } else {
            const fields = serverFieldErrors(error).filter((f) => isEditable(f.field));
            for (const { field, message } of fields) {
              if (isEditable(field)) setError(field, { message }, { shouldFocus: true });
            }
            if (fields.length === 0) setFormProblem(specificMessage(error));
          }
          toast.error(FAILURE.title, FAILURE.description);
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
      aria-label="Listing profile"
      data-testid="listing-profile-form"
    >
      <Stack gap="6">
        {stale ? <StaleWriteAlert onReload={() => adopt(stale)} /> : null}
        {formProblem ? (
          <Alert.Root status="error" rounded="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{formProblem}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Section title="Business details">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <FormTextField
              label="Business name"
              required
              disabled={pending}
              error={errors.businessName?.message}
              maxLength={200}
              autoComplete="organization"
              {...register('businessName')}
            />
            <Field.Root required invalid={Boolean(errors.category)} disabled={pending}>
              <Field.Label>
                Category <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field data-testid="profile-category" {...register('category')}>
                  {DASHBOARD_CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.category ? <Field.ErrorText>{errors.category.message}</Field.ErrorText> : null}
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={Boolean(errors.description)} disabled={pending}>
            <Field.Label>Description</Field.Label>
            <Textarea
              rows={5}
              maxLength={5000}
              placeholder="What you offer, your style, the celebrations you love to work"
              {...register('description')}
            />
            {errors.description ? (
              <Field.ErrorText>{errors.description.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>Shown under About on your public profile.</Field.HelperText>
            )}
          </Field.Root>
        </Section>

        <Section title="Contact">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
            <FormTextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              disabled={pending}
              error={errors.contactPhone?.message}
              maxLength={40}
              {...register('contactPhone')}
            />
            <FormEmailField
              label="Contact email"
              required
              disabled={pending}
              error={errors.contactEmail?.message}
              {...register('contactEmail')}
            />
            <FormTextField
              label="Website"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              disabled={pending}
              error={errors.website?.message}
              maxLength={500}
              {...register('website')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Location">
          <FormTextField
            label="Address"
            autoComplete="street-address"
            disabled={pending}
            error={errors.address?.message}
            maxLength={300}
            {...register('address')}
          />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="5">
            <FormTextField
              label="City"
              autoComplete="address-level2"
              disabled={pending}
              error={errors.city?.message}
              maxLength={100}
              {...register('city')}
            />
            <FormTextField
              label="State"
              autoComplete="address-level1"
              disabled={pending}
              error={errors.state?.message}
              maxLength={100}
              {...register('state')}
            />
            <FormTextField
              label="Neighborhood"
              list={neighborhoodsId}
              disabled={pending}
              error={errors.neighborhood?.message}
              maxLength={100}
              {...register('neighborhood')}
            />
          </SimpleGrid>
          <datalist id={neighborhoodsId}>
            {NEIGHBORHOODS.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </Section>

        <Section title="Images" description="JPG, PNG, GIF or WebP, smaller than 5MB each.">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <SingleImageField
              label="Logo"
              url={logoUrl}
              sizes="(min-width: 30em) 20rem, 100vw"
              previewHeight="8rem"
              disabled={busy}
              error={errors.logoUrl?.message}
              testId="logo"
              onChange={setImage('logoUrl')}
              onBusy={onBusy}
            />
            <SingleImageField
              label="Cover image"
              url={imageUrl}
              sizes="(min-width: 30em) 20rem, 100vw"
              previewHeight="8rem"
              disabled={busy}
              error={errors.imageUrl?.message}
              testId="cover"
              onChange={setImage('imageUrl')}
              onBusy={onBusy}
            />
          </SimpleGrid>
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
          bg="bg"
          p="3"
          borderWidth="1px"
          borderColor="border"
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
              You have unsaved changes.
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
            Discard changes
          </Button>
          <Button
            type="submit"
            loading={pending}
            loadingText="Saving..."
            disabled={uploads > 0}
            data-testid="profile-save"
          >
            Save Changes
          </Button>
        </Flex>
      </Stack>
    </chakra.form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      p={{ base: '4', md: '6' }}
    >
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
    </Box>
  );
}
