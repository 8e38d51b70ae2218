import {
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { toIsoDate } from '../../../../domain/assessments';
import { CURRENCIES, EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import {
  JOB_TYPE_LABELS,
  MAX_LOCATIONS,
  type NewJobInput,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
} from '../../../../domain/jobs';
import { ApiError, errorMessage, issuesToFormErrors } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { MarkdownView } from '../../../ui/markdown-view';
import { DepartmentSelect } from '../../departments/components/department-select';
import { formToInput, type JobFormValues, validateJobForm } from '../lib/job-form';

type Props = {
  initial: JobFormValues;
  /** Post Job offers draft and publish; editing saves in place. */
  mode: 'new' | 'edit';
  pending: boolean;
  error: unknown;
  onSubmit: (input: NewJobInput) => Promise<unknown>;
  onCancel?: () => void;
};

export function JobForm({ initial, mode, pending, error, onSubmit, onCancel }: Props) {
  const form = useForm<JobFormValues>({ initialValues: initial });
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [intent, setIntent] = useState<'draft' | 'published'>('published');

  const submit = (status: 'draft' | 'published') => {
    setIntent(status);
    const input = formToInput(form.values, status);
    const errors = validateJobForm(input);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    onSubmit(input).catch((e: unknown) => {
      if (e instanceof ApiError && e.issues.length) form.setErrors(issuesToFormErrors(e.issues));
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(mode === 'edit' ? 'draft' : 'published');
      }}
    >
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Title order={2} fz="lg">
              The role
            </Title>
            <TextInput
              label="Job title"
              required
              maxLength={150}
              {...form.getInputProps('title')}
            />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DepartmentSelect
                  required
                  current={initial.department}
                  {...form.getInputProps('department')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TagsInput
                  label="Locations"
                  description="Press Enter after each location"
                  required
                  maxTags={MAX_LOCATIONS}
                  placeholder="e.g. Berlin"
                  {...form.getInputProps('locations')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Workplace type"
                  required
                  data={WORKPLACE_TYPES.map((w) => ({ value: w, label: WORKPLACE_LABELS[w] }))}
                  {...form.getInputProps('workplaceType')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Job type"
                  required
                  data={JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] }))}
                  {...form.getInputProps('jobType')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Experience (years)"
                  required
                  data={[...EXPERIENCE_OPTIONS]}
                  {...form.getInputProps('experience')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Salary
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput
                  label="Minimum"
                  min={0}
                  allowDecimal={false}
                  thousandSeparator=","
                  {...form.getInputProps('salaryMin')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput
                  label="Maximum"
                  min={0}
                  allowDecimal={false}
                  thousandSeparator=","
                  {...form.getInputProps('salaryMax')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Currency"
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
              </Grid.Col>
            </Grid>
            <Switch
              label="Show the salary to candidates"
              {...form.getInputProps('showSalary', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg">
                Description
              </Title>
              <SegmentedControl
                size="xs"
                aria-label="Description view"
                value={view}
                onChange={(v) => setView(v as 'write' | 'preview')}
                data={[
                  { value: 'write', label: 'Write' },
                  { value: 'preview', label: 'Preview' },
                ]}
              />
            </Group>
            {view === 'write' ? (
              <Textarea
                label="Description (Markdown)"
                required
                autosize
                minRows={8}
                maxRows={24}
                {...form.getInputProps('description')}
              />
            ) : (
              <Paper withBorder p="md" radius="sm" mih={160}>
                <MarkdownView source={form.values.description} empty="Nothing to preview yet." />
              </Paper>
            )}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label="Openings"
                  required
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps('openings')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  type="date"
                  label="Closing date (optional)"
                  min={toIsoDate(new Date())}
                  {...form.getInputProps('closingDate')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Paper>

        {error ? <FormError>{errorMessage(error)}</FormError> : null}
        <Group justify="flex-end" wrap="wrap">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          ) : null}
          {mode === 'new' ? (
            <>
              <Button
                variant="default"
                onClick={() => submit('draft')}
                loading={pending && intent === 'draft'}
                disabled={pending}
              >
                Save as Draft
              </Button>
              <Button
                onClick={() => submit('published')}
                loading={pending && intent === 'published'}
                disabled={pending}
              >
                Publish Job
              </Button>
            </>
          ) : (
            <Button type="submit" loading={pending}>
              Save Changes
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
