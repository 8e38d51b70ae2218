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
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLES } from '../../../../domain/constants';
import { roleLabel } from '../../../../domain/roles';
import {
  type ManagedUser,
  sessionsLabel,
  USER_ADMIN_TEXTS,
  USER_PAGE_SIZE,
} from '../../../../domain/users';
import { errorMessage } from '../../../api/http';
import { formatDate } from '../../../lib/format';
import { useSessionState } from '../../../lib/session';
import { useAddressFilters } from '../../../lib/use-address-filters';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { ReadableBadge } from '../../../ui/readable-badge';
import { UserAvatar } from '../../../ui/user-avatar';
import { useReactivate, useRevokeSessions, useSendPasswordReset, useUsers } from '../api/users';
import { type UserFilters, userFilterParams, userFiltersFromParams } from '../lib/filters';
import {
  ChangeRoleModal,
  type Confirmation,
  ConfirmModal,
  DeactivateModal,
} from './user-action-modals';

const ROLE_OPTIONS = [
  { value: '', label: 'All roles' },
  ...ROLES.map((r) => ({ value: r, label: roleLabel(r) })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];
const ROLE_COLORS = { admin: 'grape', recruiter: 'blue', candidate: 'teal' } as const;

type Actions = {
  changeRole: (u: ManagedUser) => void;
  deactivate: (u: ManagedUser) => void;
  confirm: (c: Confirmation) => void;
};

/** /admin/users: find users, change roles, deactivate and reactivate, end sessions, reset passwords. */
export function ManageUsersScreen() {
  const [params, setParams] = useSearchParams();
  const filters = userFiltersFromParams(params);
  const [q, setQ] = useState(filters.q);
  const users = useUsers(userFilterParams(filters).toString());
  const session = useSessionState();
  const selfId = session.status === 'signed-in' ? session.user.id : '';
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

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
      <PageHeader
        title={USER_ADMIN_TEXTS.title}
        description="Find any account, change its role, deactivate or reactivate it, sign it out everywhere or send a password reset."
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="search"
            label="Search users"
            placeholder="Name or email"
            value={q}
            maxLength={100}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              applySearch(e.currentTarget.value);
            }}
            style={{ flex: '1 1 16rem' }}
          />
          <NativeSelect
            label="Role"
            data={ROLE_OPTIONS}
            value={filters.role}
            onChange={(e) => update({ role: e.currentTarget.value as UserFilters['role'] })}
          />
          <NativeSelect
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(e) => update({ status: e.currentTarget.value as UserFilters['status'] })}
          />
        </Group>

        {users.isPending ? (
          <LoadingText text={USER_ADMIN_TEXTS.loading} />
        ) : users.isError ? (
          <FormError>
            <Group justify="space-between" gap="sm">
              <span>Failed to load users: {errorMessage(users.error)}</span>
              <Button size="xs" variant="white" color="red" onClick={() => void users.refetch()}>
                Try again
              </Button>
            </Group>
          </FormError>
        ) : (
          <Stack gap="md" aria-busy={users.isFetching}>
            <Text role="status" aria-live="polite" c="dimmed" size="sm">
              {users.data.total === 1 ? '1 user' : `${users.data.total} users`}
            </Text>
            {users.data.items.length === 0 ? (
              <Paper withBorder radius="md" p="lg" bg="gray.0">
                <Text ta="center" c="dimmed">
                  {USER_ADMIN_TEXTS.noUsers}
                </Text>
              </Paper>
            ) : wide ? (
              <UserTable users={users.data.items} selfId={selfId} actions={actions} />
            ) : (
              <Stack gap="sm">
                {users.data.items.map((u) => (
                  <UserCard key={u.id} user={u} selfId={selfId} actions={actions} />
                ))}
              </Stack>
            )}
            {users.data.total > users.data.limit ? (
              <Pagination
                total={Math.ceil(users.data.total / (users.data.limit || USER_PAGE_SIZE))}
                value={filters.page}
                onChange={(page) => update({ page })}
                siblings={1}
                boundaries={1}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
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
  return user.status === 'active' ? (
    <ReadableBadge color="green" variant="light">
      Active
    </ReadableBadge>
  ) : (
    <Stack gap={2}>
      <ReadableBadge color="red" variant="light">
        Deactivated
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
  return (
    <ReadableBadge color={ROLE_COLORS[user.role]} variant="outline">
      {roleLabel(user.role)}
    </ReadableBadge>
  );
}

function UserTable({
  users,
  selfId,
  actions,
}: {
  users: ManagedUser[];
  selfId: string;
  actions: Actions;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sessions</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Who user={u} />
              </Table.Td>
              <Table.Td>
                <RoleBadge user={u} />
              </Table.Td>
              <Table.Td maw={220}>
                <StatusBadge user={u} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{sessionsLabel(u.activeSessions)}</Text>
                {u.lastSeenAt ? (
                  <Text size="xs" c="dimmed">
                    Last seen {formatDate(u.lastSeenAt)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(u.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <UserMenu user={u} isSelf={u.id === selfId} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCard({
  user,
  selfId,
  actions,
}: {
  user: ManagedUser;
  selfId: string;
  actions: Actions;
}) {
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-label={user.name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Who user={user} />
          <UserMenu user={user} isSelf={user.id === selfId} actions={actions} />
        </Group>
        <Group gap="xs">
          <RoleBadge user={user} />
          <StatusBadge user={user} />
        </Group>
        <Text size="xs" c="dimmed">
          {sessionsLabel(user.activeSessions)} · Joined {formatDate(user.createdAt)}
        </Text>
      </Stack>
    </Paper>
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
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.name}`} size="lg">
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.changeRole(user)}>Change Role</Menu.Item>
        <Menu.Item component={Link} to={`/admin/data?q=${encodeURIComponent(user.email)}`}>
          Export or Erase Data
        </Menu.Item>
        {user.status === 'active' ? (
          <>
            {isSelf ? null : (
              <Menu.Item
                onClick={() =>
                  actions.confirm({
                    title: 'Sign Out Everywhere',
                    body: `${user.name} will be signed out of every browser and device. They can sign in again.`,
                    confirmLabel: 'Sign Out Everywhere',
                    run: () => revoke.mutateAsync(user.id),
                    done: `${user.name} was signed out everywhere.`,
                  })
                }
              >
                Sign Out Everywhere
              </Menu.Item>
            )}
            <Menu.Item
              onClick={() =>
                actions.confirm({
                  title: 'Send Password Reset',
                  body: `${user.name} will get an e-mail at ${user.email} with a link to choose a new password.`,
                  confirmLabel: 'Send Reset Link',
                  run: () => reset.mutateAsync(user.id),
                  done: `A reset link was sent to ${user.email}.`,
                })
              }
            >
              Send Password Reset
            </Menu.Item>
            {isSelf ? null : (
              <Menu.Item color="red.9" onClick={() => actions.deactivate(user)}>
                Deactivate
              </Menu.Item>
            )}
          </>
        ) : (
          <Menu.Item
            onClick={() =>
              actions.confirm({
                title: 'Reactivate User',
                body: `${user.name} will be able to sign in again.`,
                confirmLabel: 'Reactivate',
                run: () => reactivate.mutateAsync(user.id),
                done: `${user.name} can sign in again.`,
              })
            }
          >
            Reactivate
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
