import { useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import { useDebounced } from '../../components/use-debounced';

/**
 * A paged list's search text (asked for after the same pause as the marketplace's search) and its
 * page, which goes back to 1 whenever the search or a filter changes.
 */
export function usePagedFilters(filterKey: string) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), TIMINGS.suggestionsDebounceMs);
  const key = `${filterKey}\u0000${search}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return {
    text,
    setText,
    /** The settled search, or undefined for none. */
    search: search === '' ? undefined : search,
    page,
    setPage: (next: number) => setPaging({ key, page: next }),
  };
}
