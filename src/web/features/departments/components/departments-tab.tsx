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
import {
  DEPARTMENT_TEXTS,
  departmentNameSchema,
  MAX_DEPARTMENT_NAME,
  type ManagedDepartment,
  usageText,
} from '../../../../domain/departments';
import { errorMessage } from '../../../api/http';
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
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? DEPARTMENT_TEXTS.nameRequired);
}

function AddDepartmentForm() {
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
          notifications.show({ color: 'green', message: `Added “${created.name}”.` });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="New department"
          placeholder="e.g. Data Science"
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
          Add Department
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
          notifications.show({ color: 'green', message: `Renamed to “${saved.name}”.` });
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
      title={department ? `Rename “${department.name}”` : ''}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            data-autofocus
            value={name}
            maxLength={MAX_DEPARTMENT_NAME + 20}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            description="Templates, jobs and admin profiles in it show the new name at once."
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Save
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
  const remove = useDeleteDepartment();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      opened={department !== null}
      onClose={onClose}
      title={department ? `Delete “${department.name}”?` : ''}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Text size="sm">
          A department can be deleted only when no template, job or admin profile uses it. This
          cannot be undone; archiving keeps it for what already has it.
        </Text>
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              department &&
              remove.mutate(department.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: `Deleted “${department.name}”.` });
                  onClose();
                },
                onError: (e) => setError(errorMessage(e)),
              })
            }
          >
            Delete
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
  const change = useChangeDepartment();
  const usage = usageText({ templates: d.templateCount, jobs: d.jobCount, admins: d.adminCount });
  const toggleArchived = () =>
    change.mutate(
      { id: d.id, archived: !d.archived },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: saved.archived
              ? `Archived “${saved.name}”: no longer offered for new templates and jobs.`
              : `Restored “${saved.name}”.`,
          }),
        onError: (e) =>
          notifications.show({ color: 'red', message: `Failed to save: ${errorMessage(e)}` }),
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
              Archived
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" data-testid="department-usage">
          {`${d.templateCount} ${d.templateCount === 1 ? 'template' : 'templates'} · ${d.jobCount} ${
            d.jobCount === 1 ? 'job' : 'jobs'
          }`}
          {d.adminCount
            ? ` · ${d.adminCount} admin ${d.adminCount === 1 ? 'profile' : 'profiles'}`
            : ''}
        </Text>
        {d.templates.length > 0 ? (
          <List size="sm" spacing={2} aria-label={`Templates in ${d.name}`}>
            {d.templates.map((t) => (
              <List.Item key={t.id}>
                {t.title}
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t.roleName}
                  {t.active ? '' : ' · inactive'}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            No templates yet.
          </Text>
        )}
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" onClick={onRename}>
            Rename
          </Button>
          <Button size="xs" variant="default" onClick={toggleArchived} loading={change.isPending}>
            {d.archived ? 'Restore' : 'Archive'}
          </Button>
          <Button
            size="xs"
            variant="default"
            c="red.9"
            onClick={onDelete}
            title={usage ? `In use: ${usage}` : undefined}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Admin settings, Departments tab: the real list, with what uses each department. */
export function DepartmentsTab() {
  const departments = useManagedDepartments();
  const [renaming, setRenaming] = useState<ManagedDepartment | null>(null);
  const [deleting, setDeleting] = useState<ManagedDepartment | null>(null);
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} fz="lg" mb="xs">
          Departments
        </Title>
        <Text size="sm" mb="md">
          Templates and jobs are filed under a department, and recruiters and candidates filter by
          it. An archived department is no longer offered for new templates and jobs; those that
          have it keep it.
        </Text>
        <AddDepartmentForm />
      </Paper>
      {departments.isPending ? <LoadingText text={DEPARTMENT_TEXTS.loading} /> : null}
      {departments.isError ? (
        <FormError>
          {DEPARTMENT_TEXTS.failedLoad}: {errorMessage(departments.error)}
        </FormError>
      ) : null}
      {departments.data?.length === 0 ? <Text>{DEPARTMENT_TEXTS.empty}</Text> : null}
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
