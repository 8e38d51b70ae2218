import { Button, Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../domain/assessments';

type TemplateCardProps = {
  template: Template;
  actionLabel: string;
  onAssign: (template: Template) => void;
  children?: ReactNode;
};

/** Title, role and task count of a template the recruiter may assign. */
export function TemplateCard({ template, actionLabel, onAssign, children }: TemplateCardProps) {
  const { t } = useTranslation('recruiter');
  const count = template.tasks.length;
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap={6} h="100%">
        <Text component="h3" fw={600} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
          {template.title}
        </Text>
        <Text size="sm" c="dimmed">
          {t('card.role', { role: template.roleName })}
        </Text>
        {template.department ? (
          <Text size="sm" c="dimmed">
            {t('card.department', { department: template.department })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('card.taskSummary', {
            tasks: t('tasks', { count }),
            hours: t('hours', { count: template.durationHours }),
          })}
        </Text>
        {children}
        <Button
          mt="auto"
          onClick={() => onAssign(template)}
          aria-label={t('card.actionLabel', { action: actionLabel, title: template.title })}
        >
          {actionLabel}
        </Button>
      </Stack>
    </Card>
  );
}
