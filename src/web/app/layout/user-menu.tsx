import '@mantine/core/styles/Menu.css';
import { Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { roleLabel } from '../../../domain/roles';
import type { SessionUser } from '../../lib/session';
import { ChevronDownIcon } from '../../ui/icons';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './navigation-bar.module.css';

type UserMenuProps = { user: SessionUser; onLogout: () => void; loggingOut: boolean };

/** Display name, capitalised role and avatar; the dropdown holds Profile and Logout. */
export function UserMenu({ user, onLogout, loggingOut }: UserMenuProps) {
  const displayName = user.name.trim() || 'User';
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={`Account menu for ${displayName}`}
        >
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={displayName} image={user.image} size={34} />
            <Box visibleFrom="sm" style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} lineClamp={1} maw={160}>
                {displayName}
              </Text>
              <Text size="xs" c="dimmed">
                {roleLabel(user.role)}
              </Text>
            </Box>
            <ChevronDownIcon />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box hiddenFrom="sm" px="sm" py={6}>
          <Text size="sm" fw={600}>
            {displayName}
          </Text>
          <Text size="xs" c="dimmed">
            {roleLabel(user.role)}
          </Text>
        </Box>
        <Menu.Item component={Link} to="/profile">
          Profile
        </Menu.Item>
        <Menu.Item onClick={onLogout} disabled={loggingOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
