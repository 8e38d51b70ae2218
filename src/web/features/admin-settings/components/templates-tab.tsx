import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ASSESSMENT_TEXTS, type Template } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useTemplates } from '../../assessments/api/templates';
import { matchesSearch } from '../lib/template-form';
import { DeleteTemplateModal } from './delete-template-modal';
import { TemplateCard } from './template-card';
import { TemplateFormModal } from './template-form-modal';

type FormState = { opened: boolean; template: Template | null; nonce: number };

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
  if (templates.isPending) return <LoadingText text="Loading assessment templates..." />;
  if (templates.isError) return <FormError>{ASSESSMENT_TEXTS.errorLoadingTemplates}</FormError>;
  if (templates.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md" ta="center">
        <Text>{ASSESSMENT_TEXTS.noTemplates}</Text>
      </Paper>
    );
  }
  const shown = templates.data.filter((t) => matchesSearch(t, search));
  return (
    <Stack gap="sm">
      {search.trim() ? (
        <Text size="sm" c="dimmed" role="status">
          {shown.length === 0
            ? `No templates match “${search.trim()}”.`
            : `${shown.length} of ${templates.data.length} templates match “${search.trim()}”.`}
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
