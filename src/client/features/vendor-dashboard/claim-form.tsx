import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { DASHBOARD_CATEGORIES } from '../../../shared/constants';
import { claimSubmitInput } from '../../../shared/schemas/claims';
import type { VendorView } from '../../../shared/schemas/vendors';
import {
  BusinessAddressInput,
  BusinessNameInput,
  BusinessPhoneInput,
  BusinessWebsiteInput,
} from '../../components/business-fields';
import { FieldColumns } from '../../components/field-columns';
import { FormInput, FormSelect, FormTextarea, useFieldError } from '../../components/form-fields';
import { Panel } from '../../components/panel';
import { useIdempotentCreate } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-zod-form';
import { specificMessage } from './format';
import { ListingSearch } from './listing-search';

type ClaimValues = z.input<typeof claimSubmitInput>;

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

function addressOf(listing: VendorView): string {
  return [listing.address, listing.city, listing.state].filter(Boolean).join(', ');
}

/** The form's first values: empty, or those of a listing chosen before the form opened. */
function startingValues(listing: VendorView | undefined): ClaimValues {
  if (!listing) return EMPTY;
  return {
    ...EMPTY,
    vendorId: listing.id,
    businessName: listing.businessName,
    businessAddress: addressOf(listing),
  };
}

/**
 * 'Submit New Vendor Claim' (spec sections 3 and 5): first the listing the claim is for, found with
 * the marketplace search, or a new business with its category; then the seven claim fields, each
 * with the spec's message under it. `listing`, when given, is already chosen (a listing's own page
 * led here).
 */
export function ClaimForm({ listing: initialListing }: { listing?: VendorView }) {
  const utils = trpc.useUtils();
  const submitClaim = useIdempotentCreate(trpc.claims.submit.useMutation());
  const headingId = useId();
  const [target, setTarget] = useState<Target>(() =>
    initialListing ? { kind: 'listing', listing: initialListing } : { kind: 'search' },
  );
  const pending = submitClaim.isPending;
  const form = useZodForm(claimSubmitInput, { defaultValues: startingValues(initialListing), pending });
  const { setValue, getValues } = form;
  const vendorIdError = useFieldError({ form, name: 'vendorId' });

  const chooseListing = (listing: VendorView) => {
    setTarget({ kind: 'listing', listing });
    setValue('vendorId', listing.id);
    setValue('category', null);
    // Read from the form as it is now: this component does not re-render for its fields' messages.
    setValue('businessName', listing.businessName, {
      shouldValidate: form.getFieldState('businessName').invalid,
    });
    const address = addressOf(listing);
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

  const submit = form.handleSubmit((values) => {
    submitClaim.mutate(values, {
      onSuccess: () => {
        toast.success(
          'Claim Submitted',
          'An administrator will review your claim; follow it in Your Vendor Claims.',
        );
        form.reset(EMPTY);
        setTarget({ kind: 'search' });
        void utils.claims.mine.invalidate();
      },
      onError: (error) => {
        form.applyServerErrors(error);
        toast.error(FAILURE.title, specificMessage(error) ?? FAILURE.description);
      },
    });
  });

  return (
    <Panel as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }} minW="0" alignSelf="start">
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
                    <Text textStyle="caption">Claiming the listing</Text>
                    <Text fontWeight="semibold" wordBreak="break-word">
                      {target.listing.businessName}
                    </Text>
                    <Text textStyle="caption">
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
                <FormSelect
                  form={form}
                  name="category"
                  label="Category"
                  required
                  placeholder="Select a category"
                  options={DASHBOARD_CATEGORIES}
                  hint="Your listing is created in this category once the claim is approved."
                  bg="bg"
                  data-testid="claim-category"
                />
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
            {vendorIdError ? (
              <Text mt="2" fontSize="sm" color="fg.error" role="alert">
                {vendorIdError}
              </Text>
            ) : null}
          </Box>

          <BusinessNameInput form={form} name="businessName" data-testid="claim-business-name" />
          <FormTextarea
            form={form}
            name="businessDescription"
            label="Business description"
            required
            rows={3}
            maxLength={5000}
            placeholder="What your business offers"
            data-testid="claim-business-description"
          />
          <BusinessAddressInput
            form={form}
            name="businessAddress"
            label="Business address"
            required
            data-testid="claim-business-address"
          />
          <FieldColumns from="md">
            <BusinessPhoneInput
              form={form}
              name="businessPhone"
              label="Business phone"
              required
              data-testid="claim-business-phone"
            />
            <FormInput
              form={form}
              name="businessEmail"
              kind="email"
              label="Business email"
              required
              hint="An address at your business's own domain speeds up the review."
              data-testid="claim-business-email"
            />
          </FieldColumns>
          <BusinessWebsiteInput
            form={form}
            name="businessWebsite"
            label="Business website"
            hint="Optional."
            data-testid="claim-business-website"
          />
          <FormTextarea
            form={form}
            name="ownershipProof"
            label="Ownership proof"
            required
            rows={3}
            maxLength={2000}
            placeholder="Your role, a business registration number, or how we can confirm the business is yours"
            hint="Seen only by the SimchaHub team."
            data-testid="claim-ownership-proof"
          />
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
    </Panel>
  );
}
