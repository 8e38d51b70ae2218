import { NativeSelect, SimpleGrid, Stack, Switch } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ADMIN_LEVELS } from '../../../../domain/constants';
import { adminProfileInput, type Profile } from '../../../../domain/profile';
import { translateErrors } from '../../../lib/messages';
import { DepartmentSelect } from '../../departments';
import { type AdminFormValues, adminValues } from '../lib/form-values';
import { CommonFields, FormSection, SaveBar } from './profile-form-parts';
import { useProfileSave } from './use-profile-save';

const asInput = (values: AdminFormValues) => values;

const validateAdmin = schemaResolver(adminProfileInput, { sync: true });

export function AdminProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const form = useForm<AdminFormValues>({
    initialValues: adminValues(profile),
    validate: (values) => translateErrors(validateAdmin(values)),
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
        <FormSection title={t('sections.administration')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('fields.adminLevel')}
              data={ADMIN_LEVELS.map((value) => ({ value, label: t(`adminLevels.${value}`) }))}
              {...form.getInputProps('adminLevel')}
            />
            <DepartmentSelect
              clearable
              current={profile.details.department || null}
              {...form.getInputProps('department')}
              value={form.values.department || null}
              onChange={(value) => form.setFieldValue('department', value ?? '')}
            />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('sections.notifications')}>
          <Switch
            label={t('fields.emailNotifications')}
            {...form.getInputProps('notificationPreferences.email', { type: 'checkbox' })}
          />
          <Switch
            label={t('fields.browserNotifications')}
            {...form.getInputProps('notificationPreferences.browser', { type: 'checkbox' })}
          />
        </FormSection>
        <SaveBar saving={saving} status={status} />
      </Stack>
    </form>
  );
}
