import '../../admin-settings/styles';
import { Box, Button, Code, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import classes from '../../admin-settings/components/admin-settings.module.css';
import { AdminSidebar } from '../../admin-settings/components/admin-sidebar';
import { useAuditLog } from '../api/audit-log';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** /admin/logs: the audit log, read-only, with filters. */
export function AuditLogScreen() {
  const { t } = useTranslation('audit');
  const [draft, setDraft] = useState({ actor: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState(draft);
  const log = useAuditLog(filters);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const field = (name: keyof typeof draft) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: e.currentTarget.value }),
  });

  return (
    <div className={classes.layout}>
      <AdminSidebar current="logs" />
      <Box miw={0}>
        <PageHeader title={t('title')} description={t('description')} />
        <Paper withBorder p="md" radius="md" mb="md">
          <form onSubmit={submit} noValidate aria-label={t('filterLabel')}>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('actor')}
                placeholder={t('actorPlaceholder')}
                maxLength={200}
                {...field('actor')}
              />
              <TextInput
                label={t('action')}
                placeholder={t('actionPlaceholder')}
                maxLength={100}
                {...field('action')}
              />
              <TextInput label={t('from')} type="date" {...field('from')} />
              <TextInput label={t('to')} type="date" {...field('to')} />
              <Button type="submit">{t('filter')}</Button>
            </Group>
          </form>
        </Paper>
        {log.isPending ? (
          <LoadingText text={t('loading')} />
        ) : log.isError ? (
          <FormError>{t('failed', { reason: errorMessage(log.error) })}</FormError>
        ) : log.data.pages[0]?.entries.length === 0 ? (
          <Text>{t('empty')}</Text>
        ) : (
          <>
            {/* Focusable, so keyboard users can scroll it sideways on narrow screens. */}
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('entries')}>
              <Table miw={720} striped verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('when')}</Table.Th>
                    <Table.Th scope="col">{t('who')}</Table.Th>
                    <Table.Th scope="col">{t('action')}</Table.Th>
                    <Table.Th scope="col">{t('target')}</Table.Th>
                    <Table.Th scope="col">{t('before')}</Table.Th>
                    <Table.Th scope="col">{t('after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.pages.flatMap((p) =>
                    p.entries.map((e) => (
                      <Table.Tr key={e.id}>
                        <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                        <Table.Td>{e.actorName}</Table.Td>
                        <Table.Td>{e.action}</Table.Td>
                        <Table.Td>
                          {e.targetType}
                          {e.targetId ? ` ${e.targetId}` : ''}
                        </Table.Td>
                        <Table.Td maw={260}>
                          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                            {json(e.before)}
                          </Code>
                        </Table.Td>
                        <Table.Td maw={260}>
                          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                            {json(e.after)}
                          </Code>
                        </Table.Td>
                      </Table.Tr>
                    )),
                  )}
                </Table.Tbody>
              </Table>
            </Box>
            {log.hasNextPage ? (
              <Group mt="md">
                <Button
                  variant="default"
                  loading={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {t('loadOlder')}
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Box>
    </div>
  );
}
