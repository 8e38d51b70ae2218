import { Button, Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Template } from '../../../../domain/assessments';
import { hoursLabel } from '../lib/format';

type TemplateCardProps = {
  template: Template;
  actionLabel: string;
  onAssign: (template: Template) => void;
  children?: ReactNode;
};

/** Title, role and task count of a template the recruiter may assign. */
export function TemplateCard({ template, actionLabel, onAssign, children }: TemplateCardProps) {
  const count = template.tasks.length;
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap={6} h="100%">
        <Text component="h3" fw={600} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
          {template.title}
        </Text>
        <Text size="sm" c="dimmed">
          Role: {template.roleName}
        </Text>
        {template.department ? (
          <Text size="sm" c="dimmed">
            Department: {template.department}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {count} {count === 1 ? 'task' : 'tasks'} · {hoursLabel(template.durationHours)}
        </Text>
        {children}
        <Button
          mt="auto"
          onClick={() => onAssign(template)}
          aria-label={`${actionLabel}: ${template.title}`}
        >
          {actionLabel}
        </Button>
      </Stack>
    </Card>
  );
}
