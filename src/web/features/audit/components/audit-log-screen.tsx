import '../../admin-settings/styles';
import { Box, Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/http';
import classes from '../../../app/layout/admin-page.module.css';
import { AdminSidebar } from '../../../app/layout/admin-sidebar';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useAuditLog } from '../api/audit-log';
import { AuditCards, AuditTable } from './audit-entries';

const NO_FILTERS = { actor: '', action: '', from: '', to: '' };

/** /admin/logs: the audit log, read-only, filtered on the server and paged by cursor. */
export function AuditLogScreen() {
  const { t } = useTranslation('audit');
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const log = useAuditLog(filters);
  // A table where there is room for its five columns; a card per entry below.
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
  };
  const field = (name: keyof typeof draft) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: e.currentTarget.value }),
  });
  const day = (name: 'from' | 'to') => ({
    value: draft[name],
    onChange: (value: string) => setDraft({ ...draft, [name]: value }),
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className={classes.layout}>
      <AdminSidebar current="logs" />
      <Box miw={0}>
        <PageHeader title={t('title')} description={t('description')} />
        <Paper withBorder p="md" radius="md" mb="md">
          <form onSubmit={submit} noValidate aria-label={t('filterLabel')}>
            <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
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
              <DateField label={t('from')} {...day('from')} />
              <DateField label={t('to')} {...day('to')} />
            </SimpleGrid>
            <Group mt="sm" gap="sm">
              <Button type="submit">{t('filter')}</Button>
              {filtered ? (
                <Button variant="default" onClick={clear}>
                  {t('clear')}
                </Button>
              ) : null}
            </Group>
          </form>
        </Paper>
        {log.isPending ? (
          <LoadingText text={t('loading')} />
        ) : log.isError ? (
          <FormError>{t('failed', { reason: errorMessage(log.error) })}</FormError>
        ) : entries.length === 0 ? (
          <Text>{t('empty')}</Text>
        ) : (
          <>
            {wide ? <AuditTable entries={entries} /> : <AuditCards entries={entries} />}
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
