import { lazyScreen } from '../lazy-screen';

/** The bell's own chunk (its data: zod schemas, queries), loaded once someone is signed in. */
export const NotificationBell = lazyScreen(() =>
  import('./notification-bell').then((m) => m.NotificationBell),
);
