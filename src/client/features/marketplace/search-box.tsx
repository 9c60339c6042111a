import { Box, Button, CloseButton, Flex, Icon, Input, InputGroup, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { MARKETPLACE_CATEGORIES, type MarketplaceCategory } from '../../../shared/constants';
import { useComboboxInput } from '../../components/use-combobox-input';
import { useSuggestions } from './use-marketplace';

type SuggestionKind = 'vendor' | 'service' | 'location';
interface Suggestion {
  kind: SuggestionKind;
  label: string;
}

const GROUPS: { kind: SuggestionKind; title: string; max: number }[] = [
  { kind: 'vendor', title: 'Vendors', max: 3 },
  { kind: 'service', title: 'Services', max: 3 },
  { kind: 'location', title: 'Locations', max: 2 },
];

interface SearchBoxProps {
  /** The search in force (from the address bar). */
  value: string;
  onSearch: (text: string) => void;
  onCategory: (category: MarketplaceCategory) => void;
}

/**
 * The search box with its suggestion list, a combobox in the ARIA sense: arrows move through the
 * suggestions, Enter takes one (or searches for the text), Escape closes the list.
 */
export function SearchBox({ value, onSearch, onCategory }: SearchBoxProps) {
  const { text, setText, open, setOpen, active, setActive, close, inputProps } = useComboboxInput(value);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // A search set from elsewhere (a suggestion, the address bar, Clear) shows in the box.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  const { data } = useSuggestions(text);
  const suggestions: Suggestion[] = data
    ? [
        ...data.vendor_names.slice(0, 3).map((label) => ({ kind: 'vendor' as const, label })),
        ...data.services.slice(0, 3).map((label) => ({ kind: 'service' as const, label })),
        ...data.locations.slice(0, 2).map((label) => ({ kind: 'location' as const, label })),
      ]
    : [];
  const expanded = open && suggestions.length > 0;

  const choose = (suggestion: Suggestion) => {
    close();
    const category = MARKETPLACE_CATEGORIES.find((c) => c === suggestion.label);
    if (suggestion.kind === 'service' && category) {
      setText('');
      onCategory(category);
      if (value) onSearch('');
      return;
    }
    setText(suggestion.label);
    onSearch(suggestion.label);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    close();
    onSearch(text.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions run from -1 (the text itself) to the last suggestion, wrapping round.
      const positions = suggestions.length + 1;
      setActive((i) => ((i + 1 + step + positions) % positions) - 1);
      return;
    }
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0) {
      const suggestion = suggestions[active];
      if (suggestion) {
        event.preventDefault();
        choose(suggestion);
      }
    }
  };

  let index = -1;
  return (
    <Box as="form" role="search" onSubmit={submit} position="relative" w="full">
      <Flex gap="2">
        <InputGroup
          flex="1"
          startElement={
            <Icon boxSize="5" color="fg.muted">
              <Search />
            </Icon>
          }
          endElement={
            text ? (
              <CloseButton
                size="xs"
                aria-label="Clear search"
                onClick={() => {
                  setText('');
                  setOpen(false);
                  if (value) onSearch('');
                }}
              />
            ) : undefined
          }
        >
          <Input
            type="search"
            name="search"
            size="lg"
            bg="bg"
            {...inputProps}
            placeholder="Search vendors, services or locations"
            aria-label="Search vendors"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            onKeyDown={onKeyDown}
          />
        </InputGroup>
        <Button type="submit" size="lg" flexShrink="0">
          Search
        </Button>
      </Flex>
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        position="absolute"
        top="calc(100% + 0.5rem)"
        left="0"
        right="0"
        zIndex="dropdown"
        bg="bg"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="lg"
        py="2"
        maxH="80"
        overflowY="auto"
      >
        {GROUPS.map((group) => {
          const items = suggestions.filter((s) => s.kind === group.kind);
          if (items.length === 0) return null;
          return (
            <Box as="li" key={group.kind} role="presentation">
              <Text px="4" pt="2" pb="1" fontSize="xs" textStyle="eyebrow" color="fg.muted" aria-hidden>
                {group.title}
              </Text>
              <Box as="ul" role="group" aria-label={group.title}>
                {items.map((suggestion) => {
                  index += 1;
                  const i = index;
                  return (
                    <Box
                      as="li"
                      key={`${suggestion.kind}-${suggestion.label}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      px="4"
                      py="2"
                      cursor="pointer"
                      bg={i === active ? 'brand.subtle' : undefined}
                      _hover={{ bg: 'bg.muted' }}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(suggestion)}
                    >
                      {suggestion.label}
                    </Box>
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
