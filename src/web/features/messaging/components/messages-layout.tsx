import { Badge, Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LoadingText } from '../../../ui/loading-text';
import { useUnreadCount } from '../api/conversations';
import {
  type InboxChoice,
  isInboxOpen,
  messagesView,
  selectedConversationId,
} from '../lib/inbox-layout';
import { ConversationList } from './conversation-list';
import classes from './messages-layout.module.css';
import { InboxIcon, PencilPlusIcon } from './messaging-icons';
import './styles';

const INBOX_ID = 'messages-inbox';

function UnreadBadge() {
  const { t } = useTranslation('messaging');
  const { data: count } = useUnreadCount();
  if (!count) return null;
  const label = t('unreadCount', { count });
  return (
    // role="status" allows the label (a plain span may not carry one) and announces changes.
    <Badge
      role="status"
      aria-label={label}
      size="md"
      radius="xl"
      variant="filled"
      circle={count < 10}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

function InboxHeader() {
  const { t } = useTranslation('messaging');
  return (
    <div className={classes.sidebarHeader}>
      <div className={classes.titleGroup}>
        <p className={classes.sidebarTitle}>{t('messages')}</p>
        <UnreadBadge />
      </div>
      <Button
        component={Link}
        to="/messages/new"
        size="xs"
        className={classes.newMessage}
        leftSection={<PencilPlusIcon size={14} />}
      >
        {t('newMessage')}
      </Button>
    </div>
  );
}

/**
 * The messages area: the inbox beside the chosen child route (index, compose or a
 * conversation). Below 768 px the inbox stacks above the content and can be hidden; it
 * hides itself when something is opened and shows on the index (spec section 2).
 */
export function MessagesLayout() {
  const { t } = useTranslation('messaging');
  const { pathname } = useLocation();
  // Read at once (not after a first paint as false) so a phone never flashes both panes.
  const narrow = useMediaQuery('(max-width: 767px)', undefined, {
    getInitialValueInEffect: false,
  });
  const [choice, setChoice] = useState<InboxChoice>(null);
  const open = isInboxOpen(narrow, pathname, choice);

  return (
    <div className={classes.frame} data-view={messagesView(pathname)}>
      {narrow ? (
        <div className={classes.toggle}>
          <Button
            variant="default"
            size="xs"
            leftSection={<InboxIcon size={14} />}
            aria-expanded={open}
            aria-controls={INBOX_ID}
            onClick={() => setChoice({ pathname, open: !open })}
          >
            {open ? t('hideInbox') : t('showInbox')}
          </Button>
        </div>
      ) : null}
      <nav
        id={INBOX_ID}
        aria-label={t('inbox')}
        className={classes.sidebar}
        data-collapsed={open ? undefined : true}
      >
        <InboxHeader />
        <ConversationList selectedId={selectedConversationId(pathname)} />
      </nav>
      <div className={classes.content}>
        {/* The child screens are chunks of their own: only this pane waits for them. */}
        <Suspense fallback={<LoadingText text={t('loading', { ns: 'common' })} />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
