// The toasts' container with its styles (core's Notification first, as Mantine requires).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
