import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Anchor, Divider, Indicator, Loader, Popover, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/http';
import {
  useMarkNotificationRead,
  useNotifications,
} from '../../features/messaging/api/conversations';
import { BellIcon } from '../../ui/icons';
import classes from './notification-bell.module.css';
import { NotificationItems } from './notification-bell-items';
import { badgeText, bellLabel } from './notification-bell-text';

/**
 * The bell: a badge with the unread conversations plus unopened assessment invitations, and
 * a dropdown listing them. Loaded lazily (see notification-bell-lazy.tsx): its schemas and
 * queries stay out of the first chunk.
 */
export function NotificationBell() {
  const { t } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const count = notifications.data?.count ?? 0;
  const badge = badgeText(count);
  const close = () => setOpened(false);

  const toggle = () => {
    if (!opened && notifications.isStale) void notifications.refetch();
    setOpened((o) => !o);
  };

  let body: React.ReactNode;
  if (notifications.isPending) {
    body = (
      <div className={classes.section} role="status">
        <Loader size="xs" aria-label={t('bell.loading')} />
      </div>
    );
  } else if (notifications.isError) {
    body = (
      <Text size="sm" c="red.9" className={classes.section}>
        {errorMessage(notifications.error)}
      </Text>
    );
  } else {
    body = (
      <NotificationItems
        items={notifications.data.items}
        onNavigate={close}
        onOpenItem={(id) => markRead.mutate(id)}
      />
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={320}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      {/* The badge repeats the count that the button's name already says. */}
      <Indicator
        // A flex box, like the placeholder bell: no line-box gap under the button.
        display="flex"
        label={badge}
        disabled={!badge}
        size={18}
        offset={6}
        color="red.9"
        attributes={{ indicator: { 'aria-hidden': true } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={bellLabel(t, count)}
            onClick={toggle}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0}>
        <Text size="sm" fw={600} className={classes.section}>
          {t('bell.title')}
        </Text>
        <Divider />
        {body}
        <Divider />
        <Anchor
          component={Link}
          to="/messages"
          onClick={close}
          size="sm"
          display="block"
          className={classes.section}
        >
          {t('bell.openMessages')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
