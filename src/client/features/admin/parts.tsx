import {
  Badge,
  Box,
  type BoxProps,
  Button,
  type ButtonProps,
  Field,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../shared/schemas/admin';
import { SearchInputGroup } from '../../components/search-input';
import { TruncatedText } from '../../components/truncated-text';
import { DirectionalIcon } from '../../i18n/bidi';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { useWiderThan } from '../../lib/viewport';
import { rangeText } from './format';

/** What a paged list holds, which names it in its labels ('Filter accounts', 'Pages of accounts'). */
export type ListNoun = 'accounts' | 'claims' | 'entries' | 'listings' | 'reports' | 'reviewReports';

/**
 * Whether lists show as tables: from the lg breakpoint, where the side panel appears and a row has
 * room for its columns. Below it every row is a card, so a phone never scrolls sideways.
 */
export function useTableLayout(): boolean {
  return useWiderThan('lg');
}

/** The row of filters above a list: side by side when there is room, stacked on a phone. */
export function FilterBar({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Flex
      role="group"
      aria-label={label}
      w={{ base: 'full', md: 'auto' }}
      flexGrow={{ md: '1' }}
      justify={{ md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
      gap="3"
      align={{ base: 'stretch', md: 'flex-end' }}
      wrap="wrap"
    >
      {children}
    </Flex>
  );
}

interface SearchFieldProps {
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  testId?: string;
  /** A line under the box, e.g. what it needs before it searches. */
  hint?: string;
}

/** A labelled search box of a filter bar. */
export function SearchField({ label, value, placeholder, onChange, testId, hint }: SearchFieldProps) {
  return (
    <Field.Root flex={{ md: '2' }} minW={{ md: '14rem' }}>
      <Field.Label>{label}</Field.Label>
      <SearchInputGroup w="full" iconSize="4">
        <Input
          type="search"
          bg="bg"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
      </SearchInputGroup>
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
    </Field.Root>
  );
}

export interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  /** The choices, each named by its catalogue message. */
  options: readonly { value: T; label: MessageId }[];
  onChange: (value: T) => void;
  testId?: string;
}

/** A labelled native select of a filter bar. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: SelectFieldProps<T>) {
  const t = useT();
  return (
    <Field.Root flex={{ md: '1' }} minW={{ md: '10rem' }} maxW={{ md: '16rem' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          bg="bg"
          value={value}
          data-testid={testId}
          onChange={(e) => {
            const next = options.find((o) => o.value === e.target.value);
            if (next) onChange(next.value);
          }}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface PagerProps {
  page: number;
  total: number;
  /** What the list holds, for the buttons' names ('Previous page of accounts') and its count. */
  noun: ListNoun;
  onPage: (page: number) => void;
  pageSize?: number;
}

/** Previous and next under a paged list, with where this page is. */
export function Pager({ page, total, noun, onPage, pageSize = ADMIN_PAGE_SIZE }: PagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) {
    return (
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total === 0 ? '' : t('admin.list.count', { noun, count: total })}
      </Text>
    );
  }
  return (
    <Flex
      as="nav"
      aria-label={t('admin.list.pages', { noun })}
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
    >
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('admin.list.range', { noun, range: rangeText(t, page, pageSize, total) })}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label={t('admin.list.previousPage', { noun })}
        >
          <DirectionalIcon>
            <ChevronLeft aria-hidden />
          </DirectionalIcon>
          {t('common.action.previous')}
        </Button>
        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
          {t('admin.pager.page', { page: String(page), pages: String(pages) })}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('admin.list.nextPage', { noun })}
        >
          {t('common.action.next')}
          <DirectionalIcon>
            <ChevronRight aria-hidden />
          </DirectionalIcon>
        </Button>
      </HStack>
    </Flex>
  );
}

export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <Skeleton key={i} h="16" rounded="xl" />
      ))}
    </Stack>
  );
}

/** One row of a list on a phone: a card whose title line, details and actions stack. */
export function RowCard({
  title,
  badges,
  children,
  actions,
  testId,
  dataId,
}: {
  title: ReactNode;
  badges?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  /** The row's record id, for tests and tools that find a row by what it is rather than its text. */
  dataId?: string;
}) {
  return (
    <ListTile data-id={dataId} data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap="3">
        <Box minW="0" textStyle="itemTitle">
          {title}
        </Box>
        {badges ? (
          <HStack gap="1.5" flexShrink="0" wrap="wrap" justify="flex-end">
            {badges}
          </HStack>
        ) : null}
      </Flex>
      {children ? (
        <Stack gap="1" mt="2" fontSize="sm" color="fg.muted" minW="0">
          {children}
        </Stack>
      ) : null}
      {actions ? (
        <Flex gap="2" mt="3" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </ListTile>
  );
}

/** A rounded status label: a claim's, an audit entry's action, a piece of evidence. */
export function Pill({
  palette,
  testId,
  children,
}: {
  palette: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Badge colorPalette={palette} variant="subtle" rounded="full" px="2.5" data-testid={testId}>
      {children}
    </Badge>
  );
}

/** A button of a row's actions: its icon, then its word; `aria-label` names the record it acts on. */
export function RowAction({ icon: Glyph, children, ...button }: ButtonProps & { icon: LucideIcon }) {
  return (
    <Button size="xs" variant="outline" {...button}>
      <Glyph aria-hidden />
      {children}
    </Button>
  );
}

/** The white card a record sits on in a list on a phone. */
export function ListTile(props: BoxProps) {
  return <Box as="li" layerStyle="panel" rounded="xl" p="4" minW="0" data-card="" {...props} />;
}

/**
 * A person in a report's card: their name, then their e-mail address, each on a line of its own in
 * its own direction, ending in an ellipsis where the card is too narrow rather than breaking
 * mid-address. `badge` follows the name (the account's suspension).
 */
export function PersonLines({
  name,
  email,
  badge,
}: {
  name: string;
  email: string | null;
  badge?: ReactNode;
}) {
  return (
    <>
      <HStack gap="2" minW="0">
        <TruncatedText minW="0">{name}</TruncatedText>
        {badge}
      </HStack>
      {email ? <TruncatedText color="fg.muted">{email}</TruncatedText> : null}
    </>
  );
}
