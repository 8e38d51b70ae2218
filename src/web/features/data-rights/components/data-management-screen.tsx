import '../../admin-settings/styles';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DATA_RIGHTS_TEXTS } from '../../../../domain/data-rights-texts';
import { roleLabel } from '../../../../domain/roles';
import type { ManagedUser } from '../../../../domain/users';
import { ApiError, errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import classes from '../../admin-settings/components/admin-settings.module.css';
import { AdminSidebar } from '../../admin-settings/components/admin-sidebar';
import { useUsers } from '../../users/api/users';
import { useEraseUser, useErasures, useExportUser } from '../api/data-rights';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Action = { kind: 'export' | 'erase'; user: ManagedUser };

/** /admin/data: the two data rights, run for a user on their request, and past erasures. */
export function DataManagementScreen() {
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [query] = useDebouncedValue(q.trim(), 250);
  const users = useUsers(new URLSearchParams({ q: query, limit: '10' }).toString());
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const session = useSessionState();
  const selfId = session.status === 'signed-in' ? session.user.id : null;

  return (
    <div className={classes.layout}>
      <AdminSidebar current="data" />
      <Box miw={0}>
        <PageHeader
          title="Data Management"
          description="Every user may download their data or erase their account themselves, from their profile (Your data). When someone asks you instead, do it here: your reason is kept in the audit log."
        />
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rights-title">
            <Title order={2} fz="lg" id="rights-title" mb="xs">
              The two rights
            </Title>
            <Text size="sm" mb="xs">
              <strong>Export:</strong> a zip with data.json (account, profile, assessments with
              answers, files, test runs, scores and feedback, conversations, applications and their
              timeline, notifications, sessions, audit entries about them) and their files (photo,
              résumés, workspace files). Other people appear only by the names the user already
              sees.
            </Text>
            <Text size="sm">
              <strong>Erasure:</strong> the account, sessions, profile, photo, applications, résumés
              and search entry are deleted. {DATA_RIGHTS_TEXTS.eraseKeptByAdmin} The last admin can
              never be erased; recruiters who still own jobs or assessments are deactivated instead.
            </Text>
          </Paper>

          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="find-title">
            <Title order={2} fz="lg" id="find-title" mb="xs">
              Act on a request
            </Title>
            <TextInput
              type="search"
              label="Find a user"
              placeholder="Name or e-mail"
              value={q}
              maxLength={100}
              onChange={(e) => setQ(e.currentTarget.value)}
              mb="sm"
            />
            <div role="status" aria-live="polite">
              {done ? (
                <Text size="sm" c="teal.9" mb="sm">
                  {done}
                </Text>
              ) : null}
            </div>
            {users.isPending ? (
              <LoadingText text="Loading users..." />
            ) : users.isError ? (
              <FormError>Failed to load users: {errorMessage(users.error)}</FormError>
            ) : users.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No user matches.
              </Text>
            ) : (
              <Stack gap="xs">
                {users.data.items.map((u) => (
                  <Group
                    key={u.id}
                    justify="space-between"
                    wrap="wrap"
                    gap="xs"
                    p="xs"
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
                    data-testid={`data-user-${u.id}`}
                  >
                    <Box miw={0}>
                      <Text fw={600} size="sm" truncate>
                        {u.name}{' '}
                        <Badge variant="light" color="gray.7" size="sm">
                          {roleLabel(u.role)}
                        </Badge>
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {u.email}
                      </Text>
                    </Box>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setAction({ kind: 'export', user: u })}
                        aria-label={`Export data of ${u.name}`}
                      >
                        Export data
                      </Button>
                      {u.id === selfId ? null : (
                        <Button
                          size="xs"
                          color="red.9"
                          variant="outline"
                          onClick={() => setAction({ kind: 'erase', user: u })}
                          aria-label={`Erase account of ${u.name}`}
                        >
                          Erase account
                        </Button>
                      )}
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
          </Paper>

          <PastErasures />
        </Stack>
        <Modal
          opened={action !== null}
          onClose={() => setAction(null)}
          title={action?.kind === 'erase' ? 'Erase account on request' : 'Export data on request'}
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          {action ? (
            <RequestForm
              key={`${action.kind}-${action.user.id}`}
              action={action}
              onCancel={() => setAction(null)}
              onDone={(text) => {
                setDone(text);
                setAction(null);
              }}
            />
          ) : null}
        </Modal>
      </Box>
    </div>
  );
}

function RequestForm({
  action,
  onCancel,
  onDone,
}: {
  action: Action;
  onCancel: () => void;
  onDone: (text: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const exportUser = useExportUser();
  const eraseUser = useEraseUser();
  const busy = exportUser.isPending || eraseUser.isPending;
  const { user, kind } = action;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(DATA_RIGHTS_TEXTS.giveReason);
      return;
    }
    setError(null);
    const fail = (e: unknown) =>
      setError(e instanceof ApiError && e.issues[0] ? e.issues[0].message : errorMessage(e));
    if (kind === 'export') {
      exportUser.mutate(
        { id: user.id, reason },
        { onSuccess: (name) => onDone(`Downloaded ${name} for ${user.name}.`), onError: fail },
      );
    } else {
      eraseUser.mutate(
        { id: user.id, reason },
        {
          onSuccess: (r) =>
            onDone(
              `${user.name}'s account was erased. ${r.assessmentsKept} assessment(s) and ${r.messagesKept} message(s) were kept anonymised.`,
            ),
          onError: fail,
        },
      );
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {kind === 'erase' ? (
          <Alert color="red" variant="light" title="This cannot be undone">
            <Text size="sm" mb="xs">
              The account of <strong>{user.name}</strong> ({user.email}) will be deleted with their
              profile, photo, applications and résumés, and they will be signed out everywhere.
            </Text>
            <Text size="sm">{DATA_RIGHTS_TEXTS.eraseKeptByAdmin}</Text>
          </Alert>
        ) : (
          <Text size="sm">
            A zip of everything about <strong>{user.name}</strong> ({user.email}) will be
            downloaded. Send it to them only through a channel you trust.
          </Text>
        )}
        <Textarea
          label="Reason"
          description="Who asked and how (kept in the audit log)"
          value={reason}
          maxLength={500}
          autosize
          minRows={2}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color={kind === 'erase' ? 'red.9' : undefined} loading={busy}>
            {kind === 'erase' ? 'Erase account permanently' : 'Download export'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PastErasures() {
  const erasures = useErasures();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="erasures-title">
      <Title order={2} fz="lg" id="erasures-title" mb="xs">
        Past erasures
      </Title>
      {erasures.isPending ? (
        <LoadingText text="Loading erasures..." />
      ) : erasures.isError ? (
        <FormError>Failed to load erasures: {errorMessage(erasures.error)}</FormError>
      ) : erasures.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No account has been erased.
        </Text>
      ) : (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Past erasures">
          <Table miw={560} striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Account</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">Assessments kept</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {erasures.data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{when.format(new Date(e.at))}</Table.Td>
                  <Table.Td>
                    {roleLabel(e.role)}{' '}
                    <Text span size="xs" c="dimmed">
                      {e.userId}
                    </Text>
                  </Table.Td>
                  <Table.Td>{e.by === 'admin' ? (e.adminName ?? 'An admin') : 'The user'}</Table.Td>
                  <Table.Td>{e.reason ?? '—'}</Table.Td>
                  <Table.Td>{e.assessmentsKept ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
