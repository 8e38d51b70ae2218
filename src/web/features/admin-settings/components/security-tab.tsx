import {
  Anchor,
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
import { Link } from 'react-router';
import {
  ROLE_CAPABILITIES,
  SESSION_TIMEOUT_LABELS,
  SESSION_TIMEOUT_MINUTES,
  type SecuritySettings,
} from '../../../../domain/security';
import { useSaveSecuritySettings, useSecuritySettings } from '../../security/api/security-settings';
import { SettingsLoader, SettingsSaveRow, useSettingsForm } from './settings-form';

const TIMEOUT_OPTIONS = SESSION_TIMEOUT_MINUTES.map((m) => ({
  value: String(m),
  label: SESSION_TIMEOUT_LABELS[m],
}));

function SecurityForm({ stored }: { stored: SecuritySettings }) {
  const { draft, edit, submit, status, saving } = useSettingsForm(
    stored,
    useSaveSecuritySettings(),
    'Security settings saved. They apply on every server from the next request.',
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label="Session timeout"
          description="A session with no activity for this long is signed out (with a warning a minute before)."
          data={TIMEOUT_OPTIONS}
          value={String(draft.sessionTimeoutMinutes)}
          onChange={(e) => edit({ sessionTimeoutMinutes: Number(e.currentTarget.value) })}
        />
        <Switch
          label="Require two-factor sign-in"
          description="Users without an authenticator app are sent to set one up at their next sign-in, and can do nothing else until they have."
          checked={draft.requireTwoFactor}
          onChange={(e) => edit({ requireTwoFactor: e.currentTarget.checked })}
        />
        <SettingsSaveRow saving={saving} status={status} />
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
      <SettingsLoader query={settings}>
        {(stored) => <SecurityForm stored={stored} />}
      </SettingsLoader>
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
