// The styles of the profile forms' inputs, beyond the ones every screen has (app/providers.tsx).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../domain/profile';
import { errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { YourDataSection } from '../../data-rights';
import { LanguageSetting } from '../../languages';
import { TwoFactorSection } from '../../security';
import { useProfile } from '../api/get-profile';
import { AdminProfileForm } from './admin-profile-form';
import { CandidateProfileForm } from './candidate-profile-form';
import { ChangePasswordForm } from './change-password-form';
import { ProfileImageSection } from './profile-image-section';
import { RecruiterProfileForm } from './recruiter-profile-form';

/** The role decides the form (spec section 4). */
function RoleForm({ profile }: { profile: Profile }) {
  switch (profile.role) {
    case 'candidate':
      return <CandidateProfileForm profile={profile} />;
    case 'recruiter':
      return <RecruiterProfileForm profile={profile} />;
    case 'admin':
      return <AdminProfileForm profile={profile} />;
  }
}

export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const session = useSessionState();
  const profile = useProfile();

  const body = (() => {
    if (session.status !== 'signed-in' || !session.user.role) {
      return <LoadingText text={t('loadingRole')} />;
    }
    if (profile.isPending) return <LoadingText text={t('loadingProfile')} />;
    if (profile.isError)
      return <FormError>{t('loadFailed', { reason: errorMessage(profile.error) })}</FormError>;
    return (
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <ProfileImageSection profile={profile.data} />
        </Paper>
        <RoleForm key={`${profile.data.id}-${profile.data.role}`} profile={profile.data} />
        <LanguageSetting />
        <ChangePasswordForm />
        <TwoFactorSection />
        <YourDataSection />
      </Stack>
    );
  })();

  return (
    <Stack maw={880} mx="auto" gap={0}>
      <PageHeader title={t('title')} description={t('description')} />
      {body}
    </Stack>
  );
}
