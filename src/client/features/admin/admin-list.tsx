import { Box, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { Fragment, type ReactNode, useId } from 'react';
import { EmptyPanel, LoadFailedPanel, PanelIcon } from '../../components/empty-panel';
import { Panel } from '../../components/panel';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import {
  FilterBar,
  type ListNoun,
  ListSkeleton,
  Pager,
  RowCard,
  SelectField,
  type SelectFieldProps,
  useTableLayout,
} from './parts';

/** What a list needs to know of its query: whether it is loading, failed or showing the previous page. */
export interface ListQueryState {
  isPending: boolean;
  isLoadingError: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A paged list's query as AdminList takes it: its state, the rows of the page shown, and the paging. */
export function pagedQuery<T>(
  query: ListQueryState & { data?: { items: readonly T[]; page: number; total: number } },
) {
  return { query, rows: query.data?.items ?? [], paging: query.data };
}

/** One column of a list's table: its header, and what each row shows in it. */
export interface AdminColumn<T> {
  /** The header's catalogue message. */
  header: MessageId;
  /** Aligned to the end of the line, the reading way's (counts). */
  end?: boolean;
  cell: (row: T) => ReactNode;
  cellProps?: Table.CellProps;
}

/** What a row shows as a card on a phone: a title line with its badges, then details. */
export interface AdminCard {
  title: ReactNode;
  badges?: ReactNode;
  details?: ReactNode;
}

interface AdminListProps<T extends { id: string }, Status extends string> {
  title: string;
  description: string;
  /** The filters' group name; 'Filter accounts' from the noun unless told. */
  filterLabel?: string;
  /** The filters, under the heading; or a list filtered by status alone, its one select beside the heading. */
  filters?: ReactNode;
  statusFilter?: Omit<SelectFieldProps<Status>, 'label'>;
  query: ListQueryState;
  rows: readonly T[];
  /** The skeleton's name; 'Loading accounts' from the noun unless told. */
  loadingLabel?: string;
  skeletonRows?: number;
  /** The list's name in a failure; 'the accounts' from the noun unless told. */
  what?: string;
  /** The list's name as cards; 'Accounts' from the noun unless told. */
  listLabel?: string;
  empty: { icon: LucideIcon; title: string; description: string };
  /** The table from the lg breakpoint; without it, the cards show at every width. */
  table?: {
    testId: string;
    columns: readonly AdminColumn<T>[];
    /** Rows lit up under the pointer (rows with buttons). */
    interactive?: boolean;
    /** Cells aligned at the top (rows of several lines). */
    alignTop?: boolean;
  };
  rowTestId: string;
  /** Whether each row carries its record id (data-id), for tests that find a row by what it is. */
  withDataId?: boolean;
  /** The row's buttons: the last column of the table, the foot of the card. */
  actions?: (row: T) => ReactNode;
  /** The row as a card, or `item` for a list item of its own. */
  card?: (row: T) => AdminCard;
  item?: (row: T) => ReactNode;
  listGap?: string;
  /** The page shown and the total, once the first page has come. */
  paging?: { page: number; total: number } | null;
  /** What the list holds ('accounts'): its count, its pager and, unless told, its labels. */
  noun: ListNoun;
  onPage?: (page: number) => void;
  /** The dialogs the list opens. */
  children?: ReactNode;
}

/**
 * A list of the admin dashboard: its heading and filters, then the rows as a table on a wide screen
 * and as cards on a phone (or while loading, failed or empty, the state of it), and the pager.
 */
export function AdminList<T extends { id: string }, Status extends string = string>(
  props: AdminListProps<T, Status>,
) {
  const t = useT();
  const headingId = useId();
  const heading = (
    <Box>
      <Heading id={headingId} as="h2" fontSize="xl" color="brand.950">
        {props.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {props.description}
      </Text>
    </Box>
  );
  const { paging, onPage, statusFilter, noun } = props;
  const filters = (
    <FilterBar label={props.filterLabel ?? t('admin.list.filter', { noun })}>
      {statusFilter ? <SelectField label={t('admin.filter.status')} {...statusFilter} /> : props.filters}
    </FilterBar>
  );
  return (
    <Stack as="section" aria-labelledby={headingId} gap="5">
      {statusFilter ? (
        // The select keeps its place and width beside the heading, however long the description:
        // the description wraps instead, so lists shown one above the other line up.
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'flex-end' }}
          gap="4"
          direction={{ base: 'column', md: 'row' }}
        >
          <Box flex="1" minW="0">
            {heading}
          </Box>
          <Box flexShrink="0" w={{ base: 'full', md: '16rem' }}>
            {filters}
          </Box>
        </Flex>
      ) : (
        <>
          {heading}
          {filters}
        </>
      )}
      <Rows
        {...props}
        loadingLabel={props.loadingLabel ?? t('admin.list.loading', { noun })}
        what={props.what ?? t('admin.list.what', { noun })}
        listLabel={props.listLabel ?? t('admin.list.label', { noun })}
      />
      {paging && onPage ? (
        <Pager page={paging.page} total={paging.total} noun={noun} onPage={onPage} />
      ) : null}
      {props.children}
    </Stack>
  );
}

function Rows<T extends { id: string }, Status extends string>({
  query,
  rows,
  loadingLabel,
  skeletonRows,
  what,
  listLabel,
  empty,
  table,
  rowTestId,
  withDataId,
  actions,
  card,
  item,
  listGap = '3',
}: AdminListProps<T, Status> &
  Required<Pick<AdminListProps<T, Status>, 'loadingLabel' | 'what' | 'listLabel'>>) {
  const t = useT();
  const wide = useTableLayout();
  if (query.isPending) return <ListSkeleton label={loadingLabel} rows={skeletonRows} />;
  if (query.isLoadingError) {
    return <LoadFailedPanel what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (rows.length === 0) {
    return (
      <EmptyPanel
        icon={<PanelIcon icon={empty.icon} />}
        title={empty.title}
        description={empty.description}
      />
    );
  }
  const dataId = (row: T) => (withDataId ? row.id : undefined);

  if (table && wide) {
    return (
      <Panel overflow="hidden" aria-busy={query.isPlaceholderData}>
        <Table.ScrollArea>
          <Table.Root
            size="sm"
            whiteSpace="normal"
            interactive={table.interactive}
            data-testid={table.testId}
          >
            <Table.Header>
              <Table.Row bg="bg.muted">
                {table.columns.map((column) => (
                  <Table.ColumnHeader key={column.header} textAlign={column.end ? 'end' : undefined}>
                    {t(column.header)}
                  </Table.ColumnHeader>
                ))}
                {actions ? (
                  <Table.ColumnHeader textAlign="end">{t('admin.list.actions')}</Table.ColumnHeader>
                ) : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row
                  key={row.id}
                  data-testid={rowTestId}
                  data-id={dataId(row)}
                  verticalAlign={table.alignTop ? 'top' : undefined}
                >
                  {table.columns.map((column) => (
                    <Table.Cell
                      key={column.header}
                      textAlign={column.end ? 'end' : undefined}
                      {...column.cellProps}
                    >
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                  {actions ? (
                    <Table.Cell>
                      {/* Stacked when the row is tight, so that a desktop table never scrolls to its actions. */}
                      <Flex gap="2" justify="flex-end" wrap="wrap">
                        {actions(row)}
                      </Flex>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Panel>
    );
  }

  return (
    <Stack
      as="ul"
      gap={listGap}
      listStyleType="none"
      aria-label={listLabel}
      aria-busy={query.isPlaceholderData}
    >
      {rows.map((row) => {
        if (item || !card) return <Fragment key={row.id}>{item?.(row)}</Fragment>;
        const { title, badges, details } = card(row);
        return (
          <RowCard
            key={row.id}
            testId={rowTestId}
            dataId={dataId(row)}
            title={title}
            badges={badges}
            actions={actions?.(row)}
          >
            {details}
          </RowCard>
        );
      })}
    </Stack>
  );
}
