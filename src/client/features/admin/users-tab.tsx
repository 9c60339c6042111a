import { Badge, chakra, Flex, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { Ban, Repeat, RotateCcw, Users } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { ADMIN_USER_ROLES, ADMIN_USER_STATUSES, AdminUserDto } from '../../../shared/schemas/admin';
import { TruncatedText } from '../../components/truncated-text';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';
import { dateFormat } from '../../lib/intl';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import type { RecordDialogProps } from './actions';
import { type AdminColumn, AdminList, pagedQuery } from './admin-list';
import { type UsersView, usersViewOf } from './admin-tabs';
import { formatCount, formatDate, timeAgo } from './format';
import { RowAction, SearchField, SelectField } from './parts';
import { ReasonDialog } from './reason-dialog';
import { ReportsSection } from './reports-section';
import { ReviewReportsSection } from './review-reports-section';
import { usePagedFilters, useSelectFilter } from './use-paged-filters';

/**
 * The Users tab: the accounts (search, suspend, reinstate, customer <-> vendor) and the reported
 * conversations, one at a time; which one is in the address (?view=reports), so the Overview's
 * open reports lead straight to them.
 */
export function UsersTab() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const view = usersViewOf(params.get('view'));
  const utils = trpc.useUtils();
  const openReports = trpc.admin.overview.stats.useQuery(undefined, { staleTime: 30_000 }).data?.openReports;
  const select = (next: UsersView) => {
    // The open count on the Reports switch is read again with the view it leads to.
    void utils.admin.overview.stats.invalidate();
    const changed = new URLSearchParams(params);
    if (next === 'reports') changed.set('view', 'reports');
    else changed.delete('view');
    setParams(changed);
  };
  return (
    <Stack gap="5">
      <SegmentGroup.Root
        value={view}
        onValueChange={(details) => select(details.value === 'reports' ? 'reports' : 'accounts')}
        size="sm"
        aria-label={t('admin.users.show')}
        alignSelf="flex-start"
        data-testid="users-view"
      >
        <SegmentGroup.Indicator bg="bg" shadow="sm" />
        <SegmentGroup.Items
          items={[
            { value: 'accounts', label: t('admin.users.accounts') },
            {
              value: 'reports',
              label: openReports
                ? t('admin.users.reportsOpen', { count: openReports, formatted: String(openReports) })
                : t('admin.users.reports'),
            },
          ]}
          px="3"
        />
      </SegmentGroup.Root>
      {view === 'reports' ? (
        <>
          <ReportsSection />
          <ReviewReportsSection />
        </>
      ) : (
        <AccountsSection />
      )}
    </Stack>
  );
}

type RoleFilter = 'all' | (typeof ADMIN_USER_ROLES)[number];
type StatusFilter = (typeof ADMIN_USER_STATUSES)[number];
const ROLE_OPTIONS: { value: RoleFilter; label: MessageId }[] = [
  { value: 'all', label: 'admin.users.role.all' },
  { value: 'customer', label: 'admin.users.role.customers' },
  { value: 'vendor', label: 'admin.users.role.vendors' },
  { value: 'admin', label: 'admin.users.role.admins' },
];
const STATUS_OPTIONS: { value: StatusFilter; label: MessageId }[] = [
  { value: 'all', label: 'admin.users.status.all' },
  { value: 'active', label: 'admin.users.status.active' },
  { value: 'suspended', label: 'admin.users.status.suspended' },
];

type Action = { kind: 'suspend' | 'reinstate' | 'role'; user: AdminUserDto };

function AccountsSection() {
  const t = useT();
  const { user: me } = useCurrentUser();
  const [role, roleField] = useSelectFilter<RoleFilter>('all', ROLE_OPTIONS);
  const [status, statusField] = useSelectFilter<StatusFilter>('all', STATUS_OPTIONS);
  const [params] = useSearchParams();
  const filters = usePagedFilters(`${role}/${status}`, params.get('search'));
  const list = trpc.admin.users.list.useQuery(
    {
      search: filters.search,
      role: role === 'all' ? undefined : role,
      status: status === 'all' ? undefined : status,
      page: filters.page,
    },
    // Read afresh each time the view opens (it unmounts while the reports are shown).
    { placeholderData: (previous) => previous, staleTime: 0 },
  );
  const action = useDialogTarget<Action>();
  const isMe = (user: AdminUserDto) => user.id === me?.id;

  return (
    <AdminList
      title={t('admin.users.accounts')}
      description={t('admin.users.description')}
      filters={
        <>
          <SearchField
            label={t('common.action.search')}
            {...filters.field}
            placeholder={t('admin.users.searchPlaceholder')}
            testId="users-search"
          />
          <SelectField label={t('admin.users.roleLabel')} {...roleField} testId="users-role-filter" />
          <SelectField label={t('admin.filter.status')} {...statusField} testId="users-status-filter" />
        </>
      }
      {...pagedQuery(list)}
      empty={{
        icon: Users,
        title: t('admin.users.emptyTitle'),
        description: t('admin.users.emptyDescription'),
      }}
      table={{ testId: 'users-table', columns: USER_COLUMNS(isMe), interactive: true }}
      rowTestId="user-row"
      withDataId
      actions={(user) => (
        <UserActions user={user} isMe={isMe(user)} onAction={(kind) => action.show({ kind, user })} />
      )}
      card={(user) => ({
        title: <UserName user={user} isMe={isMe(user)} />,
        badges: <RoleBadge role={user.role} />,
        details: (
          <>
            <TruncatedText>{user.email}</TruncatedText>
            <Text>
              <FormattedMessage
                id="admin.users.joinedLastSeen"
                values={{ joined: formatDate(user.createdAt), lastSeen: <LastSeen at={user.lastSeenAt} /> }}
              />
            </Text>
            <Text>
              {t('admin.users.listingsCount', { count: user.listings, formatted: String(user.listings) })} ·{' '}
              <FormattedMessage
                id="admin.users.openReportsCount"
                values={{ count: user.openReports, badge: <ReportCount count={user.openReports} /> }}
              />
            </Text>
            <Suspension user={user} />
          </>
        ),
      })}
      noun="accounts"
      onPage={filters.setPage}
    >
      <UserActionDialog action={action.target} open={action.open} onClose={action.close} />
    </AdminList>
  );
}

const USER_COLUMNS = (isMe: (user: AdminUserDto) => boolean): AdminColumn<AdminUserDto>[] => [
  {
    header: 'admin.users.name',
    cellProps: { maxW: '18rem' },
    cell: (user) => (
      <>
        <Text textStyle="itemTitle">
          <UserName user={user} isMe={isMe(user)} />
        </Text>
        <TruncatedText textStyle="caption" maxW="16rem">
          {user.email}
        </TruncatedText>
        <Suspension user={user} />
      </>
    ),
  },
  { header: 'admin.users.roleLabel', cell: (user) => <RoleBadge role={user.role} /> },
  {
    header: 'admin.users.joined',
    cellProps: { whiteSpace: 'nowrap' },
    cell: (user) => formatDate(user.createdAt),
  },
  { header: 'admin.users.listings', end: true, cell: (user) => formatCount(user.listings) },
  { header: 'admin.users.openReports', end: true, cell: (user) => <ReportCount count={user.openReports} /> },
  {
    header: 'admin.users.lastSeen',
    cellProps: { whiteSpace: 'nowrap' },
    cell: (user) => <LastSeen at={user.lastSeenAt} />,
  },
];

/** The account's name, marked '(you)' on the admin's own. */
function UserName({ user, isMe }: { user: AdminUserDto; isMe: boolean }) {
  const t = useT();
  return (
    <>
      <bdi>{user.name}</bdi>
      {isMe ? (
        <Text as="span" fontWeight="normal" color="fg.muted">
          {' '}
          {t('admin.users.you')}
        </Text>
      ) : null}
    </>
  );
}

function RoleBadge({ role }: { role: AdminUserDto['role'] }) {
  const t = useT();
  const palette = role === 'admin' ? 'purple' : role === 'vendor' ? 'blue' : 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle" rounded="full" px="2.5">
      {term(t, 'role', role)}
    </Badge>
  );
}

function ReportCount({ count }: { count: number }) {
  const t = useT();
  return count > 0 ? (
    <Badge
      colorPalette="red"
      variant="solid"
      rounded="full"
      aria-label={t('admin.users.openReportsLabel', { count, formatted: formatCount(count) })}
    >
      {formatCount(count)}
    </Badge>
  ) : (
    <Text as="span">0</Text>
  );
}

function LastSeen({ at }: { at: Date | null }) {
  const t = useT();
  if (!at) return <Text as="span">{t('admin.users.never')}</Text>;
  return (
    <chakra.time
      dateTime={at.toISOString()}
      title={dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at)}
    >
      {timeAgo(at)}
    </chakra.time>
  );
}

function Suspension({ user }: { user: AdminUserDto }) {
  const t = useT();
  if (!user.suspendedAt) return null;
  return (
    <Flex gap="1.5" mt="1" align="baseline" wrap="wrap" data-testid="suspended">
      <Badge colorPalette="red" variant="solid" rounded="full" px="2">
        {t('admin.users.suspended')}
      </Badge>
      <Text textStyle="caption" wordBreak="break-word">
        {formatDate(user.suspendedAt)}
        {user.suspendedReason ? (
          <>
            : <bdi>{user.suspendedReason}</bdi>
          </>
        ) : null}
      </Text>
    </Flex>
  );
}

interface UserActionsProps {
  user: AdminUserDto;
  isMe: boolean;
  onAction: (kind: Action['kind']) => void;
}

function UserActions({ user, isMe, onAction }: UserActionsProps) {
  const t = useT();
  const iso = useIsolate();
  const email = iso(user.email);
  // A suspended account can be reinstated; any other but one's own can be suspended.
  const access = user.suspendedAt
    ? ({
        kind: 'reinstate',
        icon: RotateCcw,
        palette: 'green',
        word: 'admin.users.reinstate',
        label: 'admin.users.reinstateFor',
      } as const)
    : isMe
      ? null
      : ({
          kind: 'suspend',
          icon: Ban,
          palette: 'red',
          word: 'admin.users.suspend',
          label: 'admin.users.suspendFor',
        } as const);
  const makeVendor = user.role !== 'vendor';
  return (
    <>
      {access ? (
        <RowAction
          // Its own button per kind, as a reinstated account's Suspend is a new control.
          key={access.kind}
          icon={access.icon}
          colorPalette={access.palette}
          onClick={() => onAction(access.kind)}
          aria-label={t(access.label, { email })}
        >
          {t(access.word)}
        </RowAction>
      ) : null}
      {user.role === 'admin' ? null : (
        <RowAction
          icon={Repeat}
          onClick={() => onAction('role')}
          aria-label={t(makeVendor ? 'admin.users.makeVendorFor' : 'admin.users.makeCustomerFor', { email })}
        >
          {t(makeVendor ? 'admin.users.makeVendor' : 'admin.users.makeCustomer')}
        </RowAction>
      )}
    </>
  );
}

/** The dialog of each account action: its question, its reason, and its call. */
function UserActionDialog({ action, open, onClose }: RecordDialogProps<{ action: Action | null }>) {
  const t = useT();
  const iso = useIsolate();
  const suspend = trpc.admin.users.suspend.useMutation();
  const reinstate = trpc.admin.users.reinstate.useMutation();
  const setRole = trpc.admin.users.setRole.useMutation();
  const user = action?.user;
  const kind = action?.kind ?? 'suspend';
  const newRole = user?.role === 'vendor' ? 'customer' : 'vendor';
  // The question names the account; without one (the dialog closing) it asks about "this account".
  const name = user ? { name: iso(user.name) } : null;
  const who = (id: MessageId, noName: MessageId) =>
    user ? (
      <FormattedMessage id={id} values={{ name: <bdi>{user.name}</bdi>, email: <bdi>{user.email}</bdi> }} />
    ) : (
      t(noName)
    );

  const texts = {
    suspend: {
      title: name ? t('admin.users.suspendTitle', name) : t('admin.users.suspendTitleNoName'),
      description: who('admin.users.suspendDescription', 'admin.users.suspendDescriptionNoName'),
      submit: t('admin.users.suspendSubmit'),
      pending: t('admin.users.suspending'),
      placeholder: t('admin.users.suspendPlaceholder'),
    },
    reinstate: {
      title: name ? t('admin.users.reinstateTitle', name) : t('admin.users.reinstateTitleNoName'),
      description: who('admin.users.reinstateDescription', 'admin.users.reinstateDescriptionNoName'),
      submit: t('admin.users.reinstateSubmit'),
      pending: t('admin.users.reinstating'),
      placeholder: t('admin.users.reinstatePlaceholder'),
    },
    role: {
      title: name
        ? t('admin.users.roleTitle', { ...name, role: newRole })
        : t('admin.users.roleTitleNoName', { role: newRole }),
      description:
        newRole === 'vendor'
          ? who('admin.users.toVendorDescription', 'admin.users.toVendorDescriptionNoName')
          : who('admin.users.toCustomerDescription', 'admin.users.toCustomerDescriptionNoName'),
      submit: t(newRole === 'vendor' ? 'admin.users.makeVendor' : 'admin.users.makeCustomer'),
      pending: t('admin.users.changing'),
      placeholder: t('admin.users.rolePlaceholder'),
    },
  }[kind];

  return (
    // Each kind its own form: whether a reason is required is fixed for a form's life.
    <ReasonDialog
      key={kind}
      open={open}
      onClose={onClose}
      texts={texts}
      required={kind !== 'role'}
      pending={suspend.isPending || reinstate.isPending || setRole.isPending}
      testId={`user-${kind}-dialog`}
      target={user}
      run={({ id }, reason) =>
        kind === 'suspend'
          ? suspend.mutateAsync({ id, reason: reason ?? '' })
          : kind === 'reinstate'
            ? reinstate.mutateAsync({ id, reason: reason ?? '' })
            : setRole.mutateAsync({ id, role: newRole, reason })
      }
      done={({ name: done }) => {
        const values = { name: iso(done) };
        if (kind === 'suspend')
          toast.success(t('admin.users.suspendedDone'), t('admin.users.suspendedHint', values));
        else if (kind === 'reinstate')
          toast.success(t('admin.users.reinstated'), t('admin.users.reinstatedHint', values));
        else
          toast.success(
            t('admin.users.roleChanged'),
            t('admin.users.roleChangedHint', { ...values, role: newRole }),
          );
      }}
    />
  );
}
