import { Anchor, List, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../domain/assessments';
import { LoadingText } from '../../../ui/loading-text';
import { EmptyState, LoadError } from '../../../ui/query-states';
import { TemplateCard } from './template-card';

type LibraryTabProps = {
  templates: UseQueryResult<Template[]>;
  visible: Template[];
  filteredOut: string | null;
  onAssign: (template: Template) => void;
};

/** The templates this recruiter may use, each with its tasks behind a toggle. */
export function LibraryTab({ templates, visible, filteredOut, onAssign }: LibraryTabProps) {
  const { t } = useTranslation('recruiter');
  if (templates.isPending) return <LoadingText text={t('loadingTemplates')} />;
  if (templates.isError) {
    return <LoadError text={t('errorLoadingTemplates')} onRetry={() => void templates.refetch()} />;
  }
  if (templates.data.length === 0) return <EmptyState>{t('contactAdmin')}</EmptyState>;
  if (visible.length === 0) return <EmptyState>{filteredOut}</EmptyState>;
  return (
    <>
      <VisuallyHidden component="h2">{t('library.heading')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {visible.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            actionLabel={t('library.assign')}
            onAssign={onAssign}
          >
            {template.description ? <Text size="sm">{template.description}</Text> : null}
            <TaskList template={template} />
          </TemplateCard>
        ))}
      </SimpleGrid>
    </>
  );
}

function TaskList({ template }: { template: Template }) {
  const { t } = useTranslation('recruiter');
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (template.tasks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('library.noTasks')}
      </Text>
    );
  return (
    <div>
      <Anchor
        component="button"
        type="button"
        size="sm"
        fw={600}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('library.hideTasks') : t('library.showTasks')}
      </Anchor>
      <List id={listId} hidden={!open} size="sm" spacing={4} mt={4} type="ordered">
        {template.tasks.map((task) => (
          <List.Item key={task.id}>
            {task.title}{' '}
            <Text span size="xs" c="dimmed">
              ({t(`library.taskTypes.${task.type}`)})
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
