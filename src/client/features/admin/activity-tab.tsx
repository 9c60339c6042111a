import { Badge, Box, chakra, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { AUDIT_ACTIONS, type AuditActionValue, type AuditEntryDto } from '../../../shared/schemas/admin';
import { EmptyPanel } from '../../components/empty-panel';
import { trpc } from '../../lib/trpc';
import { useDebounced } from '../marketplace/use-marketplace';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditActionPalette,
  changesOf,
  formatDateTime,
  statusLabel,
} from './format';
import {
  FilterBar,
  ListSkeleton,
  LoadError,
  Pager,
  Panel,
  SearchField,
  SelectField,
  useTableLayout,
} from './parts';
import { usePagedFilters } from './use-paged-filters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ActionFilter = 'all' | AuditActionValue;
const ACTION_OPTIONS: { value: ActionFilter; label: string }[] = [
  { value: 'all', label: 'All actions' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
];

/**
 * The Activity tab: the audit log, newest first, a row for every admin action with who did it, to
 * what, why, and what it changed. Filters by action, by admin and by target.
 */
export function ActivityTab() {
  const [action, setAction] = useState<ActionFilter>('all');
  const [targetText, setTargetText] = useState('');
  const typed = useDebounced(targetText.trim(), TIMINGS.suggestionsDebounceMs);
  // The log keeps its targets by id: only a whole id is asked for, part of one would match nothing.
  const target = UUID.test(typed) ? typed.toLowerCase() : '';
  const actor = usePagedFilters(`${action}\u0000${target}`);
  const audit = trpc.admin.overview.audit.useQuery(
    {
      action: action === 'all' ? undefined : action,
      actor: actor.search,
      target: target || undefined,
      page: actor.page,
    },
    { placeholderData: (previous) => previous },
  );
  const table = useTableLayout();
  const headingId = useId();
  const rows = audit.data?.items ?? [];

  return (
    <Stack as="section" aria-labelledby={headingId} gap="5">
      <Box>
        <Heading id={headingId} as="h2" fontSize="xl" color="brand.950">
          Audit log
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Every admin action, newest first. Entries can never be changed or removed.
        </Text>
      </Box>
      <FilterBar label="Filter the audit log">
        <SelectField
          label="Action"
          value={action}
          options={ACTION_OPTIONS}
          onChange={setAction}
          testId="audit-action-filter"
        />
        <SearchField
          label="Admin"
          value={actor.text}
          placeholder="The admin’s whole e-mail"
          onChange={actor.setText}
          testId="audit-actor-filter"
        />
        <SearchField
          label="Target"
          value={targetText}
          placeholder="Listing, user, claim or report id"
          onChange={setTargetText}
          testId="audit-target-filter"
          hint={
            targetText.trim() && !UUID.test(targetText.trim())
              ? 'Paste a whole id, as shown under each target.'
              : undefined
          }
        />
      </FilterBar>

      {audit.isPending ? (
        <ListSkeleton label="Loading the audit log" />
      ) : audit.isLoadingError ? (
        <LoadError what="the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyPanel
          icon={<History size={32} aria-hidden />}
          title="No admin actions yet"
          description={
            action !== 'all' || actor.search || target
              ? 'No entry matches these filters.'
              : 'Approvals, hidden listings, suspensions and every other admin action are recorded here.'
          }
        />
      ) : table ? (
        <Panel overflow="hidden" aria-busy={audit.isPlaceholderData}>
          <Table.ScrollArea>
            <Table.Root size="sm" whiteSpace="normal" data-testid="audit-table">
              <Table.Header>
                <Table.Row bg="bg.muted">
                  <Table.ColumnHeader>Time</Table.ColumnHeader>
                  <Table.ColumnHeader>Admin</Table.ColumnHeader>
                  <Table.ColumnHeader>Action</Table.ColumnHeader>
                  <Table.ColumnHeader>Target</Table.ColumnHeader>
                  <Table.ColumnHeader>Reason</Table.ColumnHeader>
                  <Table.ColumnHeader>Changes</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((entry) => (
                  <Table.Row key={entry.id} data-testid="audit-row" verticalAlign="top">
                    <Table.Cell minW="7rem">
                      <When entry={entry} />
                    </Table.Cell>
                    <Table.Cell minW="11rem" maxW="14rem">
                      <Text overflowWrap="anywhere">{entry.actorEmail ?? '—'}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <ActionBadge action={entry.action} />
                    </Table.Cell>
                    <Table.Cell minW="12rem" maxW="16rem">
                      <Target entry={entry} />
                    </Table.Cell>
                    <Table.Cell minW="9rem" maxW="16rem">
                      <Text wordBreak="break-word" whiteSpace="pre-line">
                        {entry.reason ?? '—'}
                      </Text>
                    </Table.Cell>
                    <Table.Cell minW="14rem">
                      <Changes entry={entry} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Panel>
      ) : (
        <Stack
          as="ul"
          gap="3"
          listStyleType="none"
          aria-label="Audit log"
          aria-busy={audit.isPlaceholderData}
        >
          {rows.map((entry) => (
            <Box
              as="li"
              key={entry.id}
              bg="bg"
              borderWidth="1px"
              borderColor="border"
              rounded="xl"
              p="4"
              minW="0"
              data-testid="audit-row"
            >
              <Flex justify="space-between" align="center" gap="2" wrap="wrap">
                <ActionBadge action={entry.action} />
                <Text fontSize="xs" color="fg.muted">
                  <When entry={entry} />
                </Text>
              </Flex>
              <Box mt="2">
                <Target entry={entry} />
              </Box>
              <Stack gap="1" mt="2" fontSize="sm" color="fg.muted">
                <Text overflowWrap="anywhere">By {entry.actorEmail ?? 'an admin no longer known'}</Text>
                {entry.reason ? (
                  <Text color="fg" overflowWrap="anywhere">
                    Reason: {entry.reason}
                  </Text>
                ) : null}
                <Changes entry={entry} />
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {audit.data ? (
        <Pager
          page={audit.data.page}
          total={audit.data.total}
          noun="entries"
          one="entry"
          onPage={actor.setPage}
        />
      ) : null}
    </Stack>
  );
}

function When({ entry }: { entry: AuditEntryDto }) {
  return (
    <chakra.time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</chakra.time>
  );
}

function ActionBadge({ action }: { action: string }) {
  return (
    <Badge
      colorPalette={auditActionPalette(action)}
      variant="subtle"
      rounded="full"
      px="2.5"
      data-testid="audit-action"
    >
      {auditActionLabel(action)}
    </Badge>
  );
}

const TARGET_KINDS: Record<string, string> = {
  vendor: 'Listing',
  user: 'Account',
  claim: 'Claim',
  report: 'Report',
};

function Target({ entry }: { entry: AuditEntryDto }) {
  const kind = TARGET_KINDS[entry.targetType] ?? statusLabel(entry.targetType);
  return (
    <Box minW="0">
      <Text fontWeight="semibold" color="brand.950" overflowWrap="anywhere">
        {entry.targetLabel ?? kind}
      </Text>
      <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere" fontWeight="normal">
        {[entry.targetLabel ? kind : null, entry.targetId].filter(Boolean).join(' · ')}
      </Text>
    </Box>
  );
}

function Changes({ entry }: { entry: AuditEntryDto }) {
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" fontSize="xs">
      {changes.map((c) => (
        <Flex as="li" key={c.field} gap="1" wrap="wrap">
          <Text fontWeight="semibold">{c.field}:</Text>
          <Text color="fg.muted" textDecoration="line-through" wordBreak="break-word">
            {c.before}
          </Text>
          <Text aria-label="changed to">→</Text>
          <Text wordBreak="break-word">{c.after}</Text>
        </Flex>
      ))}
    </Stack>
  );
}
