import '@mantine/core/styles/Menu.css';
import { Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '../../lib/session';
import { ChevronDownIcon } from '../../ui/icons';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './navigation-bar.module.css';

type UserMenuProps = { user: SessionUser; onLogout: () => void; loggingOut: boolean };

/** Display name, capitalised role and avatar; the dropdown holds Profile and Logout. */
export function UserMenu({ user, onLogout, loggingOut }: UserMenuProps) {
  const { t } = useTranslation();
  const displayName = user.name.trim() || t('userMenu.fallbackName');
  const role = user.role ? t(`roles.${user.role}`) : '';
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          aria-label={t('userMenu.label', { name: displayName })}
        >
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={displayName} image={user.image} size={34} />
            <Box visibleFrom="sm" style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} lineClamp={1} maw={160}>
                {displayName}
              </Text>
              <Text size="xs" c="dimmed">
                {role}
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
            {role}
          </Text>
        </Box>
        <Menu.Item component={Link} to="/profile">
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item onClick={onLogout} disabled={loggingOut}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
