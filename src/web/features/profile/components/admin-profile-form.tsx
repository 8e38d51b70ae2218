import { NativeSelect, SimpleGrid, Stack, Switch } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminProfileInput, type Profile } from '../../../../domain/profile';
import { DepartmentSelect } from '../../departments/components/department-select';
import { type AdminFormValues, adminValues } from '../lib/form-values';
import { CommonFields, FormSection, SaveBar } from './profile-form-parts';
import { useProfileSave } from './use-profile-save';

const ADMIN_LEVEL_DATA = [
  { value: 'standard', label: 'Standard' },
  { value: 'super', label: 'Super' },
];

const asInput = (values: AdminFormValues) => values;

export function AdminProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<AdminFormValues>({
    initialValues: adminValues(profile),
    validate: schemaResolver(adminProfileInput, { sync: true }),
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
        <FormSection title="Administration">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Admin Level"
              data={ADMIN_LEVEL_DATA}
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
        <FormSection title="Notification Preferences">
          <Switch
            label="Email notifications"
            {...form.getInputProps('notificationPreferences.email', { type: 'checkbox' })}
          />
          <Switch
            label="Browser notifications"
            {...form.getInputProps('notificationPreferences.browser', { type: 'checkbox' })}
          />
        </FormSection>
        <SaveBar saving={saving} status={status} />
      </Stack>
    </form>
  );
}
