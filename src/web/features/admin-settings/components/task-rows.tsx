import {
  Button,
  CloseButton,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { TASK_TYPES } from '../../../../domain/assessments';
import { newTaskRow, type TemplateFormValues } from '../lib/template-form';

/** The template's tasks; rows left without a title are not saved (spec section 5). */
export function TaskRows({ form }: { form: UseFormReturnType<TemplateFormValues> }) {
  const { t } = useTranslation('admin-settings');
  const typeOptions = TASK_TYPES.map((type) => ({ value: type, label: t(`tasks.types.${type}`) }));
  const rows = form.values.tasks;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t('tasks.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('tasks.hint')}
      </Text>
      {rows.length === 0 ? <Text size="sm">{t('tasks.none')}</Text> : null}
      {rows.map((row, index) => {
        const name = t('tasks.task', { number: index + 1 });
        return (
          <Fieldset
            key={row.key}
            legend={name}
            radius="md"
            styles={{ legend: { fontWeight: 600 } }}
            pos="relative"
          >
            <CloseButton
              aria-label={t('tasks.remove', { number: index + 1 })}
              pos="absolute"
              top={8}
              right={8}
              onClick={() => form.removeListItem('tasks', index)}
            />
            <Stack gap="xs">
              <TextInput
                label={t('tasks.taskTitle')}
                {...form.getInputProps(`tasks.${index}.title`)}
              />
              <Textarea
                label={t('tasks.taskDescription')}
                autosize
                minRows={2}
                {...form.getInputProps(`tasks.${index}.description`)}
              />
              <NativeSelect
                label={t('tasks.taskType')}
                data={typeOptions}
                {...form.getInputProps(`tasks.${index}.type`)}
              />
            </Stack>
          </Fieldset>
        );
      })}
      <Group>
        <Button variant="light" onClick={() => form.insertListItem('tasks', newTaskRow())}>
          {t('tasks.add')}
        </Button>
      </Group>
    </Stack>
  );
}
