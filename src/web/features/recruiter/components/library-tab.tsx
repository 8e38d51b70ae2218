import { Anchor, List, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ASSESSMENT_TEXTS, TASK_TYPE_LABELS, type Template } from '../../../../domain/assessments';
import { LoadingText } from '../../../ui/loading-text';
import { EmptyState, LoadError } from './query-states';
import { TemplateCard } from './template-card';

type LibraryTabProps = {
  templates: UseQueryResult<Template[]>;
  visible: Template[];
  filteredOut: string | null;
  onAssign: (template: Template) => void;
};

/** The templates this recruiter may use, each with its tasks behind a toggle. */
export function LibraryTab({ templates, visible, filteredOut, onAssign }: LibraryTabProps) {
  if (templates.isPending) return <LoadingText text="Loading assessment templates..." />;
  if (templates.isError) {
    return (
      <LoadError
        text={ASSESSMENT_TEXTS.errorLoadingTemplates}
        onRetry={() => void templates.refetch()}
      />
    );
  }
  if (templates.data.length === 0) return <EmptyState>{ASSESSMENT_TEXTS.contactAdmin}</EmptyState>;
  if (visible.length === 0) return <EmptyState>{filteredOut}</EmptyState>;
  return (
    <>
      <VisuallyHidden component="h2">Assessment Library</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {visible.map((t) => (
          <TemplateCard key={t.id} template={t} actionLabel="Assign" onAssign={onAssign}>
            {t.description ? <Text size="sm">{t.description}</Text> : null}
            <TaskList template={t} />
          </TemplateCard>
        ))}
      </SimpleGrid>
    </>
  );
}

function TaskList({ template }: { template: Template }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (template.tasks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No tasks.
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
        {open ? 'Hide tasks' : 'Show tasks'}
      </Anchor>
      <List id={listId} hidden={!open} size="sm" spacing={4} mt={4} type="ordered">
        {template.tasks.map((task) => (
          <List.Item key={task.id}>
            {task.title}{' '}
            <Text span size="xs" c="dimmed">
              ({TASK_TYPE_LABELS[task.type]})
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
