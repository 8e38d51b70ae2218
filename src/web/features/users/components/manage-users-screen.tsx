import './styles';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROLES } from '../../../../domain/constants';
import { type ManagedUser, USER_PAGE_SIZE } from '../../../../domain/users';
import { errorMessage } from '../../../api/http';
import { formatDate } from '../../../lib/format';
import { useSessionState } from '../../../lib/session';
import { useAddressFilters } from '../../../lib/use-address-filters';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { ReadableBadge } from '../../../ui/readable-badge';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table';
import { UserAvatar } from '../../../ui/user-avatar';
import { useReactivate, useRevokeSessions, useSendPasswordReset, useUsers } from '../api/users';
import { type UserFilters, userFilterParams, userFiltersFromParams } from '../lib/filters';
import {
  ChangeRoleModal,
  type Confirmation,
  ConfirmModal,
  DeactivateModal,
} from './user-action-modals';

const ROLE_COLORS = { admin: 'grape', recruiter: 'blue', candidate: 'teal' } as const;

type Actions = {
  changeRole: (u: ManagedUser) => void;
  deactivate: (u: ManagedUser) => void;
  confirm: (c: Confirmation) => void;
};

/** /admin/users: find users, change roles, deactivate and reactivate, end sessions, reset passwords. */
export function ManageUsersScreen() {
  const { t } = useTranslation('users');
  const roleOptions = [
    { value: '', label: t('allRoles') },
    ...ROLES.map((r) => ({ value: r, label: t(`common:roles.${r}`) })),
  ];
  const statusOptions = [
    { value: '', label: t('allStatuses') },
    { value: 'active', label: t('active') },
    { value: 'deactivated', label: t('deactivated') },
  ];
  const [params, setParams] = useSearchParams();
  const filters = userFiltersFromParams(params);
  const [q, setQ] = useState(filters.q);
  const users = useUsers(userFilterParams(filters).toString());
  const session = useSessionState();
  const selfId = session.status === 'signed-in' ? session.user.id : '';

  const [changingRole, setChangingRole] = useState<ManagedUser | null>(null);
  const [deactivating, setDeactivating] = useState<ManagedUser | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const update = useAddressFilters(filters, params.toString(), (merged, next) =>
    setParams(userFilterParams({ ...merged, page: 'page' in next ? merged.page : 1 }), {
      replace: !('page' in next),
    }),
  );
  const applySearch = useDebouncedCallback((value: string) => update({ q: value }), 300);

  const actions: Actions = {
    changeRole: setChangingRole,
    deactivate: setDeactivating,
    confirm: setConfirmation,
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={q}
            maxLength={100}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              applySearch(e.currentTarget.value);
            }}
            style={{ flex: '1 1 16rem' }}
          />
          <NativeSelect
            label={t('role')}
            data={roleOptions}
            value={filters.role}
            onChange={(e) => update({ role: e.currentTarget.value as UserFilters['role'] })}
          />
          <NativeSelect
            label={t('status')}
            data={statusOptions}
            value={filters.status}
            onChange={(e) => update({ status: e.currentTarget.value as UserFilters['status'] })}
          />
        </Group>

        {users.isPending ? (
          <LoadingText text={t('loading')} />
        ) : users.isError ? (
          <FormError>
            <Group justify="space-between" gap="sm">
              <span>{t('loadFailed', { reason: errorMessage(users.error) })}</span>
              <Button size="xs" variant="white" color="red" onClick={() => void users.refetch()}>
                {t('tryAgain')}
              </Button>
            </Group>
          </FormError>
        ) : (
          <Stack gap="md" aria-busy={users.isFetching}>
            <Text role="status" aria-live="polite" c="dimmed" size="sm">
              {t('count', { count: users.data.total })}
            </Text>
            {users.data.items.length === 0 ? (
              <Paper withBorder radius="md" p="lg" bg="gray.0">
                <Text ta="center" c="dimmed">
                  {t('noUsers')}
                </Text>
              </Paper>
            ) : (
              <UserTable users={users.data.items} selfId={selfId} actions={actions} />
            )}
            {users.data.total > users.data.limit ? (
              <Pagination
                total={Math.ceil(users.data.total / (users.data.limit || USER_PAGE_SIZE))}
                value={filters.page}
                onChange={(page) => update({ page })}
                siblings={1}
                boundaries={1}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? t('previousPage') : t('nextPage'),
                })}
                getItemProps={(page) => ({ 'aria-label': t('page', { page }) })}
              />
            ) : null}
          </Stack>
        )}
      </Stack>
      <ChangeRoleModal user={changingRole} onClose={() => setChangingRole(null)} />
      <DeactivateModal user={deactivating} onClose={() => setDeactivating(null)} />
      <ConfirmModal confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}

/** "No active session", "1 active session", "3 active sessions" in the reader's language. */
function sessionsText(t: TFunction<'users'>, count: number) {
  return count === 0 ? t('noSession') : t('activeSessions', { count });
}

function Who({ user }: { user: ManagedUser }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar name={user.name} image={user.image} size={36} radius="xl" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        {user.role === 'candidate' ? (
          <Anchor
            component={Link}
            to={`/recruiter/candidates/${encodeURIComponent(user.id)}`}
            size="sm"
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {user.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Text>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}

function StatusBadge({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('users');
  return user.status === 'active' ? (
    <ReadableBadge color="green" variant="light">
      {t('active')}
    </ReadableBadge>
  ) : (
    <Stack gap={2}>
      <ReadableBadge color="red" variant="light">
        {t('deactivated')}
      </ReadableBadge>
      {user.banReason ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.banReason}
        </Text>
      ) : null}
    </Stack>
  );
}

function RoleBadge({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('users');
  return (
    <ReadableBadge color={ROLE_COLORS[user.role]} variant="outline">
      {t(`common:roles.${user.role}`)}
    </ReadableBadge>
  );
}

/**
 * The users as the project's ResponsiveTable shows records: a table on wide screens, a card
 * per user on a phone (name and e-mail heading it, role, status, sessions and joined date as
 * labelled fields, the menu closing it), so nothing is cut at 375 px (issue 31).
 */
function UserTable({
  users,
  selfId,
  actions,
}: {
  users: ManagedUser[];
  selfId: string;
  actions: Actions;
}) {
  const { t } = useTranslation('users');
  const columns: Column<ManagedUser>[] = [
    { key: 'user', header: t('table.user'), card: 'title', cell: (u) => <Who user={u} /> },
    { key: 'role', header: t('role'), cell: (u) => <RoleBadge user={u} /> },
    { key: 'status', header: t('status'), width: 220, cell: (u) => <StatusBadge user={u} /> },
    {
      key: 'sessions',
      header: t('table.sessions'),
      cell: (u) => (
        <>
          <Text size="sm">{sessionsText(t, u.activeSessions)}</Text>
          {u.lastSeenAt ? (
            <Text size="xs" c="dimmed">
              {t('lastSeen', { date: formatDate(u.lastSeenAt) })}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'joined',
      header: t('table.joined'),
      cell: (u) => <Text size="sm">{formatDate(u.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('table.actions'),
      hiddenHeader: true,
      card: 'end',
      cell: (u) => <UserMenu user={u} isSelf={u.id === selfId} actions={actions} />,
    },
  ];
  return (
    <ResponsiveTable
      rows={users}
      columns={columns}
      rowKey={(u) => u.id}
      label={t('table.label')}
      cardLabel={(u) => u.name}
      minWidth={760}
    />
  );
}

function UserMenu({
  user,
  isSelf,
  actions,
}: {
  user: ManagedUser;
  isSelf: boolean;
  actions: Actions;
}) {
  const reactivate = useReactivate();
  const revoke = useRevokeSessions();
  const reset = useSendPasswordReset();
  const { t } = useTranslation('users');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actionsFor', { name: user.name })}
          size="lg"
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.changeRole(user)}>{t('menu.changeRole')}</Menu.Item>
        <Menu.Item component={Link} to={`/admin/data?q=${encodeURIComponent(user.email)}`}>
          {t('menu.exportErase')}
        </Menu.Item>
        {user.status === 'active' ? (
          <>
            {isSelf ? null : (
              <Menu.Item
                onClick={() =>
                  actions.confirm({
                    title: t('menu.signOutEverywhere'),
                    body: t('confirm.signOut.body', { name: user.name }),
                    confirmLabel: t('menu.signOutEverywhere'),
                    run: () => revoke.mutateAsync(user.id),
                    done: t('confirm.signOut.done', { name: user.name }),
                  })
                }
              >
                {t('menu.signOutEverywhere')}
              </Menu.Item>
            )}
            <Menu.Item
              onClick={() =>
                actions.confirm({
                  title: t('menu.sendReset'),
                  body: t('confirm.reset.body', { name: user.name, email: user.email }),
                  confirmLabel: t('confirm.reset.confirm'),
                  run: () => reset.mutateAsync(user.id),
                  done: t('confirm.reset.done', { email: user.email }),
                })
              }
            >
              {t('menu.sendReset')}
            </Menu.Item>
            {isSelf ? null : (
              <Menu.Item color="red.9" onClick={() => actions.deactivate(user)}>
                {t('menu.deactivate')}
              </Menu.Item>
            )}
          </>
        ) : (
          <Menu.Item
            onClick={() =>
              actions.confirm({
                title: t('confirm.reactivate.title'),
                body: t('confirm.reactivate.body', { name: user.name }),
                confirmLabel: t('menu.reactivate'),
                run: () => reactivate.mutateAsync(user.id),
                done: t('confirm.reactivate.done', { name: user.name }),
              })
            }
          >
            {t('menu.reactivate')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
