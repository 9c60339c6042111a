import { Badge, Box, Button, Flex, Heading, HStack, Icon, Stack, Table, Text } from '@chakra-ui/react';
import { BadgeCheck, BadgeX, ExternalLink, Eye, EyeOff, Pencil, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ADMIN_VENDOR_STATUSES, type AdminVendorDto } from '../../../shared/schemas/admin';
import type { VendorDto } from '../../../shared/schemas/vendors';
import { EmptyPanel } from '../../components/empty-panel';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import { hasContactDetails } from '../marketplace/use-marketplace';
import { VendorFormDialog } from '../marketplace/vendor-form-dialog';
import { attempt, useAdminRefresh } from './actions';
import { formatDate } from './format';
import {
  FilterBar,
  ListSkeleton,
  LoadError,
  Pager,
  Panel,
  RowCard,
  SearchField,
  SelectField,
  useTableLayout,
} from './parts';
import { ReasonDialog } from './reason-dialog';
import { usePagedFilters } from './use-paged-filters';

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
  const [status, setStatus] = useState<VendorStatus>('all');
  const filters = usePagedFilters(status);
  const list = trpc.admin.vendors.list.useQuery(
    { search: filters.search, status: status === 'all' ? undefined : status, page: filters.page },
    { placeholderData: (previous) => previous },
  );
  const update = trpc.admin.vendors.update.useMutation();
  const refresh = useAdminRefresh();
  const hide = useDialogTarget<AdminVendorDto>();
  const editor = useListingEditor();
  const table = useTableLayout();
  const headingId = useId();
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

  const rows = list.data?.items ?? [];
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
      {vendor.hidden ? (
        <Button
          size="xs"
          variant="outline"
          disabled={busyId === vendor.id}
          onClick={() => void unhide(vendor)}
          aria-label={`Unhide ${vendor.businessName}`}
        >
          <Eye aria-hidden />
          Unhide
        </Button>
      ) : (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={busyId === vendor.id}
          onClick={() => hide.show(vendor)}
          aria-label={`Hide ${vendor.businessName}`}
        >
          <EyeOff aria-hidden />
          Hide
        </Button>
      )}
      <Button
        size="xs"
        variant="outline"
        loading={editor.loadingId === vendor.id}
        onClick={() => void editor.edit(vendor.id)}
        aria-label={`Edit ${vendor.businessName}`}
      >
        <Pencil aria-hidden />
        Edit
      </Button>
    </>
  );

  return (
    <Stack as="section" aria-labelledby={headingId} gap="5">
      <Box>
        <Heading id={headingId} as="h2" fontSize="xl" color="brand.950">
          Listings
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Every listing in the marketplace, hidden ones included.
        </Text>
      </Box>
      <FilterBar label="Filter listings">
        <SearchField
          label="Search"
          value={filters.text}
          placeholder="Business name, city or e-mail"
          onChange={filters.setText}
          testId="vendors-search"
        />
        <SelectField
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={setStatus}
          testId="vendors-status-filter"
        />
      </FilterBar>

      {list.isPending ? (
        <ListSkeleton label="Loading listings" />
      ) : list.isLoadingError ? (
        <LoadError what="the listings" error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyPanel
          icon={
            <Icon boxSize="8">
              <Store />
            </Icon>
          }
          title="No listings found"
          description={
            filters.search || status !== 'all'
              ? 'No listing matches this search and filter.'
              : 'Listings appear here once vendors create them.'
          }
        />
      ) : table ? (
        <Panel overflow="hidden" aria-busy={list.isPlaceholderData}>
          <Table.ScrollArea>
            <Table.Root size="sm" whiteSpace="normal" interactive data-testid="vendors-table">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader>Business</Table.ColumnHeader>
                  <Table.ColumnHeader>Category</Table.ColumnHeader>
                  <Table.ColumnHeader>City</Table.ColumnHeader>
                  <Table.ColumnHeader>Owner</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((vendor) => (
                  <Table.Row key={vendor.id} data-testid="vendor-row" data-id={vendor.id}>
                    <Table.Cell maxW="16rem">
                      <BusinessName vendor={vendor} />
                      <Text fontSize="xs" color="fg.muted">
                        Listed {formatDate(vendor.createdAt)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{vendor.category}</Table.Cell>
                    <Table.Cell>{vendor.city ?? '—'}</Table.Cell>
                    <Table.Cell maxW="14rem">
                      <Text overflowWrap="anywhere">{vendor.ownerEmail ?? '—'}</Text>
                    </Table.Cell>
                    <Table.Cell maxW="14rem">
                      <VendorBadges vendor={vendor} />
                      {vendor.hidden && vendor.hiddenReason ? (
                        <Text fontSize="xs" color="fg.muted" mt="1" lineClamp={2} title={vendor.hiddenReason}>
                          {vendor.hiddenReason}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      <Flex gap="2" justify="flex-end" wrap="nowrap">
                        {actions(vendor)}
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Panel>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Listings" aria-busy={list.isPlaceholderData}>
          {rows.map((vendor) => (
            <RowCard
              key={vendor.id}
              testId="vendor-row"
              dataId={vendor.id}
              title={<BusinessName vendor={vendor} />}
              badges={<VendorBadges vendor={vendor} />}
              actions={actions(vendor)}
            >
              <Text>{[vendor.category, vendor.city].filter(Boolean).join(' · ')}</Text>
              <Text overflowWrap="anywhere">Owner: {vendor.ownerEmail ?? 'nobody yet'}</Text>
              {vendor.hidden && vendor.hiddenReason ? <Text>Hidden: {vendor.hiddenReason}</Text> : null}
            </RowCard>
          ))}
        </Stack>
      )}
      {list.data ? (
        <Pager
          page={list.data.page}
          total={list.data.total}
          noun="listings"
          one="listing"
          onPage={filters.setPage}
        />
      ) : null}

      <ReasonDialog
        open={hide.open}
        onClose={hide.close}
        title={`Hide ${hide.target?.businessName ?? 'this listing'}?`}
        description="The listing leaves the marketplace, search and its public profile until you unhide it. Its owner, messages and claims stay."
        required
        placeholder="Why the listing is hidden (for example: a duplicate, or misleading details)"
        submitLabel="Hide listing"
        pendingLabel="Hiding..."
        pending={update.isPending}
        testId="hide-dialog"
        onSubmit={async (reason) => {
          const vendor = hide.target;
          if (!vendor) return { ok: true };
          const outcome = await attempt(() => update.mutateAsync({ id: vendor.id, hidden: true, reason }));
          if (outcome.ok) {
            toast.success('Listing hidden', `${vendor.businessName} is no longer shown in the marketplace.`);
            hide.close();
          }
          refresh();
          return outcome;
        }}
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
    </Stack>
  );
}

function BusinessName({ vendor }: { vendor: AdminVendorDto }) {
  return (
    <HStack gap="1" align="baseline" minW="0">
      <Text fontWeight="semibold" color="brand.950" wordBreak="break-word">
        {vendor.businessName}
      </Text>
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
