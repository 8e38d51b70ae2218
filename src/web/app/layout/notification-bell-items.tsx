import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationItem } from '../../../domain/messaging';
import { formatAgo } from '../../lib/format';
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
  const { t } = useTranslation('common');
  if (items.length === 0) {
    return (
      <Text size="sm" className={classes.section}>
        {t('bell.empty')}
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
              {notificationTitle(t, item)}
            </Text>
            <Text size="xs" c="dimmed">
              {item.from} · {formatAgo(item.at)}
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
