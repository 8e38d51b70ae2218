import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackToMessages } from './back-to-messages';
import classes from './conversation-screen.module.css';

/** The conversation's bar: back to the inbox, the subject (the h1) and who else is in it. */
export function ConversationHeader({ subject, names }: { subject: string; names: string }) {
  const { t } = useTranslation('messaging');
  return (
    <header className={classes.header}>
      <BackToMessages />
      <div className={classes.headerText}>
        <Title order={1} className={classes.subject} title={subject}>
          {subject}
        </Title>
        <p className={classes.with}>{t('with', { names })}</p>
      </div>
    </header>
  );
}
