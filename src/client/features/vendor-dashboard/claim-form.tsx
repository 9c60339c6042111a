import {
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
import { Store } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DASHBOARD_CATEGORIES } from '../../../shared/constants';
import { claimSubmitInput } from '../../../shared/schemas/claims';
import type { VendorView } from '../../../shared/schemas/vendors';
import { FormEmailField, FormTextField } from '../../components/form-fields';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { serverFieldErrors, specificMessage } from './format';
import { ListingSearch } from './listing-search';

type ClaimValues = z.input<typeof claimSubmitInput>;
type ClaimOutput = z.output<typeof claimSubmitInput>;

const FIELDS = [
  'vendorId',
  'businessName',
  'businessDescription',
  'businessAddress',
  'businessPhone',
  'businessEmail',
  'businessWebsite',
  'ownershipProof',
  'category',
] as const satisfies readonly (keyof ClaimValues)[];
type ClaimField = (typeof FIELDS)[number];
const isClaimField = (field: string): field is ClaimField => (FIELDS as readonly string[]).includes(field);

const EMPTY: ClaimValues = {
  vendorId: null,
  businessName: '',
  businessDescription: '',
  businessAddress: '',
  businessPhone: '',
  businessEmail: '',
  businessWebsite: '',
  ownershipProof: '',
  category: null,
};

const FAILURE = { title: 'Submission Failed', description: 'Failed to submit your claim. Please try again.' };

/** 'search': no listing chosen yet; 'listing': claiming the one chosen; 'new': a business not listed. */
type Target = { kind: 'search' } | { kind: 'listing'; listing: VendorView } | { kind: 'new' };

/**
 * 'Submit New Vendor Claim' (spec sections 3 and 5): first the listing the claim is for, found with
 * the marketplace search, or a new business with its category; then the seven claim fields, each
 * with the spec's message under it.
 */
export function ClaimForm() {
  const utils = trpc.useUtils();
  const submitClaim = useIdempotentCreate(trpc.claims.submit.useMutation());
  const headingId = useId();
  const [target, setTarget] = useState<Target>({ kind: 'search' });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<ClaimValues, unknown, ClaimOutput>({
    resolver: zodResolver(claimSubmitInput),
    defaultValues: EMPTY,
  });
  const pending = submitClaim.isPending;

  const chooseListing = (listing: VendorView) => {
    setTarget({ kind: 'listing', listing });
    setValue('vendorId', listing.id);
    setValue('category', null);
    setValue('businessName', listing.businessName, { shouldValidate: Boolean(errors.businessName) });
    const address = [listing.address, listing.city, listing.state].filter(Boolean).join(', ');
    if (address && !getValues('businessAddress')) setValue('businessAddress', address);
  };

  const notListed = () => {
    setTarget({ kind: 'new' });
    setValue('vendorId', null);
    setValue('category', '');
  };

  const searchAgain = () => {
    setTarget({ kind: 'search' });
    setValue('vendorId', null);
    setValue('category', null);
  };

  const submit = handleSubmit((values) => {
    submitClaim.mutate(values, {
      onSuccess: () => {
        toast.success(
          'Claim Submitted',
          'An administrator will review your claim; follow it in Your Vendor Claims.',
        );
        reset(EMPTY);
        setTarget({ kind: 'search' });
        void utils.claims.mine.invalidate();
      },
      onError: (error) => {
        for (const { field, message } of serverFieldErrors(error)) {
          if (isClaimField(field)) setError(field, { message }, { shouldFocus: true });
        }
        toast.error(FAILURE.title, specificMessage(error) ?? FAILURE.description);
      },
    });
  });

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      p={{ base: '4', md: '6' }}
      minW="0"
      alignSelf="start"
    >
      <Heading id={headingId} as="h2" fontSize="xl" color="brand.950">
        Submit New Vendor Claim
      </Heading>
      <Text mt="1" fontSize="sm" color="fg.muted">
        Claim your business to manage its listing and answer families. An administrator reviews every claim.
      </Text>
      <chakra.form
        mt="5"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-busy={pending}
        aria-labelledby={headingId}
        data-testid="claim-form"
      >
        <Stack gap="5">
          <Box bg="bg.muted" rounded="xl" p="4">
            {target.kind === 'listing' ? (
              <Flex gap="3" align="center" justify="space-between" wrap="wrap" data-testid="chosen-listing">
                <Flex gap="3" align="center" minW="0">
                  <Store aria-hidden />
                  <Box minW="0">
                    <Text fontSize="xs" color="fg.muted">
                      Claiming the listing
                    </Text>
                    <Text fontWeight="semibold" wordBreak="break-word">
                      {target.listing.businessName}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {[target.listing.category, target.listing.city].filter(Boolean).join(' · ')}
                    </Text>
                  </Box>
                </Flex>
                <Button size="sm" variant="outline" bg="bg" onClick={searchAgain} disabled={pending}>
                  Change listing
                </Button>
              </Flex>
            ) : target.kind === 'new' ? (
              <Stack gap="3">
                <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                  <Text fontWeight="semibold">A new business, not yet listed</Text>
                  <Button size="sm" variant="outline" bg="bg" onClick={searchAgain} disabled={pending}>
                    Search listings instead
                  </Button>
                </Flex>
                <Field.Root required invalid={Boolean(errors.category)} disabled={pending}>
                  <Field.Label>
                    Category <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field bg="bg" data-testid="claim-category" {...register('category')}>
                      <option value="" disabled>
                        Select a category
                      </option>
                      {DASHBOARD_CATEGORIES.map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {errors.category ? (
                    <Field.ErrorText>{errors.category.message}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>
                      Your listing is created in this category once the claim is approved.
                    </Field.HelperText>
                  )}
                </Field.Root>
              </Stack>
            ) : (
              <Stack gap="2">
                <ListingSearch onChoose={chooseListing} disabled={pending} />
                <Button
                  size="sm"
                  variant="plain"
                  color="brand.fg"
                  px="0"
                  alignSelf="flex-start"
                  onClick={notListed}
                  disabled={pending}
                  data-testid="not-listed"
                >
                  My business isn't listed
                </Button>
              </Stack>
            )}
            {errors.vendorId ? (
              <Text mt="2" fontSize="sm" color="fg.error" role="alert">
                {errors.vendorId.message}
              </Text>
            ) : null}
          </Box>

          <FormTextField
            label="Business name"
            required
            disabled={pending}
            error={errors.businessName?.message}
            maxLength={200}
            autoComplete="organization"
            data-testid="claim-business-name"
            {...register('businessName')}
          />
          <Field.Root required invalid={Boolean(errors.businessDescription)} disabled={pending}>
            <Field.Label>
              Business description <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              rows={3}
              maxLength={5000}
              placeholder="What your business offers"
              data-testid="claim-business-description"
              {...register('businessDescription')}
            />
            {errors.businessDescription ? (
              <Field.ErrorText>{errors.businessDescription.message}</Field.ErrorText>
            ) : null}
          </Field.Root>
          <FormTextField
            label="Business address"
            required
            disabled={pending}
            error={errors.businessAddress?.message}
            maxLength={300}
            autoComplete="street-address"
            data-testid="claim-business-address"
            {...register('businessAddress')}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <FormTextField
              label="Business phone"
              required
              type="tel"
              autoComplete="tel"
              disabled={pending}
              error={errors.businessPhone?.message}
              maxLength={40}
              data-testid="claim-business-phone"
              {...register('businessPhone')}
            />
            <FormEmailField
              label="Business email"
              required
              disabled={pending}
              error={errors.businessEmail?.message}
              hint="An address at your business's own domain speeds up the review."
              data-testid="claim-business-email"
              {...register('businessEmail')}
            />
          </SimpleGrid>
          <FormTextField
            label="Business website"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            disabled={pending}
            error={errors.businessWebsite?.message}
            hint="Optional."
            maxLength={500}
            data-testid="claim-business-website"
            {...register('businessWebsite')}
          />
          <Field.Root required invalid={Boolean(errors.ownershipProof)} disabled={pending}>
            <Field.Label>
              Ownership proof <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              rows={3}
              maxLength={2000}
              placeholder="Your role, a business registration number, or how we can confirm the business is yours"
              data-testid="claim-ownership-proof"
              {...register('ownershipProof')}
            />
            {errors.ownershipProof ? (
              <Field.ErrorText>{errors.ownershipProof.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>Seen only by the SimchaHub team.</Field.HelperText>
            )}
          </Field.Root>
          <Button
            type="submit"
            loading={pending}
            loadingText="Submitting..."
            alignSelf={{ base: 'stretch', sm: 'flex-end' }}
            data-testid="claim-submit"
          >
            Submit Claim
          </Button>
        </Stack>
      </chakra.form>
    </Box>
  );
}
