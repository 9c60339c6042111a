import { Button, HStack, Skeleton, Stack, type StackProps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';

interface LoadFailedProps extends StackProps {
  /** What could not be loaded, as a sentence. */
  message: string;
  onRetry: () => void;
}

/** A part of a profile card whose data did not arrive, with a way to ask again. */
export function LoadFailed({ message, onRetry, ...props }: LoadFailedProps) {
  const t = useT();
  return (
    <HStack gap="3" {...props}>
      <Text fontSize="sm" color="fg.muted">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('profile.loadFailed.retry')}
      </Button>
    </HStack>
  );
}

interface LoadedListProps<T> {
  query: { data: T | undefined; isPending: boolean; isLoadingError: boolean; refetch: () => unknown };
  /** The height of each of the two placeholder rows shown while the list loads. */
  rowHeight: string;
  /** What could not be loaded, as a sentence. */
  failure: string;
  children: (data: T) => ReactNode;
}

/** A list of a profile card that loads: two placeholder rows, then the list, or the failure and a retry. */
export function LoadedList<T>({ query, rowHeight, failure, children }: LoadedListProps<T>) {
  if (query.isPending) {
    return (
      <Stack gap="3">
        <Skeleton h={rowHeight} rounded="lg" />
        <Skeleton h={rowHeight} rounded="lg" />
      </Stack>
    );
  }
  if (query.isLoadingError || query.data === undefined) {
    return <LoadFailed message={failure} onRetry={() => void query.refetch()} />;
  }
  return children(query.data);
}
