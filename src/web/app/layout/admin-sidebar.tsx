import { Box, Button, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../../features/profile';
import { useSessionState } from '../../lib/session';
import {
  ChartIcon,
  DatabaseIcon,
  LogsIcon,
  PlugIcon,
  SettingsIcon,
  UsersIcon,
} from '../../ui/admin-icons';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './admin-page.module.css';

function GroupLabel({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" className={classes.groupLabel}>
      {children}
    </Text>
  );
}

/** Spec: 'System Admin' / 'Super Admin'; the level comes from the admin's profile. */
function ProfileBlock() {
  const { t } = useTranslation('admin-settings');
  const session = useSessionState();
  const profile = useProfile();
  const name = (session.status === 'signed-in' && session.user.name.trim()) || t('fallbackName');
  const image = session.status === 'signed-in' ? session.user.image : null;
  const level = profile.data
    ? profile.data.details.adminLevel === 'super'
      ? t('sidebar.superAdmin')
      : t('sidebar.systemAdmin')
    : null;
  return (
    <Group gap="sm" wrap="nowrap" px="xs" py="xs">
      <UserAvatar name={name} image={image} size={36} />
      <Box miw={0}>
        <Text fw={600} size="sm" truncate>
          {name}
        </Text>
        {level ? (
          <Text size="xs" c="dimmed">
            {level}
          </Text>
        ) : null}
      </Box>
    </Group>
  );
}

export function AdminSidebar({
  current = 'settings',
}: {
  current?: 'settings' | 'logs' | 'data' | 'integrations';
}) {
  const { t } = useTranslation('admin-settings');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <Box component="aside" className={classes.sidebar} aria-label={t('sidebar.label')}>
      {/* Phones: the menu folds away above the content instead of taking the first screen. */}
      <Button
        hiddenFrom="sm"
        variant="default"
        fullWidth
        justify="space-between"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('sidebar.hide') : t('sidebar.show')}
      </Button>
      <div id={bodyId} className={classes.sidebarBody} data-collapsed={!open}>
        <nav aria-label={t('sidebar.sections')}>
          <Stack gap={2}>
            <GroupLabel>{t('sidebar.system')}</GroupLabel>
            <NavLink
              component={Link}
              to="/admin"
              label={t('sidebar.settings')}
              leftSection={<SettingsIcon />}
              active={current === 'settings'}
              aria-current={current === 'settings' ? 'page' : undefined}
            />
            <NavLink
              component={Link}
              to="/admin/users"
              label={t('sidebar.users')}
              leftSection={<UsersIcon />}
            />
            <NavLink
              component={Link}
              to="/admin/data"
              label={t('sidebar.data')}
              leftSection={<DatabaseIcon />}
              active={current === 'data'}
              aria-current={current === 'data' ? 'page' : undefined}
            />
            <NavLink
              component={Link}
              to="/admin/integrations"
              label={t('sidebar.integrations')}
              leftSection={<PlugIcon />}
              active={current === 'integrations'}
              aria-current={current === 'integrations' ? 'page' : undefined}
            />
            <GroupLabel>{t('sidebar.monitoring')}</GroupLabel>
            <NavLink
              component={Link}
              to="/admin/analytics"
              label={t('sidebar.analytics')}
              leftSection={<ChartIcon />}
            />
            <NavLink
              component={Link}
              to="/admin/logs"
              label={t('sidebar.logs')}
              leftSection={<LogsIcon />}
              active={current === 'logs'}
              aria-current={current === 'logs' ? 'page' : undefined}
            />
          </Stack>
        </nav>
        <Divider my="sm" />
        <ProfileBlock />
      </div>
    </Box>
  );
}
