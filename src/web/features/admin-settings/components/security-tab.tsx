import {
  Anchor,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  ROLE_CAPABILITIES,
  SESSION_TIMEOUT_LABELS,
  SESSION_TIMEOUT_MINUTES,
  type SecuritySettings,
} from '../../../../domain/security';
import { errorMessage } from '../../../api/http';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useSaveSecuritySettings, useSecuritySettings } from '../../security/api/security-settings';

const TIMEOUT_OPTIONS = SESSION_TIMEOUT_MINUTES.map((m) => ({
  value: String(m),
  label: SESSION_TIMEOUT_LABELS[m],
}));

function SecurityForm({ stored }: { stored: SecuritySettings }) {
  const save = useSaveSecuritySettings();
  const [draft, setDraft] = useState<SecuritySettings>(stored);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate(draft, {
      onSuccess: () =>
        setStatus({
          ok: true,
          text: 'Security settings saved. They apply on every server from the next request.',
        }),
      onError: (error) =>
        setStatus({ ok: false, text: `Failed to save settings: ${errorMessage(error)}` }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Session timeout"
          description="A session with no activity for this long is signed out (with a warning a minute before)."
          data={TIMEOUT_OPTIONS}
          value={String(draft.sessionTimeoutMinutes)}
          onChange={(e) => {
            setDraft({ ...draft, sessionTimeoutMinutes: Number(e.currentTarget.value) });
            setStatus(null);
          }}
        />
        <Switch
          label="Require two-factor sign-in"
          description="Users without an authenticator app are sent to set one up at their next sign-in, and can do nothing else until they have."
          checked={draft.requireTwoFactor}
          onChange={(e) => {
            setDraft({ ...draft, requireTwoFactor: e.currentTarget.checked });
            setStatus(null);
          }}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
        {status?.ok ? <FormSuccess>{status.text}</FormSuccess> : null}
        {status && !status.ok ? <FormError>{status.text}</FormError> : null}
      </Stack>
    </form>
  );
}

function SecuritySettingsCard() {
  const settings = useSecuritySettings();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="md">
        Sign-in and sessions
      </Title>
      {settings.isPending ? (
        <LoadingText text="Loading settings..." />
      ) : settings.isError ? (
        <FormError>Failed to load settings: {errorMessage(settings.error)}</FormError>
      ) : (
        <SecurityForm stored={settings.data} />
      )}
      <Text size="sm" c="dimmed" mt="md">
        Each person turns on their own two-factor sign-in in their{' '}
        <Anchor component={Link} to="/profile" size="sm" underline="always">
          profile
        </Anchor>
        .
      </Text>
    </Paper>
  );
}

function RolesCard() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="lg">
          Roles
        </Title>
        <Anchor component={Link} to="/admin/users" size="sm">
          Manage Users
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Role</Table.Th>
              <Table.Th scope="col">May</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROLE_CAPABILITIES.map((r) => (
              <Table.Tr key={r.role}>
                <Table.Th scope="row" fw={600} style={{ verticalAlign: 'top' }}>
                  {r.label}
                </Table.Th>
                <Table.Td>
                  <List size="sm" spacing={2}>
                    {r.may.map((m) => (
                      <List.Item key={m}>{m}</List.Item>
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed" mt="sm">
        Roles are fixed; a user's role is changed in Manage Users. There is no separate Manager
        role: recruiters manage their own assessments.
      </Text>
    </Paper>
  );
}

/** Security tab: settings that the server enforces, and the roles it knows. */
export function SecurityTab() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <SecuritySettingsCard />
      <RolesCard />
    </SimpleGrid>
  );
}
