import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { BadgeCheck, BadgeX, ExternalLink, Eye, EyeOff, Pencil, Store } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ADMIN_VENDOR_STATUSES, type AdminVendorDto } from '../../../shared/schemas/admin';
import type { VendorDto } from '../../../shared/schemas/vendors';
import { LabelledTruncatedText, TruncatedText } from '../../components/truncated-text';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
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
const STATUS_LABELS: Record<VendorStatus, MessageId> = {
  all: 'admin.vendors.status.all',
  visible: 'admin.vendors.status.visible',
  hidden: 'admin.vendors.status.hidden',
  verified: 'admin.vendors.status.verified',
  unverified: 'admin.vendors.status.unverified',
  unclaimed: 'admin.vendors.status.unclaimed',
};
const STATUS_OPTIONS = ADMIN_VENDOR_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/**
 * The Vendors tab: every listing, hidden ones too, by name and status. Verify, hide (with a reason)
 * and unhide here; Edit opens the listing in the marketplace's edit form, which an admin may use
 * on any listing.
 */
export function VendorsTab() {
  const t = useT();
  const iso = useIsolate();
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
    const name = { name: iso(vendor.businessName) };
    if (outcome.ok) {
      toast.success(
        verified ? t('admin.vendors.verifiedDone') : t('admin.vendors.unverifiedDone'),
        verified ? t('admin.vendors.verifiedDoneHint', name) : t('admin.vendors.unverifiedDoneHint', name),
      );
    } else {
      toast.failed(
        verified ? t('admin.vendors.verifyFailed') : t('admin.vendors.unverifyFailed'),
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
      toast.success(
        t('admin.vendors.unhiddenDone'),
        t('admin.vendors.unhiddenDoneHint', { name: iso(vendor.businessName) }),
      );
    else toast.failed(t('admin.vendors.unhideFailed'), outcome.error);
    refresh();
  };

  const actions = (vendor: AdminVendorDto) => {
    const name = { name: iso(vendor.businessName) };
    return (
      <>
        <Button
          size="xs"
          variant="outline"
          colorPalette={vendor.verified ? 'gray' : 'green'}
          disabled={busyId === vendor.id}
          onClick={() => void setVerified(vendor, !vendor.verified)}
          aria-label={t(vendor.verified ? 'admin.vendors.unverifyFor' : 'admin.vendors.verifyFor', name)}
        >
          {vendor.verified ? <BadgeX aria-hidden /> : <BadgeCheck aria-hidden />}
          {t(vendor.verified ? 'admin.vendors.unverify' : 'admin.vendors.verify')}
        </Button>
        <RowAction
          // Hide and Unhide are two controls: the one that replaces the other is a new button.
          key={vendor.hidden ? 'unhide' : 'hide'}
          icon={vendor.hidden ? Eye : EyeOff}
          colorPalette={vendor.hidden ? undefined : 'red'}
          disabled={busyId === vendor.id}
          onClick={() => (vendor.hidden ? void unhide(vendor) : hide.show(vendor))}
          aria-label={t(vendor.hidden ? 'admin.vendors.unhideFor' : 'admin.vendors.hideFor', name)}
        >
          {t(vendor.hidden ? 'admin.vendors.unhide' : 'admin.vendors.hide')}
        </RowAction>
        <RowAction
          icon={Pencil}
          loading={editor.loadingId === vendor.id}
          onClick={() => void editor.edit(vendor.id)}
          aria-label={t('admin.vendors.editFor', name)}
        >
          {t('common.action.edit')}
        </RowAction>
      </>
    );
  };

  return (
    <AdminList
      title={t('admin.vendors.title')}
      description={t('admin.vendors.description')}
      filters={
        <>
          <SearchField
            label={t('common.action.search')}
            {...filters.field}
            placeholder={t('admin.vendors.searchPlaceholder')}
            testId="vendors-search"
          />
          <SelectField label={t('admin.filter.status')} {...statusField} testId="vendors-status-filter" />
        </>
      }
      {...pagedQuery(list)}
      empty={{
        icon: Store,
        title: t('admin.vendors.emptyTitle'),
        description:
          filters.search || status !== 'all'
            ? t('admin.vendors.emptyFiltered')
            : t('admin.vendors.emptyDescription'),
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
            <Text>
              {term(t, 'category', vendor.category)}
              {vendor.city ? (
                <>
                  {' · '}
                  <bdi>{vendor.city}</bdi>
                </>
              ) : null}
            </Text>
            <LabelledTruncatedText label={t('admin.vendors.ownerLabel')}>
              {vendor.ownerEmail ?? t('admin.vendors.nobodyYet')}
            </LabelledTruncatedText>
            {vendor.hidden && vendor.hiddenReason ? (
              <Text>
                <FormattedMessage
                  id="admin.vendors.hiddenReason"
                  values={{ reason: <bdi>{vendor.hiddenReason}</bdi> }}
                />
              </Text>
            ) : null}
          </>
        ),
      })}
      noun="listings"
      onPage={filters.setPage}
    >
      <ReasonDialog
        open={hide.open}
        onClose={hide.close}
        texts={{
          title: hide.target
            ? t('admin.vendors.hideTitle', { name: iso(hide.target.businessName) })
            : t('admin.vendors.hideTitleNoName'),
          description: t('admin.vendors.hideDescription'),
          placeholder: t('admin.vendors.hidePlaceholder'),
          submit: t('admin.vendors.hideSubmit'),
          pending: t('admin.reviewReports.hiding'),
        }}
        required
        pending={update.isPending}
        testId="hide-dialog"
        target={hide.target}
        run={(vendor, reason) => update.mutateAsync({ id: vendor.id, hidden: true, reason })}
        done={(vendor) =>
          toast.success(
            t('admin.vendors.hiddenDone'),
            t('admin.vendors.hiddenDoneHint', { name: iso(vendor.businessName) }),
          )
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
    header: 'admin.claims.business',
    cellProps: { maxW: '16rem' },
    cell: (vendor) => (
      <>
        <BusinessName vendor={vendor} />
        <Text textStyle="caption">
          <Listed at={vendor.createdAt} />
        </Text>
      </>
    ),
  },
  { header: 'common.field.category', cell: (vendor) => <Category value={vendor.category} /> },
  { header: 'admin.vendors.city', cell: (vendor) => (vendor.city ? <bdi>{vendor.city}</bdi> : '—') },
  {
    header: 'admin.vendors.owner',
    cellProps: { maxW: '14rem' },
    cell: (vendor) => <TruncatedText maxW="13rem">{vendor.ownerEmail ?? '—'}</TruncatedText>,
  },
  {
    header: 'admin.filter.status',
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

function Listed({ at }: { at: Date }) {
  const t = useT();
  return <>{t('admin.vendors.listed', { date: formatDate(at) })}</>;
}

function Category({ value }: { value: string }) {
  const t = useT();
  return <>{term(t, 'category', value)}</>;
}

function BusinessName({ vendor }: { vendor: AdminVendorDto }) {
  const t = useT();
  const iso = useIsolate();
  return (
    <HStack gap="1" align="baseline" minW="0">
      <Text textStyle="itemTitle">
        <bdi>{vendor.businessName}</bdi>
      </Text>
      <Button
        asChild
        size="2xs"
        variant="ghost"
        color="fg.muted"
        px="1"
        aria-label={t('admin.vendors.publicProfileOf', { name: iso(vendor.businessName) })}
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
  const t = useT();
  return (
    <HStack gap="1.5" wrap="wrap">
      {vendor.verified ? (
        <Badge colorPalette="green" variant="subtle" rounded="full">
          {t('admin.vendors.verified')}
        </Badge>
      ) : null}
      {vendor.hidden ? (
        <Badge colorPalette="red" variant="subtle" rounded="full" data-testid="hidden-badge">
          {t('admin.vendors.hidden')}
        </Badge>
      ) : null}
      {vendor.claimed ? (
        <Badge colorPalette="blue" variant="subtle" rounded="full">
          {t('admin.vendors.claimed')}
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="subtle" rounded="full">
          {t('admin.vendors.unclaimed')}
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
  const t = useT();
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
      toast.failed(t('admin.vendors.openFailed'), error);
    } finally {
      setLoadingId(null);
    }
  };
  return { vendor, open, loadingId, edit, close: () => setOpen(false) };
}
