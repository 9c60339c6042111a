import { SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FieldColumnsProps {
  /** How many fields stand side by side once there is room. */
  columns?: number;
  /** The breakpoint from which they do; below it they stand one under another. */
  from?: 'sm' | 'md';
  children: ReactNode;
}

/** A row of a form's fields side by side (a date and its time, a phone and a website); one column on a phone. */
export function FieldColumns({ columns = 2, from = 'sm', children }: FieldColumnsProps) {
  return (
    <SimpleGrid columns={{ base: 1, [from]: columns }} gap="5">
      {children}
    </SimpleGrid>
  );
}
