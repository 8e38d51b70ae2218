import { notifications } from '@mantine/notifications';

/** A success toast; its close button is named (Mantine leaves it without an accessible name). */
export function notifySuccess(title: string, message: string) {
  notifications.show({
    color: 'green',
    title,
    message,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
