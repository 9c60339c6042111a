import { Button, HStack, type StackProps, Text } from '@chakra-ui/react';

interface LoadFailedProps extends StackProps {
  /** What could not be loaded, as a sentence. */
  message: string;
  onRetry: () => void;
}

/** A part of a profile card whose data did not arrive, with a way to ask again. */
export function LoadFailed({ message, onRetry, ...props }: LoadFailedProps) {
  return (
    <HStack gap="3" {...props}>
      <Text fontSize="sm" color="fg.muted">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </HStack>
  );
}
