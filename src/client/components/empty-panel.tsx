import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** Buttons or links that lead somewhere useful. */
  children?: ReactNode;
}

/** An honest empty state: what is missing, and what the person can do next. */
export function EmptyPanel({ icon, title, description, children }: EmptyPanelProps) {
  return (
    <EmptyState.Root
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderStyle="dashed"
      rounded="2xl"
      py={{ base: '10', md: '14' }}
    >
      <EmptyState.Content>
        <EmptyState.Indicator
          color="brand.fg"
          bg="brand.subtle"
          rounded="full"
          boxSize="16"
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {icon}
        </EmptyState.Indicator>
        <VStack textAlign="center" gap="2">
          <EmptyState.Title as="h2" fontSize="lg" color="brand.950">
            {title}
          </EmptyState.Title>
          <EmptyState.Description maxW="md">{description}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
