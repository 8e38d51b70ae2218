import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { flattenConversations, useConversations } from '../api/conversations';
import classes from './messages-index.module.css';
import { ChatBubblesIcon, PencilPlusIcon } from './messaging-icons';

/**
 * /messages with nothing opened: the screen's h1 and a pointer to the inbox, or to
 * writing the first message when there is none (spec section 2).
 */
export function MessagesIndex() {
  const { t } = useTranslation('messaging');
  usePageTitle(t('messages'));
  const query = useConversations();
  const none = query.isSuccess && flattenConversations(query.data).length === 0;

  return (
    <section className={classes.placeholder} aria-labelledby="messages-index-title">
      <span className={classes.icon}>
        <ChatBubblesIcon size={30} />
      </span>
      <Title order={1} id="messages-index-title" fz={{ base: 20, sm: 22 }}>
        {t('messages')}
      </Title>
      {query.isPending ? null : none ? (
        <>
          <Text c="dimmed">{t('noConversations')}</Text>
          <Button
            component={Link}
            to="/messages/new"
            mt="xs"
            leftSection={<PencilPlusIcon size={16} />}
          >
            {t('newMessage')}
          </Button>
        </>
      ) : (
        <Text c="dimmed" maw={320}>
          {t('selectConversation')}
        </Text>
      )}
    </section>
  );
}
