import { Badge, Button, FileInput, Group, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDueDate, earliestDueDate, type Template } from '../../../domain/assessments';
import { type BulkResult, bulkResultCsv, MAX_BULK_ROWS } from '../../../domain/bulk-invitations';
import { errorMessage } from '../../api/http';
import { formatNumber } from '../../lib/format';
import { translateMessage } from '../../lib/messages';
import { DateField } from '../../ui/date-field';
import { FormError } from '../../ui/form-error';
import { type Column, ResponsiveTable } from '../../ui/responsive-table';
import { useBulkAssign } from './api';

const OUTCOME_COLORS = { assigned: 'green', invited: 'blue', skipped: 'gray' } as const;

/** Offers the per-row result as a CSV file (built in the browser from the answer). */
function downloadResult(result: BulkResult, templateTitle: string) {
  const blob = new Blob([bulkResultCsv(result.rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${templateTitle.replace(/[^\w-]+/g, '-')}-invitations.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Assign Assessment's CSV upload: name,email[,due date], one result per row. */
export function BulkAssignForm({ template, onDone }: { template: Template; onDone: () => void }) {
  const { t } = useTranslation('bulk-invitations');
  const bulk = useBulkAssign();
  const [file, setFile] = useState<File | null>(null);
  const [dueDate, setDueDate] = useState(defaultDueDate());
  const [message, setMessage] = useState('');
  const result = bulk.data;
  // A card per row on a phone: the outcome and its reason are never off-screen (issue 31).
  const columns: Column<BulkResult['rows'][number]>[] = [
    { key: 'name', header: t('bulk.name'), card: 'title', cell: (r) => r.name },
    { key: 'row', header: t('bulk.row'), cell: (r) => r.row },
    { key: 'email', header: t('bulk.email'), cell: (r) => r.email },
    {
      key: 'result',
      header: t('bulk.result'),
      width: 120,
      cell: (r) => (
        <>
          <Badge color={OUTCOME_COLORS[r.outcome]} variant="light" style={{ overflow: 'visible' }}>
            {t(`bulk.outcome.${r.outcome}`)}
          </Badge>
          {r.reason ? (
            <Text size="xs" c="dimmed">
              {translateMessage(r.reason)}
            </Text>
          ) : null}
        </>
      ),
    },
  ];

  if (result) {
    return (
      <Stack gap="md">
        <Text role="status">
          {t('bulk.summary', {
            assigned: formatNumber(result.assigned),
            invited: formatNumber(result.invited),
            skipped: formatNumber(result.skipped),
          })}
        </Text>
        <ScrollArea.Autosize mah={360}>
          <ResponsiveTable
            rows={result.rows}
            columns={columns}
            rowKey={(r) => String(r.row)}
            label={t('bulk.resultTable')}
            breakpoint="48em"
            minWidth={480}
          />
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => downloadResult(result, template.title)}>
            {t('bulk.download')}
          </Button>
          <Button onClick={onDone}>{t('bulk.done')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (file) bulk.mutate({ file, templateId: template.id, dueDate, message });
      }}
    >
      <Stack gap="md">
        <FileInput
          label={t('bulk.file')}
          description={t('bulk.fileHint', { max: formatNumber(MAX_BULK_ROWS) })}
          accept=".csv,text/csv,text/plain"
          required
          clearable
          value={file}
          onChange={setFile}
        />
        <DateField
          label={t('bulk.dueDate')}
          required
          min={earliestDueDate()}
          value={dueDate}
          onChange={setDueDate}
        />
        <Textarea
          label={t('bulk.message')}
          autosize
          minRows={2}
          maxRows={6}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {bulk.isError ? <FormError>{errorMessage(bulk.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={bulk.isPending}>
            {t('bulk.cancel')}
          </Button>
          <Button type="submit" loading={bulk.isPending} disabled={!file}>
            {t('bulk.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
