import { Icon, InputGroup, type InputGroupProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';

type SearchInputGroupProps = Omit<InputGroupProps, 'startElement'> & {
  /** The magnifier's size: '4' beside a small box, '5' beside a large one. */
  iconSize: '4' | '5';
};

/** A search box's frame: the magnifier at its start, the input (given as the child) after it. */
export function SearchInputGroup({ iconSize, children, ...group }: SearchInputGroupProps) {
  return (
    <InputGroup
      startElement={
        <Icon boxSize={iconSize} color="fg.muted">
          <Search />
        </Icon>
      }
      {...group}
    >
      {children}
    </InputGroup>
  );
}
