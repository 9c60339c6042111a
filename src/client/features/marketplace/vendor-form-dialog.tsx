import {
  Box,
  Button,
  Field,
  Flex,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ImageIcon } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { NEIGHBORHOODS, PROFILE_FORM_CATEGORIES } from '../../../shared/constants';
import {
  VENDOR_MESSAGES,
  type VendorDto,
  vendorCreateInput,
  vendorUpdateInput,
} from '../../../shared/schemas/vendors';
import { FormDialog } from '../../components/form-dialog';
import { StaleWriteAlert } from '../../components/stale-write-alert';
import { UploadedImage } from '../../components/uploaded-image';
import { useIdempotentCreate } from '../../lib/idempotency';
import { useCurrentUser } from '../../lib/session';
import { staleCurrent } from '../../lib/stale-write';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DIALOG_IMAGE_SIZES, uploadImageWithToasts } from '../../lib/upload-image';
import { useRefreshVendorLists } from './use-marketplace';

interface Values {
  businessName: string;
  category: string;
  description: string;
  contactPhone: string;
  contactEmail: string;
  website: string;
  address: string;
  city: string;
  state: string;
  neighborhood: string;
  logoUrl: string | null;
  imageUrl: string | null;
}

const EMPTY: Values = {
  businessName: '',
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

function valuesOf(vendor: VendorDto): Values {
  return {
    businessName: vendor.businessName,
    category: vendor.category,
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
  };
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
  const create = useIdempotentCreate(trpc.vendors.create.useMutation());
  const update = trpc.vendors.update.useMutation();
  const utils = trpc.useUtils();
  const refreshLists = useRefreshVendorLists();
  const [base, setBase] = useState<VendorDto | null>(vendor);
  const [values, setValues] = useState<Values>(vendor ? valuesOf(vendor) : EMPTY);
  const [stale, setStale] = useState<VendorDto | null>(null);
  const [uploading, setUploading] = useState<'logoUrl' | 'imageUrl' | null>(null);
  const pending = create.isPending || update.isPending;
  const editing = vendor !== null;
  const { user } = useCurrentUser();

  const fill = (from: VendorDto | null) => {
    setBase(from);
    setStale(null);
    setValues(from ? valuesOf(from) : EMPTY);
  };

  // Each opening for an edit starts from the listing as it is now.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open && vendor) fill(vendor);
  }
  const categories = categoryOptions(base?.category);

  const set =
    (key: Exclude<keyof Values, 'logoUrl' | 'imageUrl'>) =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [key]: e.target.value }));

  const upload = async (key: 'logoUrl' | 'imageUrl', file: File) => {
    setUploading(key);
    const url = await uploadImageWithToasts(file);
    setUploading(null);
    if (url) setValues((v) => ({ ...v, [key]: url }));
  };

  const submit = () => {
    if (!values.businessName.trim() || !values.category || !values.contactEmail.trim()) {
      toast.error(VENDOR_MESSAGES.required);
      return;
    }
    if (base) {
      saveEdit(base);
      return;
    }
    const parsed = vendorCreateInput.safeParse({ ...values, neighborhood: values.neighborhood || null });
    if (!parsed.success) {
      toast.error('Failed to create vendor profile', parsed.error.issues[0]?.message);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Vendor profile created successfully');
        setValues(EMPTY);
        onClose();
        void refreshLists();
        // Creating a listing makes a customer account a vendor account: the navigation follows the role.
        void utils.auth.session.invalidate();
        void utils.vendors.mine.invalidate();
      },
      onError: (error) => toast.failed('Failed to create vendor profile', error),
    });
  };

  const saveEdit = (from: VendorDto) => {
    const before = valuesOf(from);
    const changes = Object.fromEntries(
      (Object.keys(values) as (keyof Values)[])
        .filter((key) => values[key] !== before[key])
        .map((key) => [key, key === 'neighborhood' ? values[key] || null : values[key]]),
    );
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const parsed = vendorUpdateInput.safeParse({ id: from.id, version: from.version, ...changes });
    if (!parsed.success) {
      toast.error('Failed to update vendor profile', parsed.error.issues[0]?.message);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (updated) => {
        toast.success('Vendor profile updated successfully');
        // The edit's answer has no responsiveness (profile pages only): the page keeps what it showed.
        utils.vendors.byId.setData({ id: updated.id }, (old) => ({
          ...updated,
          responsiveness: old?.responsiveness ?? null,
        }));
        fill(updated);
        onClose();
        void refreshLists();
      },
      onError: (error) => {
        setStale(staleCurrent<VendorDto>(error));
        toast.failed('Failed to update vendor profile', error);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Vendor Profile' : 'Create Vendor Profile'}
      description={
        editing
          ? 'Change the details families see on this listing.'
          : user?.role === 'customer'
            ? 'List your business so families planning a simcha can find you. Your account becomes a vendor account: you run the listing from the Vendor Dashboard and sign in with the vendor login.'
            : 'List your business so families planning a simcha can find you.'
      }
      submitLabel={editing ? 'Save Changes' : 'Create Profile'}
      pendingLabel={editing ? 'Saving...' : 'Creating...'}
      pending={pending}
      submitDisabled={uploading !== null}
      onSubmit={submit}
    >
      <Stack gap="5">
        {stale ? <StaleWriteAlert onReload={() => fill(stale)} /> : null}
        <Field.Root required disabled={pending}>
          <Field.Label>
            Business name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="businessName"
            value={values.businessName}
            onChange={set('businessName')}
            maxLength={200}
            placeholder="e.g. Shalom Table Catering"
            autoComplete="organization"
          />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root required disabled={pending}>
            <Field.Label>
              Category <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="category" value={values.category} onChange={set('category')}>
                <option value="" disabled>
                  Select a category
                </option>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required disabled={pending}>
            <Field.Label>
              Contact email <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="contactEmail"
              type="email"
              value={values.contactEmail}
              onChange={set('contactEmail')}
              maxLength={254}
              autoComplete="email"
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root disabled={pending}>
          <Field.Label>Description</Field.Label>
          <Textarea
            name="description"
            value={values.description}
            onChange={set('description')}
            rows={3}
            maxLength={5000}
            placeholder="What you offer, your style, the events you love to work"
          />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root disabled={pending}>
            <Field.Label>Phone</Field.Label>
            <Input
              name="contactPhone"
              type="tel"
              value={values.contactPhone}
              onChange={set('contactPhone')}
              maxLength={40}
              autoComplete="tel"
            />
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>Website</Field.Label>
            <Input
              name="website"
              type="url"
              value={values.website}
              onChange={set('website')}
              maxLength={500}
              placeholder="https://"
              autoComplete="url"
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root disabled={pending}>
          <Field.Label>Address</Field.Label>
          <Input name="address" value={values.address} onChange={set('address')} maxLength={300} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="5">
          <Field.Root disabled={pending}>
            <Field.Label>City</Field.Label>
            <Input name="city" value={values.city} onChange={set('city')} maxLength={100} />
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>State</Field.Label>
            <Input name="state" value={values.state} onChange={set('state')} maxLength={100} />
          </Field.Root>
          <Field.Root disabled={pending}>
            <Field.Label>Neighborhood</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="neighborhood"
                value={values.neighborhood}
                onChange={set('neighborhood')}
              >
                <option value="">None</option>
                {neighborhoodOptions(values.neighborhood).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <ImageField
            label="Logo"
            url={values.logoUrl}
            uploading={uploading === 'logoUrl'}
            disabled={pending || uploading !== null}
            onFile={(file) => void upload('logoUrl', file)}
            onRemove={() => setValues((v) => ({ ...v, logoUrl: null }))}
          />
          <ImageField
            label="Cover image"
            url={values.imageUrl}
            uploading={uploading === 'imageUrl'}
            disabled={pending || uploading !== null}
            onFile={(file) => void upload('imageUrl', file)}
            onRemove={() => setValues((v) => ({ ...v, imageUrl: null }))}
          />
        </SimpleGrid>
        <Text fontSize="xs" color="fg.muted" mt="-2">
          Images: JPG, PNG, GIF or WebP, smaller than 5MB.
        </Text>
      </Stack>
    </FormDialog>
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
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  return (
    <Box>
      <Text fontWeight="medium" fontSize="sm" mb="1.5" id={labelId}>
        {label}
      </Text>
      {url ? (
        <Box rounded="lg" overflow="hidden" borderWidth="1px" borderColor="border" mb="2">
          <UploadedImage src={url} sizes={DIALOG_IMAGE_SIZES} alt={`${label} preview`} w="full" h="24" />
        </Box>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-labelledby={labelId}
        hidden
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Flex gap="2" wrap="wrap">
        <Button
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          loading={uploading}
          loadingText="Uploading..."
          disabled={disabled}
          aria-label={`${url ? 'Replace' : 'Upload'} ${label.toLowerCase()}`}
        >
          <ImageIcon />
          {url ? 'Replace' : 'Upload'}
        </Button>
        {url ? (
          <Button variant="ghost" size="sm" colorPalette="red" onClick={onRemove} disabled={disabled}>
            Remove
          </Button>
        ) : null}
      </Flex>
    </Box>
  );
}
