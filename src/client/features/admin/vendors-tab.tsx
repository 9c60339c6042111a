import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { BadgeCheck, BadgeX, ExternalLink, Eye, EyeOff, Pencil, Store } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ADMIN_VENDOR_STATUSES, type AdminVendorDto } from '../../../shared/schemas/admin';
import type { VendorDto } from '../../../shared/schemas/vendors';
import { LabelledTruncatedText, TruncatedText } from '../../components/truncated-text';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import { hasContactDetails } from '../marketplace/use-marketplace';
import { VendorFormDialog } from '../marketplace/vendor-form-dialog';
import { attempt, useAdminRefresh } from './actions';
import { type AdminColumn, AdminList, pagedQuery } from './admin-list';
import { formatDate } from './format';
import { RowAction, SearchField, SelectField } from './parts';
import { ReasonDialog } from './reason-dialog';
import { usePagedFilters, useSelectFilter } from './use-paged-filters';

type VendorStatus = (typeof ADMIN_VENDOR_STATUSES)[number];
const STATUS_LABELS: Record<VendorStatus, string> = {
  all: 'All listings',
  visible: 'Visible',
  hidden: 'Hidden',
  verified: 'Verified',
  unverified: 'Unverified',
  unclaimed: 'Unclaimed',
};
const STATUS_OPTIONS = ADMIN_VENDOR_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/**
 * The Vendors tab: every listing, hidden ones too, by name and status. Verify, hide (with a reason)
 * and unhide here; Edit opens the listing in the marketplace's edit form, which an admin may use
 * on any listing.
 */
export function VendorsTab() {
  const [status, statusField] = useSelectFilter<VendorStatus>('all', STATUS_OPTIONS);
  const [params] = useSearchParams();
  const filters = usePagedFilters(status, params.get('search'));
  const list = trpc.admin.vendors.list.useQuery(
    { search: filters.search, status: status === 'all' ? undefined : status, page: filters.page },
    { placeholderData: (previous) => previous },
  );
  const update = trpc.admin.vendors.update.useMutation();
  const refresh = useAdminRefresh();
  const hide = useDialogTarget<AdminVendorDto>();
  const editor = useListingEditor();
  const [busyId, setBusyId] = useState<string | null>(null);

  const setVerified = async (vendor: AdminVendorDto, verified: boolean) => {
    setBusyId(vendor.id);
    const outcome = await attempt(() => update.mutateAsync({ id: vendor.id, verified }));
    setBusyId(null);
    if (outcome.ok) {
      toast.success(
        verified ? 'Listing verified' : 'Verification removed',
        verified
          ? `${vendor.businessName} now shows the verified mark.`
          : `${vendor.businessName} no longer shows the verified mark.`,
      );
    } else {
      toast.failed(
        verified ? 'Could not verify the listing' : 'Could not remove the verification',
        outcome.error,
      );
    }
    refresh();
  };

  const unhide = async (vendor: AdminVendorDto) => {
    setBusyId(vendor.id);
    const outcome = await attempt(() => update.mutateAsync({ id: vendor.id, hidden: false }));
    setBusyId(null);
    if (outcome.ok)
      toast.success('Listing visible again', `${vendor.businessName} is back in the marketplace.`);
    else toast.failed('Could not unhide the listing', outcome.error);
    refresh();
  };

  const actions = (vendor: AdminVendorDto) => (
    <>
      <Button
        size="xs"
        variant="outline"
        colorPalette={vendor.verified ? 'gray' : 'green'}
        disabled={busyId === vendor.id}
        onClick={() => void setVerified(vendor, !vendor.verified)}
        aria-label={`${vendor.verified ? 'Unverify' : 'Verify'} ${vendor.businessName}`}
      >
        {vendor.verified ? <BadgeX aria-hidden /> : <BadgeCheck aria-hidden />}
        {vendor.verified ? 'Unverify' : 'Verify'}
      </Button>
      <RowAction
        // Hide and Unhide are two controls: the one that replaces the other is a new button.
        key={vendor.hidden ? 'unhide' : 'hide'}
        icon={vendor.hidden ? Eye : EyeOff}
        colorPalette={vendor.hidden ? undefined : 'red'}
        disabled={busyId === vendor.id}
        onClick={() => (vendor.hidden ? void unhide(vendor) : hide.show(vendor))}
        aria-label={`${vendor.hidden ? 'Unhide' : 'Hide'} ${vendor.businessName}`}
      >
        {vendor.hidden ? 'Unhide' : 'Hide'}
      </RowAction>
      <RowAction
        icon={Pencil}
        loading={editor.loadingId === vendor.id}
        onClick={() => void editor.edit(vendor.id)}
        aria-label={`Edit ${vendor.businessName}`}
      >
        Edit
      </RowAction>
    </>
  );

  return (
    <AdminList
      title="Listings"
      description="Every listing in the marketplace, hidden ones included."
      filters={
        <>
          <SearchField
            label="Search"
            {...filters.field}
            placeholder="Business name, city or e-mail"
            testId="vendors-search"
          />
          <SelectField label="Status" {...statusField} testId="vendors-status-filter" />
        </>
      }
      {...pagedQuery(list)}
      empty={{
        icon: Store,
        title: 'No listings found',
        description:
          filters.search || status !== 'all'
            ? 'No listing matches this search and filter.'
            : 'Listings appear here once vendors create them.',
      }}
      table={{ testId: 'vendors-table', columns: VENDOR_COLUMNS, interactive: true }}
      rowTestId="vendor-row"
      withDataId
      actions={actions}
      card={(vendor) => ({
        title: <BusinessName vendor={vendor} />,
        badges: <VendorBadges vendor={vendor} />,
        details: (
          <>
            <Text>{[vendor.category, vendor.city].filter(Boolean).join(' · ')}</Text>
            <LabelledTruncatedText label="Owner:">{vendor.ownerEmail ?? 'nobody yet'}</LabelledTruncatedText>
            {vendor.hidden && vendor.hiddenReason ? <Text>Hidden: {vendor.hiddenReason}</Text> : null}
          </>
        ),
      })}
      noun="listings"
      one="listing"
      onPage={filters.setPage}
    >
      <ReasonDialog
        open={hide.open}
        onClose={hide.close}
        texts={{
          title: `Hide ${hide.target?.businessName ?? 'this listing'}?`,
          description:
            'The listing leaves the marketplace, search and its public profile until you unhide it. Its owner, messages and claims stay.',
          placeholder: 'Why the listing is hidden (for example: a duplicate, or misleading details)',
          submit: 'Hide listing',
          pending: 'Hiding...',
        }}
        required
        pending={update.isPending}
        testId="hide-dialog"
        target={hide.target}
        run={(vendor, reason) => update.mutateAsync({ id: vendor.id, hidden: true, reason })}
        done={(vendor) =>
          toast.success('Listing hidden', `${vendor.businessName} is no longer shown in the marketplace.`)
        }
      />
      {editor.vendor ? (
        <VendorFormDialog
          key={editor.vendor.id}
          open={editor.open}
          onClose={() => {
            editor.close();
            refresh();
          }}
          vendor={editor.vendor}
        />
      ) : null}
    </AdminList>
  );
}

const VENDOR_COLUMNS: AdminColumn<AdminVendorDto>[] = [
  {
    header: 'Business',
    cellProps: { maxW: '16rem' },
    cell: (vendor) => (
      <>
        <BusinessName vendor={vendor} />
        <Text textStyle="caption">Listed {formatDate(vendor.createdAt)}</Text>
      </>
    ),
  },
  { header: 'Category', cell: (vendor) => vendor.category },
  { header: 'City', cell: (vendor) => vendor.city ?? '—' },
  {
    header: 'Owner',
    cellProps: { maxW: '14rem' },
    cell: (vendor) => <TruncatedText maxW="13rem">{vendor.ownerEmail ?? '—'}</TruncatedText>,
  },
  {
    header: 'Status',
    cellProps: { maxW: '14rem' },
    cell: (vendor) => (
      <>
        <VendorBadges vendor={vendor} />
        {vendor.hidden && vendor.hiddenReason ? (
          <Text textStyle="caption" mt="1" lineClamp={2} title={vendor.hiddenReason}>
            {vendor.hiddenReason}
          </Text>
        ) : null}
      </>
    ),
  },
];

function BusinessName({ vendor }: { vendor: AdminVendorDto }) {
  return (
    <HStack gap="1" align="baseline" minW="0">
      <Text textStyle="itemTitle">{vendor.businessName}</Text>
      <Button
        asChild
        size="2xs"
        variant="ghost"
        color="fg.muted"
        px="1"
        aria-label={`Public profile of ${vendor.businessName}`}
        flexShrink="0"
      >
        <RouterLink to={`/vendor/${vendor.id}`}>
          <ExternalLink aria-hidden />
        </RouterLink>
      </Button>
    </HStack>
  );
}

function VendorBadges({ vendor }: { vendor: AdminVendorDto }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      {vendor.verified ? (
        <Badge colorPalette="green" variant="subtle" rounded="full">
          Verified
        </Badge>
      ) : null}
      {vendor.hidden ? (
        <Badge colorPalette="red" variant="subtle" rounded="full" data-testid="hidden-badge">
          Hidden
        </Badge>
      ) : null}
      {vendor.claimed ? (
        <Badge colorPalette="blue" variant="subtle" rounded="full">
          Claimed
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="subtle" rounded="full">
          Unclaimed
        </Badge>
      )}
    </HStack>
  );
}

/**
 * Opens a listing in the marketplace's edit form: the listing is read afresh first, so the edit
 * starts from its current version.
 */
function useListingEditor() {
  const utils = trpc.useUtils();
  const [vendor, setVendor] = useState<VendorDto | null>(null);
  const [open, setOpen] = useState(false);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const edit = async (id: string) => {
    setLoadingId(id);
    try {
      const found = await utils.vendors.byId.fetch({ id }, { staleTime: 0 });
      if (!hasContactDetails(found)) throw new Error('The listing came without its contact details.');
      setVendor(found);
      setOpen(true);
    } catch (error) {
      toast.failed('Could not open the listing', error);
    } finally {
      setLoadingId(null);
    }
  };
  return { vendor, open, loadingId, edit, close: () => setOpen(false) };
}
