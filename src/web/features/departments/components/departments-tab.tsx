import {
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEPARTMENT_TEXTS,
  departmentNameSchema,
  MAX_DEPARTMENT_NAME,
  type ManagedDepartment,
} from '../../../../domain/departments';
import { errorMessage } from '../../../api/http';
import { formatList } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import {
  useAddDepartment,
  useChangeDepartment,
  useDeleteDepartment,
  useManagedDepartments,
} from '../api/departments';

/** The form's check is the server's schema; the server still has the last word (unique names). */
function nameError(value: string): string | null {
  const parsed = departmentNameSchema.safeParse(value);
  return parsed.success
    ? null
    : translateMessage(parsed.error.issues[0]?.message ?? DEPARTMENT_TEXTS.nameRequired);
}

function AddDepartmentForm() {
  const { t } = useTranslation('departments');
  const add = useAddDepartment();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameError(name);
    setError(invalid);
    if (invalid) return;
    add.mutate(
      { name },
      {
        onSuccess: (created) => {
          setName('');
          notifications.show({ color: 'green', message: t('added', { name: created.name }) });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('newDepartment')}
          placeholder={t('newPlaceholder')}
          value={name}
          maxLength={MAX_DEPARTMENT_NAME + 20}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: '1 1 14rem' }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={add.isPending}>
          {t('add')}
        </Button>
      </Group>
    </form>
  );
}

function RenameModal({
  department,
  onClose,
}: {
  department: ManagedDepartment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('departments');
  const change = useChangeDepartment();
  const [name, setName] = useState(department?.name ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!department) return;
    const invalid = nameError(name);
    setError(invalid);
    if (invalid) return;
    change.mutate(
      { id: department.id, name },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('renamed', { name: saved.name }) });
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Modal
      opened={department !== null}
      onClose={onClose}
      title={department ? t('renameTitle', { name: department.name }) : ''}
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('name')}
            data-autofocus
            value={name}
            maxLength={MAX_DEPARTMENT_NAME + 20}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            description={t('nameHint')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteModal({
  department,
  onClose,
}: {
  department: ManagedDepartment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('departments');
  const remove = useDeleteDepartment();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={department !== null}
      onClose={onClose}
      title={department ? t('deleteTitle', { name: department.name }) : ''}
      closeButtonProps={{ 'aria-label': t('closeDialog') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('deleteText')}</Text>
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              department &&
              remove.mutate(department.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'green',
                    message: t('deleted', { name: department.name }),
                  });
                  onClose();
                },
                onError: (e) => setError(errorMessage(e)),
              })
            }
          >
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DepartmentCard({
  department: d,
  onRename,
  onDelete,
}: {
  department: ManagedDepartment;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('departments');
  const change = useChangeDepartment();
  const uses = [
    d.templateCount ? t('templates', { count: d.templateCount }) : null,
    d.jobCount ? t('jobs', { count: d.jobCount }) : null,
    d.adminCount ? t('admins', { count: d.adminCount }) : null,
  ].filter((part): part is string => part !== null);
  const usage = uses.length > 0 ? formatList(uses) : null;
  const toggleArchived = () =>
    change.mutate(
      { id: d.id, archived: !d.archived },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: saved.archived
              ? t('archivedNote', { name: saved.name })
              : t('restored', { name: saved.name }),
          }),
        onError: (e) =>
          notifications.show({
            color: 'red',
            message: t('saveFailed', { reason: errorMessage(e) }),
          }),
      },
    );
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={d.name}
      data-testid="department-card"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {d.name}
          </Title>
          {d.archived ? (
            <Badge color="gray.8" variant="filled">
              {t('archived')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" data-testid="department-usage">
          {[
            t('templates', { count: d.templateCount }),
            t('jobs', { count: d.jobCount }),
            ...(d.adminCount ? [t('admins', { count: d.adminCount })] : []),
          ].join(' · ')}
        </Text>
        {d.templates.length > 0 ? (
          <List size="sm" spacing={2} aria-label={t('templatesIn', { name: d.name })}>
            {d.templates.map((tp) => (
              <List.Item key={tp.id}>
                {tp.title}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {tp.roleName}
                  {tp.active ? '' : ` · ${t('inactive')}`}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t('noTemplates')}
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={onRename}>
            {t('rename')}
          </Button>
          <Button size="xs" variant="default" onClick={toggleArchived} loading={change.isPending}>
            {d.archived ? t('restore') : t('archive')}
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            onClick={onDelete}
            title={usage ? t('inUse', { usage }) : undefined}
          >
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Admin settings, Departments tab: the real list, with what uses each department. */
export function DepartmentsTab() {
  const { t } = useTranslation('departments');
  const departments = useManagedDepartments();
  const [renaming, setRenaming] = useState<ManagedDepartment | null>(null);
  const [deleting, setDeleting] = useState<ManagedDepartment | null>(null);
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} fz="lg" mb="xs">
          {t('title')}
        </Title>
        <Text size="sm" mb="md">
          {t('intro')}
        </Text>
        <AddDepartmentForm />
      </Paper>
      {departments.isPending ? <LoadingText text={t('loading')} /> : null}
      {departments.isError ? (
        <FormError>{t('loadFailed', { reason: errorMessage(departments.error) })}</FormError>
      ) : null}
      {departments.data?.length === 0 ? <Text>{t('empty')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {departments.data?.map((d) => (
          <DepartmentCard
            key={d.id}
            department={d}
            onRename={() => setRenaming(d)}
            onDelete={() => setDeleting(d)}
          />
        ))}
      </SimpleGrid>
      <RenameModal
        key={`r-${renaming?.id}`}
        department={renaming}
        onClose={() => setRenaming(null)}
      />
      <DeleteModal
        key={`d-${deleting?.id}`}
        department={deleting}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
