import { Badge, chakra, Flex, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { Ban, Repeat, RotateCcw, Users } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { ADMIN_USER_ROLES, ADMIN_USER_STATUSES, AdminUserDto } from '../../../shared/schemas/admin';
import { TruncatedText } from '../../components/truncated-text';
import { dateFormat } from '../../lib/intl';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useDialogTarget } from '../events/use-dialog-target';
import type { RecordDialogProps } from './actions';
import { type AdminColumn, AdminList, pagedQuery } from './admin-list';
import { type UsersView, usersViewOf } from './admin-tabs';
import { formatDate, statusLabel, timeAgo } from './format';
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
        aria-label="Show"
        alignSelf="flex-start"
        data-testid="users-view"
      >
        <SegmentGroup.Indicator bg="bg" shadow="sm" />
        <SegmentGroup.Items
          items={[
            { value: 'accounts', label: 'Accounts' },
            {
              value: 'reports',
              label: openReports ? `Reports (${openReports} open)` : 'Reports',
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
const ROLE_OPTIONS: { value: RoleFilter; label: string }[] = [
  { value: 'all', label: 'All roles' },
  { value: 'customer', label: 'Customers' },
  { value: 'vendor', label: 'Vendors' },
  { value: 'admin', label: 'Admins' },
];
const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All accounts' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

type Action = { kind: 'suspend' | 'reinstate' | 'role'; user: AdminUserDto };

function AccountsSection() {
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
      title="Accounts"
      description="Customers, vendors and admins. A suspended account is signed out at once and cannot sign in."
      filters={
        <>
          <SearchField label="Search" {...filters.field} placeholder="Name or e-mail" testId="users-search" />
          <SelectField label="Role" {...roleField} testId="users-role-filter" />
          <SelectField label="Status" {...statusField} testId="users-status-filter" />
        </>
      }
      {...pagedQuery(list)}
      empty={{
        icon: Users,
        title: 'No accounts found',
        description: 'No account matches this search and these filters.',
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
              Joined {formatDate(user.createdAt)} · Last seen <LastSeen at={user.lastSeenAt} />
            </Text>
            <Text>
              {user.listings} listing{user.listings === 1 ? '' : 's'} ·{' '}
              <ReportCount count={user.openReports} /> open report{user.openReports === 1 ? '' : 's'}
            </Text>
            <Suspension user={user} />
          </>
        ),
      })}
      noun="accounts"
      one="account"
      onPage={filters.setPage}
    >
      <UserActionDialog action={action.target} open={action.open} onClose={action.close} />
    </AdminList>
  );
}

const USER_COLUMNS = (isMe: (user: AdminUserDto) => boolean): AdminColumn<AdminUserDto>[] => [
  {
    header: 'Name',
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
  { header: 'Role', cell: (user) => <RoleBadge role={user.role} /> },
  { header: 'Joined', cellProps: { whiteSpace: 'nowrap' }, cell: (user) => formatDate(user.createdAt) },
  { header: 'Listings', end: true, cell: (user) => user.listings },
  { header: 'Open reports', end: true, cell: (user) => <ReportCount count={user.openReports} /> },
  {
    header: 'Last seen',
    cellProps: { whiteSpace: 'nowrap' },
    cell: (user) => <LastSeen at={user.lastSeenAt} />,
  },
];

/** The account's name, marked '(you)' on the admin's own. */
function UserName({ user, isMe }: { user: AdminUserDto; isMe: boolean }) {
  return (
    <>
      {user.name}
      {isMe ? (
        <Text as="span" fontWeight="normal" color="fg.muted">
          {' '}
          (you)
        </Text>
      ) : null}
    </>
  );
}

function RoleBadge({ role }: { role: AdminUserDto['role'] }) {
  const palette = role === 'admin' ? 'purple' : role === 'vendor' ? 'blue' : 'gray';
  return (
    <Badge colorPalette={palette} variant="subtle" rounded="full" px="2.5">
      {statusLabel(role)}
    </Badge>
  );
}

function ReportCount({ count }: { count: number }) {
  return count > 0 ? (
    <Badge colorPalette="red" variant="solid" rounded="full" aria-label={`${count} open reports`}>
      {count}
    </Badge>
  ) : (
    <Text as="span">0</Text>
  );
}

function LastSeen({ at }: { at: Date | null }) {
  if (!at) return <Text as="span">never</Text>;
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
  if (!user.suspendedAt) return null;
  return (
    <Flex gap="1.5" mt="1" align="baseline" wrap="wrap" data-testid="suspended">
      <Badge colorPalette="red" variant="solid" rounded="full" px="2">
        Suspended
      </Badge>
      <Text textStyle="caption" wordBreak="break-word">
        {formatDate(user.suspendedAt)}
        {user.suspendedReason ? `: ${user.suspendedReason}` : ''}
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
  // A suspended account can be reinstated; any other but one's own can be suspended.
  const access = user.suspendedAt
    ? ({ kind: 'reinstate', icon: RotateCcw, palette: 'green', word: 'Reinstate' } as const)
    : isMe
      ? null
      : ({ kind: 'suspend', icon: Ban, palette: 'red', word: 'Suspend' } as const);
  return (
    <>
      {access ? (
        <RowAction
          // Its own button per kind, as a reinstated account's Suspend is a new control.
          key={access.kind}
          icon={access.icon}
          colorPalette={access.palette}
          onClick={() => onAction(access.kind)}
          aria-label={`${access.word} ${user.email}`}
        >
          {access.word}
        </RowAction>
      ) : null}
      {user.role === 'admin' ? null : (
        <RowAction
          icon={Repeat}
          onClick={() => onAction('role')}
          aria-label={`${user.role === 'vendor' ? 'Make customer' : 'Make vendor'}: ${user.email}`}
        >
          {user.role === 'vendor' ? 'Make customer' : 'Make vendor'}
        </RowAction>
      )}
    </>
  );
}

/** The dialog of each account action: its question, its reason, and its call. */
function UserActionDialog({ action, open, onClose }: RecordDialogProps<{ action: Action | null }>) {
  const suspend = trpc.admin.users.suspend.useMutation();
  const reinstate = trpc.admin.users.reinstate.useMutation();
  const setRole = trpc.admin.users.setRole.useMutation();
  const user = action?.user;
  const kind = action?.kind ?? 'suspend';
  const newRole = user?.role === 'vendor' ? 'customer' : 'vendor';
  const who = user ? `${user.name} (${user.email})` : 'this account';

  const texts = {
    suspend: {
      title: `Suspend ${user?.name ?? 'this account'}?`,
      description: `${who} is signed out everywhere at once and cannot sign in until reinstated. Their events, messages and listings are kept.`,
      submit: 'Suspend account',
      pending: 'Suspending...',
      placeholder: 'Why the account is suspended (the person is not shown this text)',
    },
    reinstate: {
      title: `Reinstate ${user?.name ?? 'this account'}?`,
      description: `${who} can sign in again.`,
      submit: 'Reinstate account',
      pending: 'Reinstating...',
      placeholder: 'Why the suspension ends',
    },
    role: {
      title: `Make ${user?.name ?? 'this account'} a ${newRole}?`,
      description:
        newRole === 'vendor'
          ? `${who} gets the vendor dashboard and signs in with the vendor login.`
          : `${who} goes back to the customer side. A vendor who still owns listings cannot be changed.`,
      submit: `Make ${newRole}`,
      pending: 'Changing...',
      placeholder: 'Optional: why the role changes',
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
      done={({ name }) => {
        if (kind === 'suspend')
          toast.success('Account suspended', `${name} has been signed out and cannot sign in.`);
        else if (kind === 'reinstate') toast.success('Account reinstated', `${name} can sign in again.`);
        else toast.success('Role changed', `${name} is now a ${newRole}.`);
      }}
    />
  );
}
