import { Box, Button, Flex, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { type ItemKind, itemMessage } from './item-editor';

/** Edit and delete buttons of one row; their labels name the item, so a screen reader knows which. */
export function ItemActions({
  kind,
  name,
  onEdit,
  onDelete,
}: {
  kind: ItemKind;
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <HStack gap="1" flexShrink="0">
      <IconButton
        aria-label={t(itemMessage(kind, 'editNamed'), { name })}
        variant="ghost"
        size="sm"
        onClick={onEdit}
      >
        <Pencil />
      </IconButton>
      <IconButton
        aria-label={t(itemMessage(kind, 'deleteNamed'), { name })}
        variant="ghost"
        size="sm"
        colorPalette="red"
        onClick={onDelete}
      >
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

/** The line above a tab's list: a summary and the add button. */
export function TabHeader({
  summary,
  addLabel,
  onAdd,
}: {
  summary: ReactNode;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
      <Text color="fg.muted" fontSize="sm">
        {summary}
      </Text>
      <Button size="sm" onClick={onAdd}>
        <Plus />
        {addLabel}
      </Button>
    </Flex>
  );
}

/** A tab's list is loading. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useT();
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={t('events.item.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h="16" rounded="xl" />
      ))}
    </Stack>
  );
}

/** A tab's list could not load: say so and offer another try. */
export function ListError({ kind, onRetry }: { kind: ItemKind; onRetry: () => void }) {
  const t = useT();
  return (
    <Box borderWidth="1px" borderColor="border.error" bg="bg.error" rounded="xl" p="4">
      <Text color="fg.error" fontWeight="medium">
        {t(itemMessage(kind, 'loadFailed'))}
      </Text>
      <Button mt="3" size="sm" variant="outline" onClick={onRetry}>
        {t('events.item.tryAgain')}
      </Button>
    </Box>
  );
}

/** A tab with nothing in it yet, and the one thing to do about it. */
export function ListEmpty({
  title,
  text,
  icon,
  children,
}: {
  title: string;
  text: string;
  icon: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" textAlign="center" gap="2" py="10" px="4" layerStyle="dashedOutline" rounded="xl">
      <Flex boxSize="12" rounded="full" bg="brand.subtle" color="brand.fg" align="center" justify="center">
        {icon}
      </Flex>
      <Text fontWeight="semibold" color="brand.950">
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted" maxW="sm">
        {text}
      </Text>
      {children}
    </Stack>
  );
}
