import { ActionIcon, Popover, Text } from '@mantine/core';
import { BellIcon } from '../../ui/icons';

/** The bell. Real unread counts arrive with messaging; until then no badge is shown. */
export function NotificationBell() {
  return (
    <Popover position="bottom-end" width={240} shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
          <BellIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">You have no new notifications.</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
