import {
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CANDIDATE_SEARCH_TEXTS } from '../../../../domain/candidate-search';
import { CURRENCIES, EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { candidateProfileInput, type Profile } from '../../../../domain/profile';
import { type CandidateFormValues, candidateInput, candidateValues } from '../lib/form-values';
import { CommonFields, FormSection, SaveBar } from './profile-form-parts';
import { useProfileSave } from './use-profile-save';

const validateCandidate = schemaResolver(candidateProfileInput, { sync: true });

const EXPERIENCE_DATA = [
  { value: '', label: 'Select experience' },
  ...EXPERIENCE_OPTIONS.map((value) => ({ value, label: `${value} years` })),
];

const JOB_TYPE_LABELS: Record<(typeof JOB_TYPES)[number], string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
};

export function CandidateProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<CandidateFormValues>({
    initialValues: candidateValues(profile),
    // The schema sees what the API will get: empty salary fields become null.
    validate: (values) => validateCandidate(candidateInput(values)),
  });
  const { submit, saving, status } = useProfileSave(form, candidateInput);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <CommonFields
          email={profile.email}
          name={form.getInputProps('name')}
          phone={form.getInputProps('phone')}
        />
        <FormSection title="Professional Details">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Title"
              placeholder="e.g. Frontend Developer"
              {...form.getInputProps('title')}
            />
            <TextInput
              label="Location"
              placeholder="e.g. Berlin, Germany"
              {...form.getInputProps('location')}
            />
          </SimpleGrid>
          <TextInput
            label="Skills"
            description="Separate skills with commas"
            placeholder="e.g. TypeScript, React, SQL"
            {...form.getInputProps('skills')}
          />
          <NativeSelect
            label="Experience"
            data={EXPERIENCE_DATA}
            {...form.getInputProps('experience')}
          />
          <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
          <Textarea
            label="Education"
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('education')}
          />
        </FormSection>
        <FormSection title="Job Preferences">
          <Checkbox.Group label="Job Type" {...form.getInputProps('jobPreferences.jobType')}>
            <Group gap="lg" mt={6}>
              {JOB_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={JOB_TYPE_LABELS[type]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label="Open to remote work"
            {...form.getInputProps('jobPreferences.remote', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Minimum Salary"
              min={0}
              thousandSeparator=","
              allowNegative={false}
              {...form.getInputProps('jobPreferences.salary.min')}
            />
            <NumberInput
              label="Maximum Salary"
              min={0}
              thousandSeparator=","
              allowNegative={false}
              {...form.getInputProps('jobPreferences.salary.max')}
            />
            <NativeSelect
              label="Currency"
              data={[...CURRENCIES]}
              {...form.getInputProps('jobPreferences.salary.currency')}
            />
          </SimpleGrid>
          <TagsInput
            label="Preferred Locations"
            description="Press Enter after each location"
            placeholder="Add a location"
            clearable
            {...form.getInputProps('jobPreferences.location')}
          />
        </FormSection>
        <FormSection title="Visibility">
          <Switch
            label={CANDIDATE_SEARCH_TEXTS.discoverableLabel}
            description={CANDIDATE_SEARCH_TEXTS.discoverableHint}
            {...form.getInputProps('discoverable', { type: 'checkbox' })}
          />
        </FormSection>
        <SaveBar saving={saving} status={status} />
      </Stack>
    </form>
  );
}
