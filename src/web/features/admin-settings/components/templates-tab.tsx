import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useTemplates } from '../../assessments';
import { matchesSearch } from '../lib/template-form';
import { DeleteTemplateModal } from './delete-template-modal';
import { TemplateCard } from './template-card';
import { TemplateFormModal } from './template-form-modal';

type FormState = { opened: boolean; template: Template | null; nonce: number };

function statusText(
  t: TFunction<'admin-settings'>,
  shown: number,
  total: number,
  search: string,
  department: string | null,
) {
  const where = department
    ? {
        department: department === NO_DEPARTMENT ? t('templates.noDepartmentLower') : department,
      }
    : null;
  const values = { shown, count: total, search, ...where };
  if (search) {
    if (shown === 0)
      return where ? t('templates.searchNoneIn', values) : t('templates.searchNone', values);
    return where ? t('templates.searchSomeIn', values) : t('templates.searchSome', values);
  }
  if (shown === 0) return where ? t('templates.noneIn', values) : t('templates.none');
  return where ? t('templates.someIn', values) : t('templates.some', values);
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
  const { t } = useTranslation('admin-settings');
  const templates = useTemplates();
  const [department, setDepartment] = useState<string | null>(null);
  if (templates.isPending) return <LoadingText text={t('templates.loading')} />;
  if (templates.isError) return <FormError>{t('templates.loadFailed')}</FormError>;
  if (templates.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center">
        <Text>{t('templates.empty')}</Text>
      </Paper>
    );
  }
  const names = [...new Set(templates.data.map((tp) => tp.department).filter((d) => d !== null))];
  names.sort((a, b) => a.localeCompare(b));
  const hasUnfiled = templates.data.some((tp) => tp.department === null);
  const inDepartment = (template: Template) =>
    !department ||
    (department === NO_DEPARTMENT
      ? template.department === null
      : template.department === department);
  const shown = templates.data.filter((tp) => matchesSearch(tp, search) && inDepartment(tp));
  const filtering = Boolean(search.trim() || department);
  return (
    <Stack gap="sm">
      <Select
        label={t('templates.department')}
        placeholder={t('templates.allDepartments')}
        clearable
        maw={{ base: '100%', xs: 280 }}
        data={[
          ...names,
          ...(hasUnfiled ? [{ value: NO_DEPARTMENT, label: t('templates.noDepartment') }] : []),
        ]}
        value={department}
        onChange={setDepartment}
      />
      {filtering ? (
        <Text size="sm" c="dimmed" role="status">
          {statusText(t, shown.length, templates.data.length, search.trim(), department)}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.map((tp) => (
          <TemplateCard key={tp.id} template={tp} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Spec section 2, Assessments tab: the templates, with create, edit and delete. */
export function TemplatesTab({ search }: { search: string }) {
  const { t } = useTranslation('admin-settings');
  const [form, setForm] = useState<FormState>({ opened: false, template: null, nonce: 0 });
  const [deleting, setDeleting] = useState<Template | null>(null);
  const openForm = (template: Template | null) =>
    setForm((f) => ({ opened: true, template, nonce: f.nonce + 1 }));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          {t('templates.title')}
        </Title>
        <Button onClick={() => openForm(null)}>{t('templates.create')}</Button>
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
