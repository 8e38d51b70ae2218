import { useRealtimeUpdates } from '../../lib/realtime';

/**
 * The tab's realtime socket as a component: the app layout loads it lazily with the other
 * signed-in parts, so its code is not in /login's first script (the hook connects only
 * when signed in anyway).
 */
export function RealtimeUpdates() {
  useRealtimeUpdates();
  return null;
}
