import { Skeleton, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

type StatTileProps = Omit<Stat.RootProps, 'children'> & {
  label: string;
  /** The figure as shown; undefined while it loads, which holds its place with a skeleton. */
  value: ReactNode | undefined;
  help: ReactNode;
  testId: string;
  /** Keeps tiles of one row the same height while a help line is still empty. */
  helpMinH?: string;
};

/** One figure on a dashboard: what it counts, the number, and a line of what it means. */
export function StatTile({ label, value, help, testId, helpMinH, ...root }: StatTileProps) {
  return (
    <Stat.Root layerStyle="panel" rounded="xl" p="4" minW="0" data-card="" data-testid={testId} {...root}>
      <Stat.Label>{label}</Stat.Label>
      {value === undefined ? (
        <Skeleton h="8" w="16" my="0.5" />
      ) : (
        <Stat.ValueText color="brand.950" fontSize={{ base: 'xl', md: '2xl' }}>
          {value}
        </Stat.ValueText>
      )}
      <Stat.HelpText as="dd" fontSize="xs" color="fg.muted" minH={helpMinH}>
        {help}
      </Stat.HelpText>
    </Stat.Root>
  );
}
