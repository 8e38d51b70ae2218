import { ActionIcon } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../ui/icons';
import { NotificationBell } from './notification-bell-loader';

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
