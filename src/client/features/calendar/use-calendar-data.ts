import { keepPreviousData } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useToday } from '../../lib/today';
import { trpc } from '../../lib/trpc';
import {
  type CalendarView,
  parseCivilDate,
  parseView,
  toCalendarEvents,
  toFamilyEvents,
} from './calendar-model';

/** The user's events on their dates at their places, with the server's tiers (none with warnings off). */
export function useCalendarEvents(warnings: boolean) {
  const query = trpc.events.list.useQuery();
  const events = useMemo(() => toCalendarEvents(query.data ?? [], warnings), [query.data, warnings]);
  return { events, isPending: query.isPending, isError: query.isLoadingError, refetch: query.refetch };
}

/**
 * Candle-lighting, havdalah, the runs of Shabbat and Yom Tov and the days' marks at the home place
 * for a range of dates (calendar.times, at most 62 days). Cached per range; while the next range
 * loads, the previous one's answer stays on screen rather than the times blinking out.
 */
export function useCalendarTimes(from: string, to: string) {
  const query = trpc.calendar.times.useQuery({ from, to }, { placeholderData: keepPreviousData });
  // The previous range's answer is only shown for the days both ranges share (buildDays matches by date).
  return { times: query.data ?? null, isError: query.isLoadingError, refetch: query.refetch };
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
    isError: query.isLoadingError,
    refetch: query.refetch,
  };
}

interface CalendarPlace {
  view: CalendarView;
  anchor: string;
}

/** A move: where to go, or how to get there from the place the previous move went to. */
type CalendarMove =
  | { view?: CalendarView; date?: string }
  | ((from: CalendarPlace) => { view?: CalendarView; date?: string });

function placeOf(params: URLSearchParams, today: string): CalendarPlace {
  return { view: parseView(params.get('view')), anchor: parseCivilDate(params.get('date')) ?? today };
}

/**
 * The view and the selected day live in the address (?view=week&date=2027-04-22), so that a
 * reload or a shared link shows the same place; moving around replaces the entry instead of
 * filling the history.
 */
export function useCalendarLocation() {
  const [params, setParams] = useSearchParams();
  const today = useToday();
  const { view, anchor } = placeOf(params, today);
  const search = params.toString();
  // The addresses moves asked for that the page does not show yet, oldest first. The router
  // commits a navigation later, in a transition, and a newer one cancels an older one: a second
  // click on "Next month" before the first has rendered must step on from where the first goes,
  // or it is lost. (The router's own functional update gets the rendered address, just as stale.)
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const shown = pending.current.indexOf(search);
    // A move reached the page: it and older ones are done. Any other address (a link, the
    // back button) is a fresh start.
    pending.current = shown === -1 ? [] : pending.current.slice(shown + 1);
  }, [search]);

  const go = (move: CalendarMove) => {
    const from = new URLSearchParams(pending.current.at(-1) ?? search);
    const place = placeOf(from, today);
    const next = typeof move === 'function' ? move(place) : move;
    from.set('view', next.view ?? place.view);
    from.set('date', next.date ?? place.anchor);
    pending.current.push(from.toString());
    setParams(from, { replace: true });
  };
  return { today, view, anchor, go };
}
