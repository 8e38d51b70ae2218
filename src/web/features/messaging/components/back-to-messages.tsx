import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeftIcon } from './messaging-icons';

/** The back button of the conversation and compose screens (spec: back to /messages). */
export function BackToMessages() {
  const { t } = useTranslation('messaging');
  return (
    <ActionIcon
      component={Link}
      to="/messages"
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('backToMessages')}
    >
      <ArrowLeftIcon size={20} />
    </ActionIcon>
  );
}
