import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormSuccess } from '../../../ui/form-error';
import type { SaveStatus } from './use-profile-save';

/** A titled block of the profile form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      {/* German compounds (Benachrichtigungseinstellungen) break rather than overflow at 375 px. */}
      <Title order={2} fz="lg" mb="md" style={{ hyphens: 'auto', overflowWrap: 'break-word' }}>
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

type CommonFieldsProps = {
  email: string;
  name: GetInputPropsReturnType;
  phone: GetInputPropsReturnType;
};

/** Full Name, the locked Email and Phone: every role has them. */
export function CommonFields({ email, name, phone }: CommonFieldsProps) {
  const { t } = useTranslation('profile');
  return (
    <FormSection title={t('sections.personal')}>
      <TextInput label={t('fields.fullName')} autoComplete="name" required {...name} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.email')}
          value={email}
          disabled
          readOnly
          description={t('fields.emailCannotBeChanged')}
        />
        <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" {...phone} />
      </SimpleGrid>
    </FormSection>
  );
}

/** The status line and the save button at the end of every role's form. */
export function SaveBar({ saving, status }: { saving: boolean; status: SaveStatus }) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="sm">
      {status?.kind === 'success' ? <FormSuccess>{status.text}</FormSuccess> : null}
      {status?.kind === 'error' ? <FormError>{status.text}</FormError> : null}
      <Group justify="flex-end">
        <Button type="submit" disabled={saving} aria-busy={saving} miw={150}>
          {saving ? t('saving') : t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
