import { Icon, type IconProps, InputGroup, type InputGroupProps } from '@chakra-ui/react';
import { Search } from 'lucide-react';

interface SearchInputGroupProps extends Omit<InputGroupProps, 'startElement'> {
  iconSize: IconProps['boxSize'];
}

/** A search box's frame: the magnifying glass at its start, the text box (the child) after it. */
export function SearchInputGroup({ iconSize, ...rest }: SearchInputGroupProps) {
  return (
    <InputGroup
      startElement={
        <Icon boxSize={iconSize} color="fg.muted">
          <Search />
        </Icon>
      }
      {...rest}
    />
  );
}
