import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../lib/trpc';
import {
  type CalendarView,
  parseCivilDate,
  parseView,
  toCalendarEvents,
  todayCivil,
  toFamilyEvents,
} from './calendar-model';

/** The user's events on their local dates, with their conflicts. */
export function useCalendarEvents() {
  const query = trpc.events.list.useQuery();
  const events = useMemo(() => toCalendarEvents(query.data ?? []), [query.data]);
  return { events, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}

/** The family circle's events; asked for only when the user has a family label (spec section 6). */
export function useFamilyCalendarEvents(familyLabel: string | null) {
  const query = trpc.family.events.useQuery(undefined, { enabled: Boolean(familyLabel) });
  const events = useMemo(
    () => (familyLabel ? toFamilyEvents(query.data ?? []) : []),
    [familyLabel, query.data],
  );
  return {
    events,
    isPending: Boolean(familyLabel) && query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
}

/**
 * The view and the selected day live in the address (?view=week&date=2027-04-22), so that a
 * reload or a shared link shows the same place; moving around replaces the entry instead of
 * filling the history.
 */
export function useCalendarLocation() {
  const [params, setParams] = useSearchParams();
  const today = todayCivil();
  const view = parseView(params.get('view'));
  const anchor = parseCivilDate(params.get('date')) ?? today;
  const go = (next: { view?: CalendarView; date?: string }) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('view', next.view ?? view);
        updated.set('date', next.date ?? anchor);
        return updated;
      },
      { replace: true },
    );
  };
  return { today, view, anchor, go };
}
