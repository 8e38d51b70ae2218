import { lazyScreen } from '../lazy-screen';
import { NotificationBell } from './notification-bell-loader';

// The parts of the layout only a signed-in user sees, each in its own chunk so /login never
// downloads them: the bar's menus, popovers and mobile drawer; the realtime socket; idle
// timeout and required two-factor enrolment; the toasts' container.
export const SignedInBar = lazyScreen(() => import('./signed-in-bar').then((m) => m.SignedInBar));
export const RealtimeUpdates = lazyScreen(() =>
  import('./realtime-updates').then((m) => m.RealtimeUpdates),
);
export const SessionGuard = lazyScreen(() =>
  import('../../features/security/components/session-guard').then((m) => m.SessionGuard),
);
export const Notifications = lazyScreen(() =>
  import('../notifications').then((m) => m.Notifications),
);

/**
 * Starts the visible ones at once, when the page opens on a signed-in screen: fetched only as
 * each renders, they came in waves, each showing a fallback that held back the screen itself.
 * The unseen ones (realtime, idle guard, toasts) load after the screen's first paint, in a
 * chunk of their own (docs/decisions/033, third part).
 */
export function preloadSignedInShell() {
  for (const part of [SignedInBar, NotificationBell]) {
    void part.preload();
  }
}
