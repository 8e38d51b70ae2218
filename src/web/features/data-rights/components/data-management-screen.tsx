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
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ManagedUser } from '../../../../domain/users';
import { ApiError, errorMessage } from '../../../api/http';
import classes from '../../../app/layout/admin-page.module.css';
import { AdminSidebar } from '../../../app/layout/admin-sidebar';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useUsers } from '../../users';
import { useEraseUser, useErasures, useExportUser } from '../api/data-rights';

type Action = { kind: 'export' | 'erase'; user: ManagedUser };

/** /admin/data: the two data rights, run for a user on their request, and past erasures. */
export function DataManagementScreen() {
  const { t } = useTranslation('data-rights');
  const bold = { b: <strong /> };
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
        <PageHeader title={t('admin.title')} description={t('admin.description')} />
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rights-title">
            <Title order={2} fz="lg" id="rights-title" mb="xs">
              {t('admin.rightsTitle')}
            </Title>
            <Text size="sm" mb="xs">
              <Trans t={t} i18nKey="admin.exportRight" components={bold} />
            </Text>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="admin.eraseRight"
                values={{ kept: t('eraseKeptByAdmin') }}
                components={bold}
              />
            </Text>
          </Paper>

          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="find-title">
            <Title order={2} fz="lg" id="find-title" mb="xs">
              {t('admin.actTitle')}
            </Title>
            <TextInput
              type="search"
              label={t('admin.findUser')}
              placeholder={t('admin.findPlaceholder')}
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
              <LoadingText text={t('admin.loadingUsers')} />
            ) : users.isError ? (
              <FormError>{t('admin.usersFailed', { reason: errorMessage(users.error) })}</FormError>
            ) : users.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('admin.noUser')}
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
                          {t(`common:roles.${u.role}`)}
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
                        aria-label={t('admin.exportLabel', { name: u.name })}
                      >
                        {t('admin.export')}
                      </Button>
                      {u.id === selfId ? null : (
                        <Button
                          size="xs"
                          color="red.9"
                          variant="outline"
                          onClick={() => setAction({ kind: 'erase', user: u })}
                          aria-label={t('admin.eraseLabel', { name: u.name })}
                        >
                          {t('admin.erase')}
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
          title={action?.kind === 'erase' ? t('admin.eraseModal') : t('admin.exportModal')}
          closeButtonProps={{ 'aria-label': t('close') }}
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
  const { t } = useTranslation('data-rights');
  const bold = { b: <strong /> };
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const exportUser = useExportUser();
  const eraseUser = useEraseUser();
  const busy = exportUser.isPending || eraseUser.isPending;
  const { user, kind } = action;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('admin.giveReason'));
      return;
    }
    setError(null);
    const fail = (e: unknown) =>
      setError(
        e instanceof ApiError && e.issues[0]
          ? translateMessage(e.issues[0].message)
          : errorMessage(e),
      );
    if (kind === 'export') {
      exportUser.mutate(
        { id: user.id, reason },
        {
          onSuccess: (file) => onDone(t('admin.exported', { file, name: user.name })),
          onError: fail,
        },
      );
    } else {
      eraseUser.mutate(
        { id: user.id, reason },
        {
          onSuccess: (r) =>
            onDone(
              t('admin.erased', {
                name: user.name,
                assessments: t('admin.assessmentsKept', { count: r.assessmentsKept }),
                messages: t('admin.messagesKept', { count: r.messagesKept }),
              }),
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
          <Alert color="red" variant="light" title={t('cannotUndo')}>
            <Text size="sm" mb="xs">
              <Trans
                t={t}
                i18nKey="admin.eraseWarning"
                values={{ name: user.name, email: user.email }}
                components={bold}
              />
            </Text>
            <Text size="sm">{t('eraseKeptByAdmin')}</Text>
          </Alert>
        ) : (
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="admin.exportWarning"
              values={{ name: user.name, email: user.email }}
              components={bold}
            />
          </Text>
        )}
        <Textarea
          label={t('admin.reason')}
          description={t('admin.reasonHint')}
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
            {t('cancel')}
          </Button>
          <Button type="submit" color={kind === 'erase' ? 'red.9' : undefined} loading={busy}>
            {kind === 'erase' ? t('admin.erasePermanently') : t('admin.downloadExport')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PastErasures() {
  const { t } = useTranslation('data-rights');
  const erasures = useErasures();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="erasures-title">
      <Title order={2} fz="lg" id="erasures-title" mb="xs">
        {t('admin.pastTitle')}
      </Title>
      {erasures.isPending ? (
        <LoadingText text={t('admin.loadingErasures')} />
      ) : erasures.isError ? (
        <FormError>{t('admin.erasuresFailed', { reason: errorMessage(erasures.error) })}</FormError>
      ) : erasures.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.noErasures')}
        </Text>
      ) : (
        <ResponsiveTable
          label={t('admin.pastTitle')}
          rows={erasures.data.items}
          rowKey={(e) => String(e.id)}
          minWidth={560}
          columns={[
            {
              key: 'when',
              card: 'title',
              header: t('admin.when'),
              cell: (e) => formatDateTime(e.at),
            },
            {
              key: 'account',
              header: t('admin.account'),
              cell: (e) => (
                <>
                  {e.role ? t(`common:roles.${e.role}`) : ''}{' '}
                  <Text span size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {e.userId}
                  </Text>
                </>
              ),
            },
            {
              key: 'by',
              header: t('admin.by'),
              cell: (e) =>
                e.by === 'admin' ? (e.adminName ?? t('admin.anAdmin')) : t('admin.theUser'),
            },
            { key: 'reason', header: t('admin.reason'), cell: (e) => e.reason ?? '—' },
            {
              key: 'kept',
              header: t('admin.assessmentsKeptColumn'),
              cell: (e) => e.assessmentsKept ?? '—',
            },
          ]}
        />
      )}
    </Paper>
  );
}
