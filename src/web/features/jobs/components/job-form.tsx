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
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toIsoDate } from '../../../../domain/assessments';
import { CURRENCIES, EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { MAX_LOCATIONS, type NewJobInput, WORKPLACE_TYPES } from '../../../../domain/jobs';
import { ApiError, errorMessage, issuesToFormErrors } from '../../../api/http';
import { numberSeparators } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { translateErrors } from '../../../lib/messages';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { MarkdownView } from '../../../ui/markdown-view';
import { DepartmentSelect } from '../../departments';
import { countryOptions, formToInput, type JobFormValues, validateJobForm } from '../lib/job-form';

type Props = {
  initial: JobFormValues;
  /** Post Job offers draft and publish; editing saves in place. */
  mode: 'new' | 'edit';
  pending: boolean;
  error: unknown;
  onSubmit: (input: NewJobInput) => Promise<unknown>;
  onCancel?: () => void;
  /** The field to start on (the lists' "No country" marker leads to the country). */
  focus?: 'country';
};

export function JobForm({ initial, mode, pending, error, onSubmit, onCancel, focus }: Props) {
  const { t } = useTranslation('jobs');
  const separators = numberSeparators();
  const form = useForm<JobFormValues>({ initialValues: initial });
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [intent, setIntent] = useState<'draft' | 'published'>('published');
  const locale = currentLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);

  const submit = (status: 'draft' | 'published') => {
    setIntent(status);
    const input = formToInput(form.values, status);
    const errors = validateJobForm(input);
    form.setErrors(translateErrors(errors));
    if (Object.keys(errors).length > 0) return;
    onSubmit(input).catch((e: unknown) => {
      if (e instanceof ApiError && e.issues.length)
        form.setErrors(translateErrors(issuesToFormErrors(e.issues)));
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
              {t('form.role')}
            </Title>
            <TextInput
              label={t('form.title')}
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
                  label={t('form.locations')}
                  description={t('form.locationsHint')}
                  required
                  maxTags={MAX_LOCATIONS}
                  placeholder={t('form.locationPlaceholder')}
                  {...form.getInputProps('locations')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('form.country')}
                  description={t('form.countryHint')}
                  placeholder={t('form.countryPlaceholder')}
                  required
                  searchable
                  autoFocus={focus === 'country'}
                  data={countries}
                  {...form.getInputProps('country')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('form.workplaceType')}
                  required
                  data={WORKPLACE_TYPES.map((w) => ({ value: w, label: t(`workplace.${w}`) }))}
                  {...form.getInputProps('workplaceType')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('form.jobType')}
                  required
                  data={JOB_TYPES.map((jt) => ({ value: jt, label: t(`jobType.${jt}`) }))}
                  {...form.getInputProps('jobType')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('form.experience')}
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
              {t('form.salary')}
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput
                  label={t('form.minimum')}
                  min={0}
                  allowDecimal={false}
                  {...separators}
                  {...form.getInputProps('salaryMin')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput
                  label={t('form.maximum')}
                  min={0}
                  allowDecimal={false}
                  {...separators}
                  {...form.getInputProps('salaryMax')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label={t('form.currency')}
                  data={[...CURRENCIES]}
                  allowDeselect={false}
                  {...form.getInputProps('currency')}
                />
              </Grid.Col>
            </Grid>
            <Switch
              label={t('form.showSalary')}
              {...form.getInputProps('showSalary', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg">
                {t('form.description')}
              </Title>
              <SegmentedControl
                size="xs"
                aria-label={t('form.descriptionView')}
                value={view}
                onChange={(v) => setView(v as 'write' | 'preview')}
                data={[
                  { value: 'write', label: t('form.write') },
                  { value: 'preview', label: t('form.preview') },
                ]}
              />
            </Group>
            {view === 'write' ? (
              <Textarea
                label={t('form.descriptionMarkdown')}
                required
                autosize
                minRows={8}
                maxRows={24}
                {...form.getInputProps('description')}
              />
            ) : (
              <Paper withBorder p="md" radius="sm" mih={160}>
                <MarkdownView source={form.values.description} empty={t('form.nothingToPreview')} />
              </Paper>
            )}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NumberInput
                  label={t('form.openings')}
                  required
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps('openings')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <DateField
                  label={t('form.closingDate')}
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
              {t('cancel')}
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
                {t('form.saveDraft')}
              </Button>
              <Button
                onClick={() => submit('published')}
                loading={pending && intent === 'published'}
                disabled={pending}
              >
                {t('form.publish')}
              </Button>
            </>
          ) : (
            <Button type="submit" loading={pending}>
              {t('form.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
