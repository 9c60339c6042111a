import { Box, chakra, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { History } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { TIMINGS } from '../../../shared/constants';
import { AUDIT_ACTIONS, type AuditActionValue, type AuditEntryDto } from '../../../shared/schemas/admin';
import { LabelledTruncatedText, TruncatedText } from '../../components/truncated-text';
import { useDebounced } from '../../components/use-debounced';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { trpc } from '../../lib/trpc';
import { type AdminColumn, AdminList, pagedQuery } from './admin-list';
import {
  AUDIT_ACTION_LABELS,
  auditActionLabel,
  auditActionPalette,
  type ChangePart,
  changesOf,
  formatDateTime,
  idsOf,
  referencePart,
  targetKindLabel,
} from './format';
import { ListTile, Pill, SearchField, SelectField } from './parts';
import { usePagedFilters, useSelectFilter } from './use-paged-filters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ActionFilter = 'all' | AuditActionValue;
const ACTION_OPTIONS: { value: ActionFilter; label: MessageId }[] = [
  { value: 'all', label: 'admin.activity.allActions' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
];

/**
 * The Activity tab: the audit log, newest first, a row for every admin action with who did it, to
 * what, why, and what it changed. Filters by action, by admin and by target.
 */
export function ActivityTab() {
  const t = useT();
  const [action, actionField] = useSelectFilter<ActionFilter>('all', ACTION_OPTIONS);
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

  return (
    <AdminList
      title={t('admin.activity.title')}
      description={t('admin.activity.description')}
      filterLabel={t('admin.activity.filterLabel')}
      filters={
        <>
          <SelectField label={t('admin.activity.action')} {...actionField} testId="audit-action-filter" />
          <SearchField
            label={t('admin.activity.admin')}
            {...actor.field}
            placeholder={t('admin.activity.adminPlaceholder')}
            testId="audit-actor-filter"
          />
          <SearchField
            label={t('admin.activity.target')}
            value={targetText}
            placeholder={t('admin.activity.targetPlaceholder')}
            onChange={setTargetText}
            testId="audit-target-filter"
            hint={
              targetText.trim() && !UUID.test(targetText.trim()) ? t('admin.activity.targetHint') : undefined
            }
          />
        </>
      }
      {...pagedQuery(audit)}
      loadingLabel={t('admin.activity.loading')}
      what={t('admin.activity.what')}
      listLabel={t('admin.activity.title')}
      empty={{
        icon: History,
        title: t('admin.activity.emptyTitle'),
        description:
          action !== 'all' || actor.search || target
            ? t('admin.activity.emptyFiltered')
            : t('admin.activity.emptyDescription'),
      }}
      table={{ testId: 'audit-table', columns: AUDIT_COLUMNS, alignTop: true }}
      rowTestId="audit-row"
      item={(entry) => <EntryCard entry={entry} />}
      noun="entries"
      onPage={actor.setPage}
    />
  );
}

const AUDIT_COLUMNS: AdminColumn<AuditEntryDto>[] = [
  {
    header: 'admin.activity.action',
    cellProps: { minW: '8rem' },
    cell: (entry) => (
      <Stack gap="1" align="flex-start">
        <ActionBadge action={entry.action} />
        <Text textStyle="caption">
          <When entry={entry} />
        </Text>
      </Stack>
    ),
  },
  {
    header: 'admin.activity.admin',
    cell: (entry) => <TruncatedText maxW="11rem">{entry.actorEmail ?? '—'}</TruncatedText>,
  },
  {
    header: 'admin.activity.target',
    cellProps: { minW: '10rem', maxW: '13rem' },
    cell: (entry) => <Target entry={entry} />,
  },
  {
    header: 'admin.activity.reason',
    cellProps: { minW: '8rem', maxW: '14rem' },
    cell: (entry) => (
      <Text wordBreak="break-word" whiteSpace="pre-line" dir="auto">
        {entry.reason ?? '—'}
      </Text>
    ),
  },
  {
    header: 'admin.activity.changes',
    cellProps: { minW: '11rem' },
    cell: (entry) => <Changes entry={entry} />,
  },
];

/** An entry as a card, on a phone. */
function EntryCard({ entry }: { entry: AuditEntryDto }) {
  const t = useT();
  return (
    <ListTile data-testid="audit-row">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <ActionBadge action={entry.action} />
        <Text textStyle="caption">
          <When entry={entry} />
        </Text>
      </Flex>
      <Box mt="2">
        <Target entry={entry} />
      </Box>
      <Stack gap="1" mt="2" fontSize="sm" color="fg.muted">
        <LabelledTruncatedText label={t('admin.activity.by')}>
          {entry.actorEmail ?? t('admin.activity.unknownAdmin')}
        </LabelledTruncatedText>
        {entry.reason ? (
          <Text color="fg" overflowWrap="anywhere">
            <FormattedMessage id="admin.activity.reasonLine" values={{ reason: <bdi>{entry.reason}</bdi> }} />
          </Text>
        ) : null}
        <Changes entry={entry} />
      </Stack>
    </ListTile>
  );
}

function When({ entry }: { entry: AuditEntryDto }) {
  return (
    <chakra.time dateTime={entry.createdAt.toISOString()}>{formatDateTime(entry.createdAt)}</chakra.time>
  );
}

function ActionBadge({ action }: { action: string }) {
  const t = useT();
  return (
    <Pill palette={auditActionPalette(action)} testId="audit-action">
      {auditActionLabel(t, action)}
    </Pill>
  );
}

/** The target by name (linked where the dashboard shows it), or as deleted; its id only in the details. */
function Target({ entry }: { entry: AuditEntryDto }) {
  const t = useT();
  const kind = targetKindLabel(t, entry.targetType);
  const reference = entry.references.find(
    (r) => r.kind === entry.targetType && r.id.toLowerCase() === entry.targetId?.toLowerCase(),
  );
  const name: ChangePart = reference
    ? referencePart(t, reference)
    : entry.targetLabel !== null
      ? { text: entry.targetLabel, name: true }
      : { text: kind };
  const named = reference ? reference.name !== null : entry.targetLabel !== null;
  return (
    <Box minW="0">
      <Text fontWeight="semibold" color="brand.950" overflowWrap="anywhere" data-testid="audit-target">
        <Part part={name} />
      </Text>
      {named ? (
        <TruncatedText textStyle="caption" fontWeight="normal">
          {[kind, reference?.email].filter(Boolean).join(' · ')}
        </TruncatedText>
      ) : null}
      <Ids entry={entry} />
    </Box>
  );
}

function Part({ part }: { part: ChangePart }) {
  const text = part.name ? <bdi>{part.text}</bdi> : part.text;
  if (!part.href) return <>{text}</>;
  return (
    <Link asChild color="brand.700" textDecoration="underline">
      <RouterLink to={part.href}>{text}</RouterLink>
    </Link>
  );
}

function Parts({ parts }: { parts: ChangePart[] }) {
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one value never reorder
        <span key={i}>
          {i > 0 ? ', ' : null}
          <Part part={part} />
        </span>
      ))}
    </>
  );
}

/** The ids an entry holds, folded away: for a support ticket or the Target filter, not for reading. */
function Ids({ entry }: { entry: AuditEntryDto }) {
  const t = useT();
  const ids = idsOf(t, entry.targetType, entry.targetId, entry.references);
  if (ids.length === 0) return null;
  return (
    <chakra.details mt="1" fontSize="xs" color="fg.muted" data-testid="audit-ids">
      <chakra.summary cursor="pointer" width="fit-content">
        {t('admin.activity.details')}
      </chakra.summary>
      <Stack as="dl" gap="0.5" mt="1">
        {ids.map((row) => (
          <Box key={`${row.label}:${row.id}`}>
            <chakra.dt display="inline">{row.name ? <bdi>{row.label}</bdi> : row.label}: </chakra.dt>
            <chakra.dd display="inline" fontFamily="mono" overflowWrap="anywhere">
              {row.id}
            </chakra.dd>
          </Box>
        ))}
      </Stack>
    </chakra.details>
  );
}

function Changes({ entry }: { entry: AuditEntryDto }) {
  const t = useT();
  const changes = changesOf(t, entry.before, entry.after, entry.references);
  if (changes.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <Stack as="ul" gap="0.5" listStyleType="none" fontSize="xs">
      {changes.map((c) => (
        <Flex as="li" key={c.field} gap="1" wrap="wrap">
          <Text fontWeight="semibold">{c.field}:</Text>
          {/* The values as stored: a person's words (a reason, a name) read in their own direction. */}
          <Text color="fg.muted" textDecoration="line-through" wordBreak="break-word" dir="auto">
            <Parts parts={c.before} />
          </Text>
          <Text aria-label={t('admin.activity.changedTo')}>
            <DirectionalIcon>→</DirectionalIcon>
          </Text>
          <Text wordBreak="break-word" dir="auto">
            <Parts parts={c.after} />
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}
