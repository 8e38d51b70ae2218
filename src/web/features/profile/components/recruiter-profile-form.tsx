import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { COMPANY_SIZES, INDUSTRIES } from '../../../../domain/constants';
import { type Profile, recruiterProfileInput } from '../../../../domain/profile';
import { type RecruiterFormValues, recruiterValues } from '../lib/form-values';
import { CommonFields, FormSection, SaveBar } from './profile-form-parts';
import { useProfileSave } from './use-profile-save';

const INDUSTRY_DATA = [{ value: '', label: 'Select industry' }, ...INDUSTRIES];
const SIZE_DATA = [
  { value: '', label: 'Select company size' },
  ...COMPANY_SIZES.map((value) => ({ value, label: `${value} employees` })),
];

const asInput = (values: RecruiterFormValues) => values;

export function RecruiterProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<RecruiterFormValues>({
    initialValues: recruiterValues(profile),
    validate: schemaResolver(recruiterProfileInput, { sync: true }),
  });
  const { submit, saving, status } = useProfileSave(form, asInput);

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
              placeholder="e.g. Talent Acquisition Lead"
              {...form.getInputProps('title')}
            />
            <TextInput label="Location" {...form.getInputProps('location')} />
          </SimpleGrid>
          <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
        </FormSection>
        <FormSection title="Company">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company Name" required {...form.getInputProps('company.name')} />
            <TextInput
              label="Website"
              type="url"
              placeholder="https://example.com"
              {...form.getInputProps('company.website')}
            />
            <NativeSelect
              label="Industry"
              data={INDUSTRY_DATA}
              {...form.getInputProps('company.industry')}
            />
            <NativeSelect
              label="Company Size"
              data={SIZE_DATA}
              {...form.getInputProps('company.size')}
            />
          </SimpleGrid>
          <Textarea
            label="Company Description"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('company.description')}
          />
        </FormSection>
        <SaveBar saving={saving} status={status} />
      </Stack>
    </form>
  );
}
