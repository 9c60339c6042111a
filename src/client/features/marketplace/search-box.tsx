import { Box, Button, CloseButton, Flex, Input, Text } from '@chakra-ui/react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { MARKETPLACE_CATEGORIES, type MarketplaceCategory } from '../../../shared/constants';
import { ComboboxList, useCombobox } from '../../components/combobox';
import { moveWithArrows } from '../../components/combobox-keys';
import { ComboboxOption } from '../../components/combobox-option';
import { SearchInputGroup } from '../../components/search-input';
import type { MessageId } from '../../i18n/catalogue';
import { term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';
import { useSuggestions } from './use-marketplace';

type SuggestionKind = 'vendor' | 'service' | 'location';
interface Suggestion {
  kind: SuggestionKind;
  label: string;
}

const GROUPS: { kind: SuggestionKind; title: MessageId; max: number }[] = [
  { kind: 'vendor', title: 'marketplace.search.vendors', max: 3 },
  { kind: 'service', title: 'marketplace.search.services', max: 3 },
  { kind: 'location', title: 'marketplace.search.locations', max: 2 },
];

function isCategory(label: string): label is MarketplaceCategory {
  return (MARKETPLACE_CATEGORIES as readonly string[]).includes(label);
}

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
  const t = useT();
  const { text, setText, open, setOpen, active, setActive, close, listId, optionId, inputProps } =
    useCombobox(value);

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
    if (moveWithArrows(event, suggestions.length, { setOpen, setActive })) return;
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
        <SearchInputGroup
          flex="1"
          iconSize="5"
          endElement={
            text ? (
              <CloseButton
                size="xs"
                aria-label={t('marketplace.search.clear')}
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
            placeholder={t('marketplace.search.placeholder')}
            aria-label={t('marketplace.search.label')}
            {...inputProps(expanded)}
            onKeyDown={onKeyDown}
          />
        </SearchInputGroup>
        <Button type="submit" size="lg" flexShrink="0">
          {t('marketplace.search.submit')}
        </Button>
      </Flex>
      <ComboboxList
        id={listId}
        aria-label={t('marketplace.search.suggestions')}
        hidden={!expanded}
        top="calc(100% + 0.5rem)"
      >
        {GROUPS.map((group) => {
          const items = suggestions.filter((s) => s.kind === group.kind);
          if (items.length === 0) return null;
          return (
            <Box as="li" key={group.kind} role="presentation">
              <Text px="4" pt="2" pb="1" fontSize="xs" textStyle="eyebrow" color="fg.muted" aria-hidden>
                {t(group.title)}
              </Text>
              <Box as="ul" role="group" aria-label={t(group.title)}>
                {items.map((suggestion) => {
                  index += 1;
                  const i = index;
                  return (
                    <ComboboxOption
                      key={`${suggestion.kind}-${suggestion.label}`}
                      id={optionId(i)}
                      selected={i === active}
                      onChoose={() => choose(suggestion)}
                    >
                      {suggestion.kind === 'service' && isCategory(suggestion.label) ? (
                        term(t, 'category', suggestion.label)
                      ) : (
                        <bdi>{suggestion.label}</bdi>
                      )}
                    </ComboboxOption>
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </ComboboxList>
    </Box>
  );
}
