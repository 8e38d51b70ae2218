import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ASSESSMENT_TEXTS, type Template } from '../../../../domain/assessments';
import { DEPARTMENT_TEXTS } from '../../../../domain/departments';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useTemplates } from '../../assessments/api/templates';
import { matchesSearch } from '../lib/template-form';
import { DeleteTemplateModal } from './delete-template-modal';
import { TemplateCard } from './template-card';
import { TemplateFormModal } from './template-form-modal';

type FormState = { opened: boolean; template: Template | null; nonce: number };

function statusText(shown: number, total: number, search: string, department: string | null) {
  const where = department
    ? ` in ${department === NO_DEPARTMENT ? DEPARTMENT_TEXTS.noDepartment.toLowerCase() : department}`
    : '';
  if (search) {
    return shown === 0
      ? `No templates${where} match “${search}”.`
      : `${shown} of ${total} templates${where} match “${search}”.`;
  }
  return shown === 0 ? `No templates${where}.` : `${shown} of ${total} templates${where}.`;
}

/** '' = every department; NO_DEPARTMENT = templates made before departments. */
const NO_DEPARTMENT = '__none__';

function TemplateList({
  search,
  onEdit,
  onDelete,
}: {
  search: string;
  onEdit: (t: Template) => void;
  onDelete: (t: Template) => void;
}) {
  const templates = useTemplates();
  const [department, setDepartment] = useState<string | null>(null);
  if (templates.isPending) return <LoadingText text="Loading assessment templates..." />;
  if (templates.isError) return <FormError>{ASSESSMENT_TEXTS.errorLoadingTemplates}</FormError>;
  if (templates.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center">
        <Text>{ASSESSMENT_TEXTS.noTemplates}</Text>
      </Paper>
    );
  }
  const names = [...new Set(templates.data.map((t) => t.department).filter((d) => d !== null))];
  names.sort((a, b) => a.localeCompare(b));
  const hasUnfiled = templates.data.some((t) => t.department === null);
  const inDepartment = (t: Template) =>
    !department ||
    (department === NO_DEPARTMENT ? t.department === null : t.department === department);
  const shown = templates.data.filter((t) => matchesSearch(t, search) && inDepartment(t));
  const filtering = Boolean(search.trim() || department);
  return (
    <Stack gap="sm">
      <Select
        label="Department"
        placeholder={DEPARTMENT_TEXTS.allDepartments}
        clearable
        maw={{ base: '100%', xs: 280 }}
        data={[
          ...names,
          ...(hasUnfiled ? [{ value: NO_DEPARTMENT, label: DEPARTMENT_TEXTS.noDepartment }] : []),
        ]}
        value={department}
        onChange={setDepartment}
      />
      {filtering ? (
        <Text size="sm" c="dimmed" role="status">
          {statusText(shown.length, templates.data.length, search.trim(), department)}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((t) => (
          <TemplateCard key={t.id} template={t} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Spec section 2, Assessments tab: the templates, with create, edit and delete. */
export function TemplatesTab({ search }: { search: string }) {
  const [form, setForm] = useState<FormState>({ opened: false, template: null, nonce: 0 });
  const [deleting, setDeleting] = useState<Template | null>(null);
  const openForm = (template: Template | null) =>
    setForm((f) => ({ opened: true, template, nonce: f.nonce + 1 }));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          Assessment Templates
        </Title>
        <Button onClick={() => openForm(null)}>Create New Assessment</Button>
      </Group>
      <TemplateList search={search} onEdit={openForm} onDelete={setDeleting} />
      <TemplateFormModal
        key={form.nonce}
        opened={form.opened}
        template={form.template}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
      />
      <DeleteTemplateModal template={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
