import { ActionIcon } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../ui/icons';

// The bell's data (zod schemas, queries) only matters once signed in: it is its own chunk,
// so /login does not download it.
const NotificationBell = lazy(() =>
  import('./notification-bell').then((m) => ({ default: m.NotificationBell })),
);

/** The bell, with a plain (badge-less) bell in its place while its code loads. */
export function LazyNotificationBell() {
  const { t } = useTranslation('common');
  return (
    <Suspense
      fallback={
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('bell.label')}>
          <BellIcon />
        </ActionIcon>
      }
    >
      <NotificationBell />
    </Suspense>
  );
}
