import { Box, Field, Input, Text } from '@chakra-ui/react';
import type { KeyboardEvent } from 'react';
import type { PlaceDto } from '../../shared/schemas/places';
import { trpc } from '../lib/trpc';
import { ComboboxList, useCombobox } from './combobox';
import { moveWithArrows } from './combobox-keys';
import { ComboboxOption } from './combobox-option';
import { useDebounced } from './use-debounced';

/** 'Brooklyn, New York, United States'. */
export function placeLabel(place: Pick<PlaceDto, 'name' | 'region' | 'countryName'>): string {
  return [place.name, place.region, place.countryName].filter(Boolean).join(', ');
}

interface PlacePickerProps {
  label: string;
  /** The place chosen, shown in the box; null while none is. */
  value: PlaceDto | null;
  onChange: (place: PlaceDto | null) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A city from the place search (GET /api/places), as a combobox: type the start of a name, arrows
 * move through the suggestions, Enter or a click takes one, Escape closes the list. Typing again
 * drops the place chosen until another is taken.
 */
export function PlacePicker({ label, value, onChange, error, disabled }: PlacePickerProps) {
  const { text, setText, open, setOpen, active, setActive, close, listId, optionId, inputProps } =
    useCombobox(value ? placeLabel(value) : '');
  const query = useDebounced(text.trim(), 200);
  const searching = query.length > 0 && (value === null || query !== placeLabel(value));
  const { data, isFetching } = trpc.places.search.useQuery(
    { q: query },
    { enabled: searching, staleTime: 60_000 },
  );
  const places = searching ? (data?.places ?? []) : [];
  const expanded = open && places.length > 0;

  const choose = (place: PlaceDto) => {
    close();
    setText(placeLabel(place));
    onChange(place);
  };

  const props = inputProps(expanded);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (moveWithArrows(event, places.length, { setOpen, setActive })) return;
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Enter' && expanded) {
      const place = places[Math.max(active, 0)];
      if (place) {
        event.preventDefault();
        choose(place);
      }
    }
  };

  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Box position="relative" w="full">
        <Input
          {...props}
          placeholder="Start typing a city: Brooklyn, Jerusalem, London…"
          aria-label={label}
          onChange={(event) => {
            props.onChange(event);
            if (value) onChange(null);
          }}
          onKeyDown={onKeyDown}
        />
        <ComboboxList id={listId} aria-label="Places" hidden={!expanded} top="calc(100% + 0.25rem)">
          {places.map((place, i) => (
            <ComboboxOption
              key={place.id}
              id={optionId(i)}
              selected={i === active}
              onChoose={() => choose(place)}
            >
              <Text fontWeight="medium">{place.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {[place.region, place.countryName].filter(Boolean).join(', ')} · {place.timeZone}
              </Text>
            </ComboboxOption>
          ))}
        </ComboboxList>
      </Box>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText aria-live="polite">
          {value
            ? `Times by the clock of ${value.name} (${value.timeZone}).`
            : searching && !isFetching && data && data.places.length === 0
              ? 'No city starts with that.'
              : 'Choose a city from the list.'}
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
