import '../../admin-settings/styles';
import { Box, Button, Code, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import classes from '../../admin-settings/components/admin-settings.module.css';
import { AdminSidebar } from '../../admin-settings/components/admin-sidebar';
import { useAuditLog } from '../api/audit-log';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** /admin/logs: the audit log, read-only, with filters. */
export function AuditLogScreen() {
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
        <PageHeader
          title="Logs"
          description="Every admin action, evaluation, role change, ban, setting and template change: who, what, when, before and after. Entries cannot be changed or deleted."
        />
        <Paper withBorder p="md" radius="md" mb="md">
          <form onSubmit={submit} noValidate aria-label="Filter the log">
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label="Actor"
                placeholder="Name or id"
                maxLength={200}
                {...field('actor')}
              />
              <TextInput
                label="Action"
                placeholder="e.g. template."
                maxLength={100}
                {...field('action')}
              />
              <TextInput label="From" type="date" {...field('from')} />
              <TextInput label="To" type="date" {...field('to')} />
              <Button type="submit">Filter</Button>
            </Group>
          </form>
        </Paper>
        {log.isPending ? (
          <LoadingText text="Loading the log..." />
        ) : log.isError ? (
          <FormError>Failed to load the log: {errorMessage(log.error)}</FormError>
        ) : log.data.pages[0]?.entries.length === 0 ? (
          <Text>No entries match.</Text>
        ) : (
          <>
            {/* Focusable, so keyboard users can scroll it sideways on narrow screens. */}
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Log entries">
              <Table miw={720} striped verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Who</Table.Th>
                    <Table.Th scope="col">Action</Table.Th>
                    <Table.Th scope="col">Target</Table.Th>
                    <Table.Th scope="col">Before</Table.Th>
                    <Table.Th scope="col">After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.pages.flatMap((p) =>
                    p.entries.map((e) => (
                      <Table.Tr key={e.id}>
                        <Table.Td>{when.format(new Date(e.createdAt))}</Table.Td>
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
                  Load older entries
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Box>
    </div>
  );
}
