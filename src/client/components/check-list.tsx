import { Icon, type IconProps, List } from '@chakra-ui/react';
import { Check } from 'lucide-react';

interface CheckListProps extends Omit<List.RootProps, 'children'> {
  items: readonly string[];
  /** The colour of the ticks. */
  tick: string;
  tickSize?: IconProps['boxSize'];
  /** 'start' for lines that may wrap: the tick stays level with the first line. */
  align?: 'center' | 'start';
}

/** A list of short points, each after a tick (what a plan or an account offers). */
export function CheckList({ items, tick, tickSize = '4', align = 'center', ...root }: CheckListProps) {
  const start = align === 'start';
  return (
    <List.Root variant="plain" {...root}>
      {items.map((item) => (
        <List.Item key={item} alignItems={start ? 'flex-start' : 'center'}>
          <List.Indicator asChild color={tick} mt={start ? '1' : undefined}>
            <Icon boxSize={tickSize}>
              <Check />
            </Icon>
          </List.Indicator>
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}
