import './styles';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CandidateProfileView } from '../../../../domain/candidate-search';
import { ApiError, errorMessage } from '../../../api/http';
import { formatMoney } from '../../../lib/format';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { ReadableBadge } from '../../../ui/readable-badge';
import { UserAvatar } from '../../../ui/user-avatar';
import { useCandidateProfile } from '../api/candidates';
import { AssignToCandidateModal } from './assign-to-candidate-modal';
import { CandidateActions } from './candidate-actions';
import { InviteToApplyModal } from './invite-to-apply-modal';
import { useCandidateLabels } from './labels';

/** /recruiter/candidates/:candidateId: a candidate's profile, read-only, for recruiters and admins. */
export function CandidateProfileScreen() {
  const { t } = useTranslation('candidates-search');
  const { candidateId = '' } = useParams();
  const profile = useCandidateProfile(candidateId);
  usePageTitle(profile.data?.name ?? t('profile.title'));
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/recruiter/candidates" size="sm">
        {t('profile.back')}
      </Anchor>
      {profile.isPending ? (
        <LoadingText text={t('profile.loading')} />
      ) : profile.isError ? (
        <FormError>
          {profile.error instanceof ApiError && profile.error.status === 404
            ? t('profile.notFound')
            : t('profile.failed', { reason: errorMessage(profile.error) })}
        </FormError>
      ) : (
        <ProfileView profile={profile.data} />
      )}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Stack>
  );
}

function ProfileView({ profile }: { profile: CandidateProfileView }) {
  const { t } = useTranslation('candidates-search');
  const labels = useCandidateLabels();
  const notGiven = t('profile.notGiven');
  const salaryText = ({ min, max, currency }: CandidateProfileView['jobPreferences']['salary']) => {
    const money = (n: number) => formatMoney(n, currency);
    if (min !== null && max !== null) {
      return t('salary.range', { min: money(min), max: money(max) });
    }
    if (min !== null) return t('salary.from', { min: money(min) });
    if (max !== null) return t('salary.upTo', { max: money(max) });
    return null;
  };
  const session = useSessionState();
  const canAssign = session.status === 'signed-in' && session.user.role === 'recruiter';
  const [assigning, setAssigning] = useState(false);
  const [inviting, setInviting] = useState(false);
  const prefs = profile.jobPreferences;
  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" align="flex-start" wrap="nowrap">
          <UserAvatar name={profile.name} image={profile.image} size={72} radius="xl" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {profile.name}
            </Title>
            <Text style={{ overflowWrap: 'anywhere' }}>{profile.title || t('noTitle')}</Text>
            <Text c="dimmed" size="sm">
              {[profile.location, labels.experience(profile.experience)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {profile.email}
            </Text>
            {!profile.discoverable ? (
              <ReadableBadge color="gray" variant="light" w="fit-content">
                {t('profile.hidden')}
              </ReadableBadge>
            ) : null}
          </Stack>
        </Group>
        <Group mt="md">
          <CandidateActions
            candidate={profile}
            canAssign={canAssign}
            onAssign={() => setAssigning(true)}
            // Hidden candidates cannot be invited (the server refuses it too).
            onInvite={profile.discoverable ? () => setInviting(true) : undefined}
            withProfileLink={false}
          />
        </Group>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="skills-heading"
      >
        <Title order={2} fz="lg" mb="sm" id="skills-heading">
          {t('skills')}
        </Title>
        {profile.skills.length > 0 ? (
          <Group gap={6}>
            {profile.skills.map((s) => (
              <ReadableBadge key={s} variant="light" tt="none">
                {s}
              </ReadableBadge>
            ))}
          </Group>
        ) : (
          <Text c="dimmed">{notGiven}</Text>
        )}
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="about-heading"
      >
        <Title order={2} fz="lg" mb="sm" id="about-heading">
          {t('profile.about')}
        </Title>
        <Stack component="dl" gap="md" m={0}>
          <Field label={t('profile.bio')}>{profile.bio || notGiven}</Field>
          <Field label={t('profile.education')}>{profile.education || notGiven}</Field>
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="prefs-heading"
      >
        <Title order={2} fz="lg" mb="sm" id="prefs-heading">
          {t('profile.preferences')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Field label={t('jobTypeLabel')}>
            {prefs.jobType.map(labels.jobType).join(', ') || notGiven}
          </Field>
          <Field label={t('profile.remote')}>
            {prefs.remote ? t('openToRemoteWork') : t('profile.onSite')}
          </Field>
          <Field label={t('profile.salary')}>{salaryText(prefs.salary) ?? notGiven}</Field>
          <Field label={t('profile.locations')}>{prefs.location.join(', ') || notGiven}</Field>
        </SimpleGrid>
      </Paper>
      <AssignToCandidateModal
        candidate={assigning ? profile : null}
        onClose={() => setAssigning(false)}
      />
      <InviteToApplyModal
        candidate={inviting ? profile : null}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
