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
import { useTranslation } from 'react-i18next';
import { CURRENCIES, EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';
import { candidateProfileInput, type Profile } from '../../../../domain/profile';
import { numberSeparators } from '../../../lib/format';
import { translateErrors } from '../../../lib/messages';
import { type CandidateFormValues, candidateInput, candidateValues } from '../lib/form-values';
import { CommonFields, FormSection, SaveBar } from './profile-form-parts';
import { useProfileSave } from './use-profile-save';

const validateCandidate = schemaResolver(candidateProfileInput, { sync: true });

export function CandidateProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const separators = numberSeparators();
  const experienceData = [
    { value: '', label: t('fields.selectExperience') },
    ...EXPERIENCE_OPTIONS.map((value) => ({
      value,
      label: t('fields.experienceYears', { range: value }),
    })),
  ];
  const form = useForm<CandidateFormValues>({
    initialValues: candidateValues(profile),
    // The schema sees what the API will get: empty salary fields become null.
    validate: (values) => translateErrors(validateCandidate(candidateInput(values))),
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
        <FormSection title={t('sections.professional')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.title')}
              placeholder={t('fields.titlePlaceholderCandidate')}
              {...form.getInputProps('title')}
            />
            <TextInput
              label={t('fields.location')}
              placeholder={t('fields.locationPlaceholder')}
              {...form.getInputProps('location')}
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.skills')}
            description={t('fields.skillsHint')}
            placeholder={t('fields.skillsPlaceholder')}
            {...form.getInputProps('skills')}
          />
          <NativeSelect
            label={t('fields.experience')}
            data={experienceData}
            {...form.getInputProps('experience')}
          />
          <Textarea
            label={t('fields.bio')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('bio')}
          />
          <Textarea
            label={t('fields.education')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('education')}
          />
        </FormSection>
        <FormSection title={t('sections.jobPreferences')}>
          <Checkbox.Group
            label={t('fields.jobType')}
            {...form.getInputProps('jobPreferences.jobType')}
          >
            <Group gap="lg" mt={6}>
              {JOB_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`jobTypes.${type}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={t('fields.remote')}
            {...form.getInputProps('jobPreferences.remote', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('fields.minSalary')}
              min={0}
              {...separators}
              allowNegative={false}
              {...form.getInputProps('jobPreferences.salary.min')}
            />
            <NumberInput
              label={t('fields.maxSalary')}
              min={0}
              {...separators}
              allowNegative={false}
              {...form.getInputProps('jobPreferences.salary.max')}
            />
            <NativeSelect
              label={t('fields.currency')}
              data={[...CURRENCIES]}
              {...form.getInputProps('jobPreferences.salary.currency')}
            />
          </SimpleGrid>
          <TagsInput
            label={t('fields.preferredLocations')}
            description={t('fields.preferredLocationsHint')}
            placeholder={t('fields.addLocation')}
            clearable
            {...form.getInputProps('jobPreferences.location')}
          />
        </FormSection>
        <FormSection title={t('sections.visibility')}>
          <Switch
            label={t('fields.discoverable')}
            description={t('fields.discoverableHint')}
            {...form.getInputProps('discoverable', { type: 'checkbox' })}
          />
        </FormSection>
        <SaveBar saving={saving} status={status} />
      </Stack>
    </form>
  );
}
