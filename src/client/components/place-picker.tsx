import { Box, Field, IconButton, Input, Text } from '@chakra-ui/react';
import { MapPin, X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useRef } from 'react';
import type { PlaceDto } from '../../shared/schemas/places';
import { useIsolate } from '../i18n/use-isolate';
import { useMessageText, useT } from '../i18n/use-t';
import { trpc } from '../lib/trpc';
import { ComboboxList, useCombobox } from './combobox';
import { moveWithArrows } from './combobox-keys';
import { ComboboxOption } from './combobox-option';
import { useDebounced } from './use-debounced';

/** A place as a form holds it: enough to name it and to know its clock. */
export interface PickedPlace {
  id: number;
  name: string;
  region: string | null;
  countryName: string;
  timeZone: string;
}

const SEARCH_DEBOUNCE_MS = 150;

export function pickedPlace(place: PlaceDto): PickedPlace {
  return {
    id: place.id,
    name: place.name,
    region: place.region,
    countryName: place.countryName,
    timeZone: place.timeZone,
  };
}

/** "Brooklyn, New York, United States". */
export function placeLabel(place: Pick<PickedPlace, 'name' | 'region' | 'countryName'>): string {
  return [place.name, place.region, place.countryName].filter(Boolean).join(', ');
}

/** "Brooklyn, New York": the place as a line of an event shows it. */
export function placeShortLabel(place: Pick<PickedPlace, 'name' | 'region' | 'countryName'>): string {
  return [place.name, place.region ?? place.countryName].filter(Boolean).join(', ');
}

/**
 * The place a stored id names, read once and kept (places do not change); null while there is no
 * id or it is still being read. A place just picked is put in the same cache by the picker.
 */
export function usePlace(id: number | null | undefined): PickedPlace | null {
  const query = trpc.places.byId.useQuery(
    { id: id ?? 0 },
    { enabled: typeof id === 'number' && id > 0, staleTime: Number.POSITIVE_INFINITY },
  );
  return id && query.data ? pickedPlace(query.data) : null;
}

interface PlacePickerProps {
  label: ReactNode;
  value: PickedPlace | null;
  onChange: (place: PickedPlace | null) => void;
  onBlur?: () => void;
  /** Guidance under the field, while there is no error. */
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Reaches the input, so that a form can focus the field holding an error. */
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

/**
 * A city from the place search, as a combobox: typing asks for up to ten places after a short
 * pause, arrows move through them, Enter takes one, Escape closes the list and a button clears the
 * choice. The box shows the chosen place; leaving it with other text puts the chosen place back.
 */
export function PlacePicker({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  disabled = false,
  placeholder,
  inputRef,
  'data-testid': testId,
}: PlacePickerProps) {
  const t = useT();
  const messageText = useMessageText();
  const iso = useIsolate();
  const shown = value ? placeShortLabel(value) : '';
  const { text, setText, open, setOpen, active, setActive, close, listId, optionId, inputProps } =
    useCombobox(shown);
  const utils = trpc.useUtils();

  // The chosen place changed from outside (a form reset, the place read by id): the box shows it,
  // unless the person has typed over what it showed. The stored place's name can arrive after they
  // started typing (a drawn page, a slow network); their search is kept, and leaving the box without
  // choosing brings the place back (onBlur below).
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    const before = lastShown.current;
    lastShown.current = shown;
    setText((current) => (current === before ? shown : current));
  }, [shown, setText]);

  const typed = text.trim();
  const searching = typed.length > 0 && typed !== shown;
  const q = useDebounced(searching ? typed : '', SEARCH_DEBOUNCE_MS);
  const results = trpc.places.search.useQuery({ q }, { enabled: q.length > 0, staleTime: 60_000 });
  const settled = searching && q === typed;
  const items = settled ? (results.data?.places ?? []) : [];
  const expanded = open && settled && !results.isPending && items.length > 0;

  const status = !searching
    ? ''
    : !settled || results.isPending
      ? t('common.place.searching')
      : results.isError
        ? t('common.place.searchFailed')
        : items.length === 0
          ? t('common.place.noMatch', { text: iso(typed) })
          : t('common.place.found', { count: items.length });

  const choose = (place: PlaceDto) => {
    utils.places.byId.setData({ id: place.id }, place);
    close();
    const picked = pickedPlace(place);
    lastShown.current = placeShortLabel(picked);
    setText(placeShortLabel(picked));
    onChange(picked);
  };

  const clear = () => {
    close();
    lastShown.current = '';
    setText('');
    onChange(null);
  };

  const input = inputProps(expanded);

  // Escape closes the open list, not a dialog around the field: a dialog hears Escape on the
  // document before the field does, so the list hears it first, on the window.
  useEffect(() => {
    if (!expanded) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || document.activeElement !== input.ref.current) return;
      event.preventDefault();
      event.stopPropagation();
      close();
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (moveWithArrows(event, items.length, { setOpen, setActive })) return;
    if (event.key === 'Enter') {
      // Enter never sends the form from the place box.
      event.preventDefault();
      const item = items[active] ?? (items.length === 1 ? items[0] : undefined);
      if (expanded && item) choose(item);
    }
  };

  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Box position="relative" w="full">
        <Box
          position="absolute"
          insetStart="3"
          top="50%"
          transform="translateY(-50%)"
          color="fg.muted"
          pointerEvents="none"
          display="inline-flex"
          zIndex="1"
        >
          <MapPin size={16} aria-hidden />
        </Box>
        <Input
          {...input}
          ref={(node) => {
            input.ref.current = node;
            if (typeof inputRef === 'function') inputRef(node);
            else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = node;
          }}
          ps="9"
          pe={value || text ? '10' : undefined}
          placeholder={placeholder ?? t('common.place.placeholder')}
          data-testid={testId}
          onKeyDown={onKeyDown}
          onBlur={() => {
            input.onBlur();
            // Text that chose nothing gives way to the place chosen.
            if (text !== shown) setText(shown);
            onBlur?.();
          }}
        />
        {value || text ? (
          <IconButton
            aria-label={t('common.place.clear')}
            size="xs"
            variant="ghost"
            position="absolute"
            insetEnd="1.5"
            top="50%"
            transform="translateY(-50%)"
            minW="6"
            h="6"
            disabled={disabled}
            onClick={clear}
            zIndex="1"
          >
            <X />
          </IconButton>
        ) : null}
        <ComboboxList
          id={listId}
          aria-label={t('common.place.matching')}
          hidden={!expanded}
          top="calc(100% + 0.25rem)"
        >
          {items.map((place, i) => (
            <ComboboxOption
              key={place.id}
              id={optionId(i)}
              selected={i === active}
              onChoose={() => choose(place)}
              data-testid="place-option"
            >
              <Text fontWeight="medium" truncate>
                <bdi>{placeLabel(place)}</bdi>
              </Text>
            </ComboboxOption>
          ))}
        </ComboboxList>
      </Box>
      {error ? <Field.ErrorText>{messageText(error)}</Field.ErrorText> : null}
      {error && !status ? null : <Field.HelperText aria-live="polite">{status || hint}</Field.HelperText>}
    </Field.Root>
  );
}
