import { TIMINGS } from '../../shared/constants';
import { useCurrentUser } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useLiveConnected } from './live-events';

/**
 * Unread messages of the signed-in customer or vendor (0 for admins, who take part in no thread):
 * the Messages entry's badge and the vendor dashboard's Messages tab. The live stream keeps it
 * current; while the stream is down it is polled every 10 seconds (spec section 9).
 */
export function useUnreadCount(): number {
  const { user } = useCurrentUser();
  const connected = useLiveConnected();
  const party = user?.role === 'customer' || user?.role === 'vendor';
  const query = trpc.messages.unreadCount.useQuery(undefined, {
    enabled: party,
    refetchInterval: connected ? false : TIMINGS.unreadPollMs,
  });
  return party ? (query.data?.unreadCount ?? 0) : 0;
}
