import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Template } from '../../../../domain/assessments';
import { formatDate } from '../../../lib/format';

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
  const { t } = useTranslation('admin-settings');
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
            {template.active ? t('card.active') : t('card.inactive')}
          </Badge>
        </Group>
        <Fact label={t('card.role')} value={template.roleName} />
        <Fact
          label={t('card.department')}
          value={template.department ?? t('templates.noDepartment')}
        />
        <Group gap="lg">
          <Text size="sm">{t('card.tasks', { count: template.tasks.length })}</Text>
          <Text size="sm">{t('duration', { count: template.durationHours })}</Text>
        </Group>
        <Fact label={t('card.created')} value={formatDate(template.createdAt)} />
      </Stack>
      <Group gap="xs" mt="md">
        <Button
          size="xs"
          variant="default"
          aria-label={t('card.editLabel', { title: template.title })}
          onClick={() => onEdit(template)}
        >
          {t('card.edit')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          aria-label={t('card.deleteLabel', { title: template.title })}
          onClick={() => onDelete(template)}
        >
          {t('card.delete')}
        </Button>
      </Group>
    </Card>
  );
}
