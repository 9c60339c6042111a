import { LIMITS } from '../../../shared/constants';
import { pageToday } from '../../lib/page-clock';
import { trpc } from '../../lib/trpc';

/**
 * What the customer home shows from the events list: the upcoming events (today's included; the
 * list arrives sorted by date), their pending tasks, and the first few as cards.
 */
export function useHomeSummary() {
  const events = trpc.events.list.useQuery();
  const today = pageToday();
  const upcoming = (events.data ?? []).filter((event) => event.localDate >= today);
  const pendingTasks = upcoming.reduce((sum, event) => sum + (event.totalTasks - event.completedTasks), 0);
  return { events, upcoming, pendingTasks, shown: upcoming.slice(0, LIMITS.homeUpcomingEvents) };
}
