import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../domain/audit';
import { formatDateTime } from '../../../lib/format';
import { actionLabel } from '../lib/action-label';
import { AuditChangesList } from './audit-changes-list';

const wrap = { overflowWrap: 'anywhere' } as const;

function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  return (
    <Text span size="sm" style={wrap}>
      {/* A kind of target added later and not in the catalogues yet shows as it is stored. */}
      {t(`targets.${entry.targetType}`, { defaultValue: entry.targetType })}
      {entry.targetId ? (
        <Text span size="xs" c="dimmed" ff="monospace">
          {` ${entry.targetId}`}
        </Text>
      ) : null}
    </Text>
  );
}

/** Wide screens: one row per entry, what changed as a list in the last column. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('audit');
  return (
    <Table striped verticalSpacing="xs" fz="sm" layout="fixed" aria-label={t('entries')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="16%">
            {t('when')}
          </Table.Th>
          <Table.Th scope="col" w="14%">
            {t('who')}
          </Table.Th>
          <Table.Th scope="col" w="16%">
            {t('action')}
          </Table.Th>
          <Table.Th scope="col" w="16%">
            {t('target')}
          </Table.Th>
          <Table.Th scope="col">{t('changes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id} style={{ verticalAlign: 'top' }}>
            <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
            <Table.Td style={wrap}>{e.actorName}</Table.Td>
            <Table.Td style={wrap} title={e.action}>
              {actionLabel(t, e.action)}
            </Table.Td>
            <Table.Td>
              <Target entry={e} />
            </Table.Td>
            <Table.Td>
              <AuditChangesList before={e.before} after={e.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Narrow screens: each entry a card (action and time, who, target, then what changed). */
export function AuditCards({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('audit');
  return (
    <Stack gap="sm" aria-label={t('entries')} role="list">
      {entries.map((e) => (
        <Paper
          key={e.id}
          withBorder
          radius="md"
          p="sm"
          role="listitem"
          aria-label={t('entryLabel', { action: actionLabel(t, e.action), actor: e.actorName })}
        >
          <Group justify="space-between" gap="xs" align="baseline" wrap="wrap">
            <Text fw={600} size="sm" style={wrap} title={e.action}>
              {actionLabel(t, e.action)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(e.createdAt)}
            </Text>
          </Group>
          <Text size="sm" style={wrap}>
            {t('byActor', { actor: e.actorName })}
          </Text>
          <Text size="sm" mb="xs">
            {t('target')}: <Target entry={e} />
          </Text>
          <AuditChangesList before={e.before} after={e.after} />
        </Paper>
      ))}
    </Stack>
  );
}
