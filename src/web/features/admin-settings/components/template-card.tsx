import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Template } from '../../../../domain/assessments';
import { DEPARTMENT_TEXTS } from '../../../../domain/departments';
import { durationLabel, formatCreated, taskCount } from '../lib/template-form';

type TemplateCardProps = {
  template: Template;
  onEdit: (template: Template) => void;
  onDelete: (template: Template) => void;
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

export function TemplateCard({ template, onEdit, onDelete }: TemplateCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={template.title}>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
            {template.title}
          </Title>
          <Badge
            // Dark fills: Mantine's light badges and its mid greens are below 4.5:1 for small text.
            color={template.active ? 'teal.9' : 'gray.7'}
            variant="filled"
            style={{ flexShrink: 0 }}
          >
            {template.active ? 'Active' : 'Inactive'}
          </Badge>
        </Group>
        <Fact label="Role" value={template.roleName} />
        <Fact label="Department" value={template.department ?? DEPARTMENT_TEXTS.noDepartment} />
        <Group gap="lg">
          <Text size="sm">{taskCount(template.tasks.length)}</Text>
          <Text size="sm">{durationLabel(template.durationHours)}</Text>
        </Group>
        <Fact label="Created" value={formatCreated(template.createdAt)} />
      </Stack>
      <Group gap="xs" mt="md">
        <Button
          size="xs"
          variant="default"
          aria-label={`Edit ${template.title}`}
          onClick={() => onEdit(template)}
        >
          Edit
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={`Delete ${template.title}`}
          onClick={() => onDelete(template)}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}
