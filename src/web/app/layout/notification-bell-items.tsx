import { Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { type NotificationItem, relativeTime } from '../../../domain/messaging';
import classes from './notification-bell.module.css';
import { notificationHref, notificationKey, notificationTitle } from './notification-bell-text';

type NotificationItemsProps = {
  items: readonly NotificationItem[];
  onNavigate: () => void;
  /** Opening an item about an assessment or a job invitation marks it read. */
  onOpenItem?: (id: string) => void;
};

/** The bell's list: unread conversations, new invitations and assessment news, each a link. */
export function NotificationItems({ items, onNavigate, onOpenItem }: NotificationItemsProps) {
  if (items.length === 0) {
    return (
      <Text size="sm" className={classes.section}>
        You have no new notifications.
      </Text>
    );
  }
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <li key={notificationKey(item)}>
          <UnstyledButton
            component={Link}
            to={notificationHref(item)}
            onClick={() => {
              if (item.kind === 'assessment' || item.kind === 'job-invitation')
                onOpenItem?.(item.id);
              onNavigate();
            }}
            className={classes.item}
          >
            <Text size="sm" fw={600} lineClamp={1}>
              {notificationTitle(item)}
            </Text>
            <Text size="xs" c="dimmed">
              {item.from} · {relativeTime(item.at)}
            </Text>
            {item.kind === 'message' && item.preview ? (
              <Text size="sm" lineClamp={2}>
                {item.preview}
              </Text>
            ) : null}
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
