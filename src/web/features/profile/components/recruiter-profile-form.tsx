import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { COMPANY_SIZES, INDUSTRIES } from '../../../../domain/constants';
import { type Profile, recruiterProfileInput } from '../../../../domain/profile';
import { translateErrors } from '../../../lib/messages';
import { type RecruiterFormValues, recruiterValues } from '../lib/form-values';
import { CommonFields, FormSection, SaveBar } from './profile-form-parts';
import { useProfileSave } from './use-profile-save';

const validateRecruiter = schemaResolver(recruiterProfileInput, { sync: true });

const asInput = (values: RecruiterFormValues) => values;

export function RecruiterProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const industryData = [
    { value: '', label: t('fields.selectIndustry') },
    ...INDUSTRIES.map((value) => ({ value, label: t(`industries.${value}`) })),
  ];
  const sizeData = [
    { value: '', label: t('fields.selectCompanySize') },
    ...COMPANY_SIZES.map((value) => ({
      value,
      label: t('fields.companySizeEmployees', { range: value }),
    })),
  ];
  const form = useForm<RecruiterFormValues>({
    initialValues: recruiterValues(profile),
    validate: (values) => translateErrors(validateRecruiter(values)),
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
        <FormSection title={t('sections.professional')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.title')}
              placeholder={t('fields.titlePlaceholderRecruiter')}
              {...form.getInputProps('title')}
            />
            <TextInput label={t('fields.location')} {...form.getInputProps('location')} />
          </SimpleGrid>
          <Textarea
            label={t('fields.bio')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('bio')}
          />
        </FormSection>
        <FormSection title={t('sections.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.companyName')}
              required
              {...form.getInputProps('company.name')}
            />
            <TextInput
              label={t('fields.website')}
              type="url"
              placeholder={t('fields.websitePlaceholder')}
              {...form.getInputProps('company.website')}
            />
            <NativeSelect
              label={t('fields.industry')}
              data={industryData}
              {...form.getInputProps('company.industry')}
            />
            <NativeSelect
              label={t('fields.companySize')}
              data={sizeData}
              {...form.getInputProps('company.size')}
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.companyDescription')}
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
