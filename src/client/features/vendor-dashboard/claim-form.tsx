import { Box, Button, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Store } from 'lucide-react';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { DASHBOARD_CATEGORIES, PRODUCT_NAME } from '../../../shared/constants';
import { claimSubmitInput } from '../../../shared/schemas/claims';
import type { VendorView } from '../../../shared/schemas/vendors';
import {
  BusinessAddressInput,
  BusinessNameInput,
  BusinessPhoneInput,
  BusinessWebsiteInput,
} from '../../components/business-fields';
import { categoryName } from '../../components/category-name';
import { FieldColumns } from '../../components/field-columns';
import { FormInput, FormSelect, FormTextarea, useFieldError } from '../../components/form-fields';
import { Panel } from '../../components/panel';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const iso = useIsolate();
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
      onSuccess: (claim) => {
        toast.success(
          t('vendorDashboard.claimForm.submitted'),
          t('vendorDashboard.claimForm.submittedDescription'),
        );
        form.reset(EMPTY);
        setTarget({ kind: 'search' });
        // The answer is the new claim as the list shows it (newest first): no need to read the list again.
        utils.claims.mine.setData(undefined, (claims) => (claims ? [claim, ...claims] : claims));
      },
      onError: (error) => {
        form.applyServerErrors(error);
        toast.error(
          t('vendorDashboard.claimForm.failedTitle'),
          specificMessage(error) ?? t('vendorDashboard.claimForm.failedDescription'),
        );
      },
    });
  });

  return (
    <Panel as="section" aria-labelledby={headingId} p={{ base: '4', md: '6' }} minW="0" alignSelf="start">
      <Heading id={headingId} as="h2" fontSize="xl" color="brand.950">
        {t('vendorDashboard.claimForm.title')}
      </Heading>
      <Text mt="1" fontSize="sm" color="fg.muted">
        {t('vendorDashboard.claimForm.intro')}
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
                    <Text textStyle="caption">{t('vendorDashboard.claimForm.claiming')}</Text>
                    <Text fontWeight="semibold" wordBreak="break-word">
                      <bdi>{target.listing.businessName}</bdi>
                    </Text>
                    <Text textStyle="caption">
                      {[
                        target.listing.category ? categoryName(t, target.listing.category) : null,
                        target.listing.city ? iso(target.listing.city) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Box>
                </Flex>
                <Button size="sm" variant="outline" bg="bg" onClick={searchAgain} disabled={pending}>
                  {t('vendorDashboard.claimForm.changeListing')}
                </Button>
              </Flex>
            ) : target.kind === 'new' ? (
              <Stack gap="3">
                <Flex justify="space-between" align="center" gap="3" wrap="wrap">
                  <Text fontWeight="semibold">{t('vendorDashboard.claimForm.newBusiness')}</Text>
                  <Button size="sm" variant="outline" bg="bg" onClick={searchAgain} disabled={pending}>
                    {t('vendorDashboard.claimForm.searchInstead')}
                  </Button>
                </Flex>
                <FormSelect
                  form={form}
                  name="category"
                  label={t('common.field.category')}
                  required
                  placeholder={t('vendorDashboard.claimForm.selectCategory')}
                  options={DASHBOARD_CATEGORIES.map((c) => ({
                    value: c.value,
                    label: term(t, 'dashboardCategory', c.value),
                  }))}
                  hint={t('vendorDashboard.claimForm.categoryHint')}
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
                  {t('vendorDashboard.claimForm.notListed')}
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
            label={t('vendorDashboard.claimForm.description')}
            required
            rows={3}
            maxLength={5000}
            placeholder={t('vendorDashboard.claimForm.descriptionPlaceholder')}
            data-testid="claim-business-description"
          />
          <BusinessAddressInput
            form={form}
            name="businessAddress"
            label={t('vendorDashboard.claimForm.address')}
            required
            data-testid="claim-business-address"
          />
          <FieldColumns from="md">
            <BusinessPhoneInput
              form={form}
              name="businessPhone"
              label={t('vendorDashboard.claimForm.phone')}
              required
              data-testid="claim-business-phone"
            />
            <FormInput
              form={form}
              name="businessEmail"
              kind="email"
              label={t('vendorDashboard.claimForm.email')}
              required
              hint={t('vendorDashboard.claimForm.emailHint')}
              data-testid="claim-business-email"
            />
          </FieldColumns>
          <BusinessWebsiteInput
            form={form}
            name="businessWebsite"
            label={t('vendorDashboard.claimForm.website')}
            hint={t('common.state.optional')}
            data-testid="claim-business-website"
          />
          <FormTextarea
            form={form}
            name="ownershipProof"
            label={t('vendorDashboard.claimForm.proof')}
            required
            rows={3}
            maxLength={2000}
            placeholder={t('vendorDashboard.claimForm.proofPlaceholder')}
            hint={t('vendorDashboard.claimForm.proofHint', { brand: iso(PRODUCT_NAME) })}
            data-testid="claim-ownership-proof"
          />
          <Button
            type="submit"
            loading={pending}
            loadingText={t('vendorDashboard.claimForm.submitting')}
            alignSelf={{ base: 'stretch', sm: 'flex-end' }}
            data-testid="claim-submit"
          >
            {t('vendorDashboard.claimForm.submit')}
          </Button>
        </Stack>
      </chakra.form>
    </Panel>
  );
}
