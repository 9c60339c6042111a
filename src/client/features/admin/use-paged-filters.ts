import { useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { useDebounced } from '../../components/use-debounced';
import type { MessageId } from '../../i18n/catalogue';

/**
 * A paged list's search text (asked for after the same pause as the marketplace's search) and its
 * page, which goes back to 1 whenever the search or a filter changes. `seed` is a search the
 * address asks for.
 */
export function usePagedFilters(filterKey: string, seed?: string | null) {
  const [text, setText] = useState(seed ?? '');
  // A search arriving in the address (?search=, from a link in the audit log) replaces what was typed.
  const [seeded, setSeeded] = useState(seed);
  if (seed && seed !== seeded) {
    setSeeded(seed);
    setText(seed);
  }
  const search = useDebounced(text.trim(), TIMINGS.suggestionsDebounceMs);
  const key = `${filterKey}\u0000${search}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return {
    /** The search box's value and onChange, to spread into its SearchField. */
    field: { value: text, onChange: setText },
    /** The settled search, or undefined for none. */
    search: search === '' ? undefined : search,
    page,
    setPage: (next: number) => setPaging({ key, page: next }),
  };
}

/**
 * A filter chosen from a select: its value, and what draws it (the value, the options and the
 * onChange of a SelectField, or of a list's status filter), to spread there.
 */
export function useSelectFilter<T extends string>(
  initial: T,
  options: readonly { value: T; label: MessageId }[],
) {
  const [value, setValue] = useState<T>(initial);
  return [value, { value, options, onChange: setValue }] as const;
}
