import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/** A success toast; its close button is named (Mantine leaves it without an accessible name). */
export function notifySuccess(title: string, message: string) {
  notifications.show({
    color: 'green',
    title,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common:notifications.dismiss') },
  });
}
