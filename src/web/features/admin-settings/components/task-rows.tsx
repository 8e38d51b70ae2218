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
import { TASK_TYPE_LABELS, TASK_TYPES } from '../../../../domain/assessments';
import { newTaskRow, type TemplateFormValues } from '../lib/template-form';

const TYPE_OPTIONS = TASK_TYPES.map((type) => ({ value: type, label: TASK_TYPE_LABELS[type] }));

/** The template's tasks; rows left without a title are not saved (spec section 5). */
export function TaskRows({ form }: { form: UseFormReturnType<TemplateFormValues> }) {
  const rows = form.values.tasks;
  return (
    <Stack gap="sm">
      <Text fw={600}>Tasks</Text>
      <Text size="sm" c="dimmed">
        A task without a title is left out when the template is saved.
      </Text>
      {rows.length === 0 ? <Text size="sm">No tasks yet.</Text> : null}
      {rows.map((row, index) => {
        const name = `Task ${index + 1}`;
        return (
          <Fieldset
            key={row.key}
            legend={name}
            radius="md"
            styles={{ legend: { fontWeight: 600 } }}
            pos="relative"
          >
            <CloseButton
              aria-label={`Remove task ${index + 1}`}
              pos="absolute"
              top={8}
              right={8}
              onClick={() => form.removeListItem('tasks', index)}
            />
            <Stack gap="xs">
              <TextInput label="Task title" {...form.getInputProps(`tasks.${index}.title`)} />
              <Textarea
                label="Task description"
                autosize
                minRows={2}
                {...form.getInputProps(`tasks.${index}.description`)}
              />
              <NativeSelect
                label="Task type"
                data={TYPE_OPTIONS}
                {...form.getInputProps(`tasks.${index}.type`)}
              />
            </Stack>
          </Fieldset>
        );
      })}
      <Group>
        <Button variant="light" onClick={() => form.insertListItem('tasks', newTaskRow())}>
          Add task
        </Button>
      </Group>
    </Stack>
  );
}
