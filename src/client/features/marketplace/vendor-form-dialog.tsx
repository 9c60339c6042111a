import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { z } from 'zod';
import { PROFILE_FORM_CATEGORIES } from '../../../shared/constants';
import { NEIGHBORHOODS } from '../../../shared/preset-places';
import { VENDOR_MESSAGES, type VendorDto, vendorCreateInput } from '../../../shared/schemas/vendors';
import {
  BusinessNameInput,
  BusinessPhoneInput,
  BusinessWebsiteInput,
  HebrewBusinessNameInput,
  listingDetailsOf,
} from '../../components/business-fields';
import { categoryName } from '../../components/category-name';
import { useEditDialog } from '../../components/edit-dialog';
import { FieldColumns } from '../../components/field-columns';
import { FileField } from '../../components/file-field';
import { FormInput, FormSelect } from '../../components/form-fields';
import { ListingCategorySelect, ListingDescriptionInput } from '../../components/listing-fields';
import { UploadButton } from '../../components/upload-button';
import { UploadedImage } from '../../components/uploaded-image';
import type { MessageId } from '../../i18n/catalogue';
import { useMessageText, useT } from '../../i18n/use-t';
import { useIdempotentCreate } from '../../lib/idempotency';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DIALOG_IMAGE_SIZES, uploadImageWithToasts } from '../../lib/upload-image';
import { thenWire } from '../../lib/use-zod-form';
import { useRefreshVendorLists } from './use-marketplace';

/**
 * The marketplace's vendor profile form: its boxes as strings, checked by the create procedure's own
 * schema (business name, category and contact email required, spec section 5). An edit is checked
 * the same way and then sends only what changed.
 */
const vendorForm = z
  .object({
    businessName: z.string(),
    nameHe: z.string(),
    category: z.string(),
    description: z.string(),
    contactPhone: z.string(),
    contactEmail: z.string(),
    website: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    neighborhood: z.string(),
    logoUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
  })
  .transform(thenWire(vendorCreateInput));
type Values = z.input<typeof vendorForm>;
type Field = keyof Values;

const EMPTY: Values = {
  businessName: '',
  nameHe: '',
  category: '',
  description: '',
  contactPhone: '',
  contactEmail: '',
  website: '',
  address: '',
  city: '',
  state: '',
  neighborhood: '',
  logoUrl: null,
  imageUrl: null,
};

function valuesOf(vendor: VendorDto | null): Values {
  if (!vendor) return EMPTY;
  return { businessName: vendor.businessName, category: vendor.category, ...listingDetailsOf(vendor) };
}

/**
 * The spec's seven categories, plus the listing's own when it is none of them ('Beauty & Makeup',
 * set from the vendor dashboard), so that saving an edit keeps it.
 */
function categoryOptions(current: string | undefined): readonly string[] {
  if (!current || (PROFILE_FORM_CATEGORIES as readonly string[]).includes(current)) {
    return PROFILE_FORM_CATEGORIES;
  }
  return [...PROFILE_FORM_CATEGORIES, current];
}

const IMAGE_FIELDS = [
  { key: 'logoUrl', label: 'vendorForm.logo' },
  { key: 'imageUrl', label: 'vendorForm.cover' },
] as const satisfies readonly { key: string; label: MessageId }[];

interface VendorFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The listing to edit (its owner or an admin); without it the dialog creates one. */
  vendor?: VendorDto | null;
}

/**
 * Create a vendor profile from the marketplace (spec sections 3 and 5; any signed-in user), or edit
 * one: only the changed fields are sent, with the version the dialog was filled from.
 */
export function VendorFormDialog({ open, onClose, vendor = null }: VendorFormDialogProps) {
  const t = useT();
  const messageText = useMessageText();
  const create = useIdempotentCreate(trpc.vendors.create.useMutation());
  const update = trpc.vendors.update.useMutation();
  const utils = trpc.useUtils();
  const refreshLists = useRefreshVendorLists();
  const [uploading, setUploading] = useState<'logoUrl' | 'imageUrl' | null>(null);
  const { user } = useCurrentUser();
  const { form, base, fill, dialog } = useEditDialog({
    item: vendor,
    open,
    onClose,
    schema: vendorForm,
    pending: create.isPending || update.isPending,
    valuesOf,
    // Each opening for an edit starts from the listing as it is now; one to create keeps its draft.
    keepDraft: true,
    create: (parsed, done) =>
      create.mutate(parsed, {
        ...done,
        onSuccess: () => {
          done.onSuccess();
          void refreshLists();
          // Creating a listing makes a customer account a vendor account: the navigation follows the role.
          void utils.auth.session.invalidate();
          void utils.vendors.mine.invalidate();
        },
      }),
    update: (from, parsed, done) => {
      // Only what changed is sent.
      const before = valuesOf(from);
      const now = form.getValues();
      const changed = (Object.keys(now) as Field[]).filter((key) => now[key] !== before[key]);
      if (changed.length === 0) return false;
      const changes = Object.fromEntries(changed.map((key) => [key, parsed[key]]));
      update.mutate(
        { id: from.id, version: from.version, ...changes },
        {
          ...done,
          onSuccess: (updated) => {
            // The edit's answer has no responsiveness (profile pages only): the page keeps what it showed.
            utils.vendors.byId.setData({ id: updated.id }, (old) => ({
              ...updated,
              responsiveness: old?.responsiveness ?? null,
            }));
            fill(updated);
            done.onSuccess();
            void refreshLists();
          },
        },
      );
      return true;
    },
    onInvalid: (errors) => {
      if (errors.businessName || errors.category || errors.contactEmail)
        toast.error(messageText(VENDOR_MESSAGES.required));
    },
    toasts: {
      created: t('vendorForm.toast.created'),
      updated: t('vendorForm.toast.updated'),
      createFailed: t('vendorForm.toast.createFailed'),
      updateFailed: t('vendorForm.toast.updateFailed'),
    },
  });
  const { setValue, watch } = form;
  const pending = form.pending;
  const editing = vendor !== null;
  const categories = categoryOptions(base?.category);
  const [logoUrl, imageUrl, neighborhood] = watch(['logoUrl', 'imageUrl', 'neighborhood']);

  const upload = async (key: 'logoUrl' | 'imageUrl', file: File) => {
    setUploading(key);
    const url = await uploadImageWithToasts(file);
    setUploading(null);
    if (url) setValue(key, url, { shouldDirty: true });
  };

  return dialog(
    {
      title: editing ? t('vendorForm.editTitle') : t('vendorForm.createTitle'),
      description: editing
        ? t('vendorForm.editDescription')
        : user?.role === 'customer'
          ? t('vendorForm.createDescriptionCustomer')
          : t('vendorForm.createDescription'),
      submitLabel: editing ? t('vendorForm.save') : t('vendorForm.create'),
      pendingLabel: editing ? t('vendorForm.saving') : t('vendorForm.creating'),
      submitDisabled: uploading !== null,
    },
    <>
      <BusinessNameInput form={form} name="businessName" placeholder={t('vendorForm.namePlaceholder')} />
      <HebrewBusinessNameInput form={form} name="nameHe" />
      <FieldColumns>
        <ListingCategorySelect
          form={form}
          name="category"
          placeholder={t('vendorForm.selectCategory')}
          options={categories.map((c) => ({ value: c, label: categoryName(t, c) }))}
        />
        <FormInput form={form} name="contactEmail" kind="email" label={t('vendorForm.email')} required />
      </FieldColumns>
      <ListingDescriptionInput
        form={form}
        name="description"
        rows={3}
        placeholder={t('vendorForm.descriptionPlaceholder')}
      />
      <FieldColumns>
        <BusinessPhoneInput form={form} name="contactPhone" />
        <BusinessWebsiteInput form={form} name="website" />
      </FieldColumns>
      <FormInput form={form} name="address" label={t('vendorForm.address')} maxLength={300} />
      <FieldColumns columns={3}>
        <FormInput form={form} name="city" label={t('vendorForm.city')} maxLength={100} />
        <FormInput form={form} name="state" label={t('vendorForm.state')} maxLength={100} />
        <FormSelect
          form={form}
          name="neighborhood"
          label={t('vendorForm.neighborhood')}
          placeholder={t('vendorForm.none')}
          options={neighborhoodOptions(neighborhood)}
        />
      </FieldColumns>
      <FieldColumns>
        {IMAGE_FIELDS.map(({ key, label }) => (
          <ImageField
            key={key}
            label={t(label)}
            url={key === 'logoUrl' ? logoUrl : imageUrl}
            uploading={uploading === key}
            disabled={pending || uploading !== null}
            onFile={(file) => void upload(key, file)}
            onRemove={() => setValue(key, null, { shouldDirty: true })}
          />
        ))}
      </FieldColumns>
      <Text fontSize="xs" color="fg.muted" mt="-2">
        {t('vendorForm.imagesHint')}
      </Text>
    </>,
  );
}

/** The listed neighborhoods, plus a listing's own when it is another one, so an edit keeps it. */
function neighborhoodOptions(current: string): readonly string[] {
  return !current || (NEIGHBORHOODS as readonly string[]).includes(current)
    ? NEIGHBORHOODS
    : [...NEIGHBORHOODS, current];
}

interface ImageFieldProps {
  label: string;
  url: string | null;
  uploading: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}

function ImageField({ label, url, uploading, disabled, onFile, onRemove }: ImageFieldProps) {
  const t = useT();
  return (
    <FileField
      label={label}
      accept="image/*"
      onFiles={([file]) => {
        if (file) onFile(file);
      }}
    >
      {(choose) => (
        <>
          {url ? (
            <Box rounded="lg" overflow="hidden" borderWidth="1px" borderColor="border" mb="2">
              <UploadedImage
                src={url}
                sizes={DIALOG_IMAGE_SIZES}
                alt={t('vendorForm.preview', { label })}
                w="full"
                h="24"
              />
            </Box>
          ) : null}
          <Flex gap="2" wrap="wrap">
            <UploadButton
              onClick={choose}
              uploading={uploading}
              disabled={disabled}
              aria-label={
                url
                  ? t('vendorForm.replaceLabel', { label: label.toLowerCase() })
                  : t('vendorForm.uploadLabel', { label: label.toLowerCase() })
              }
            >
              {url ? t('vendorForm.replace') : t('vendorForm.upload')}
            </UploadButton>
            {url ? (
              <Button variant="ghost" size="sm" colorPalette="red" onClick={onRemove} disabled={disabled}>
                {t('vendorForm.remove')}
              </Button>
            ) : null}
          </Flex>
        </>
      )}
    </FileField>
  );
}
