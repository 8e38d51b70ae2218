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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ROLE_CAPABILITIES,
  SESSION_TIMEOUT_MINUTES,
  type SecuritySettings,
} from '../../../../domain/security';
import { SettingsLoader, SettingsSaveRow, useSettingsForm } from '../../../ui/settings-form';
import { useSaveSecuritySettings, useSecuritySettings } from '../../security';

function SecurityForm({ stored }: { stored: SecuritySettings }) {
  const { t } = useTranslation('admin-settings');
  const timeoutOptions = SESSION_TIMEOUT_MINUTES.map((m) => ({
    value: String(m),
    label: t(`security.timeouts.${m}`),
  }));
  const { draft, edit, submit, status, saving } = useSettingsForm(
    stored,
    useSaveSecuritySettings(),
    t('security.saved'),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t('security.timeout')}
          description={t('security.timeoutHint')}
          data={timeoutOptions}
          value={String(draft.sessionTimeoutMinutes)}
          onChange={(e) => edit({ sessionTimeoutMinutes: Number(e.currentTarget.value) })}
        />
        <Switch
          label={t('security.requireTwoFactor')}
          description={t('security.requireTwoFactorHint')}
          checked={draft.requireTwoFactor}
          onChange={(e) => edit({ requireTwoFactor: e.currentTarget.checked })}
        />
        <SettingsSaveRow saving={saving} status={status} />
      </Stack>
    </form>
  );
}

function SecuritySettingsCard() {
  const { t } = useTranslation('admin-settings');
  const settings = useSecuritySettings();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Title order={2} fz="lg" mb="md">
        {t('security.title')}
      </Title>
      <SettingsLoader query={settings}>
        {(stored) => <SecurityForm stored={stored} />}
      </SettingsLoader>
      <Text size="sm" c="dimmed" mt="md">
        {t('security.ownTwoFactor.before')}
        <Anchor component={Link} to="/profile" size="sm" underline="always">
          {t('security.ownTwoFactor.link')}
        </Anchor>
        {t('security.ownTwoFactor.after')}
      </Text>
    </Paper>
  );
}

/** What a role may do: the domain's list, in the reader's language (key-coverage.test.ts). */
function Capabilities({ role, may }: { role: string; may: readonly string[] }) {
  const { t } = useTranslation('admin-settings');
  return (
    <List size="sm" spacing={2}>
      {may.map((m, i) => (
        <List.Item key={m}>{t(`security.roles.${role}.may.${i}`)}</List.Item>
      ))}
    </List>
  );
}

function RolesCard() {
  const { t } = useTranslation('admin-settings');
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="lg">
          {t('security.rolesTitle')}
        </Title>
        <Anchor component={Link} to="/admin/users" size="sm">
          {t('security.manageUsers')}
        </Anchor>
      </Group>
      {/* A table where two columns fit; on a phone each role is a heading over its list
          (a 375 px table broke "Administrator" mid-word). Nothing scrolls sideways. */}
      <Table verticalSpacing="sm" layout="fixed" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="35%">
              {t('security.role')}
            </Table.Th>
            <Table.Th scope="col">{t('security.may')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROLE_CAPABILITIES.map((r) => (
            <Table.Tr key={r.role}>
              <Table.Th scope="row" fw={600} style={{ verticalAlign: 'top' }}>
                {t(`security.roles.${r.role}.label`)}
              </Table.Th>
              <Table.Td>
                <Capabilities role={r.role} may={r.may} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="md" hiddenFrom="sm">
        {ROLE_CAPABILITIES.map((r) => (
          <div key={r.role}>
            <Title order={3} fz="sm" mb={4}>
              {t(`security.roles.${r.role}.label`)}
            </Title>
            <Capabilities role={r.role} may={r.may} />
          </div>
        ))}
      </Stack>
      <Text size="sm" c="dimmed" mt="sm">
        {t('security.rolesNote')}
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
