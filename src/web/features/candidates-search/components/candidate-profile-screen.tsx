import './styles';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CANDIDATE_SEARCH_TEXTS,
  type CandidateProfileView,
} from '../../../../domain/candidate-search';
import { ApiError, errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { ReadableBadge } from '../../../ui/readable-badge';
import { UserAvatar } from '../../../ui/user-avatar';
import { useCandidateProfile } from '../api/candidates';
import { experienceLabel, JOB_TYPE_LABELS } from '../lib/filters';
import { AssignToCandidateModal } from './assign-to-candidate-modal';
import { CandidateActions } from './candidate-actions';
import { InviteToApplyModal } from './invite-to-apply-modal';

/** /recruiter/candidates/:candidateId: a candidate's profile, read-only, for recruiters and admins. */
export function CandidateProfileScreen() {
  const { candidateId = '' } = useParams();
  const profile = useCandidateProfile(candidateId);
  usePageTitle(profile.data?.name ?? 'Candidate Profile');
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/recruiter/candidates" size="sm">
        ← Back to Find Candidates
      </Anchor>
      {profile.isPending ? (
        <LoadingText text={CANDIDATE_SEARCH_TEXTS.loadingProfile} />
      ) : profile.isError ? (
        <FormError>
          {profile.error instanceof ApiError && profile.error.status === 404
            ? CANDIDATE_SEARCH_TEXTS.notFound
            : `Failed to load profile: ${errorMessage(profile.error)}`}
        </FormError>
      ) : (
        <ProfileView profile={profile.data} />
      )}
    </Stack>
  );
}

const NOT_GIVEN = 'Not given';

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

function salaryText({ min, max, currency }: CandidateProfileView['jobPreferences']['salary']) {
  const f = (n: number) => n.toLocaleString('en-US');
  if (min !== null && max !== null) return `${f(min)} – ${f(max)} ${currency}`;
  if (min !== null) return `From ${f(min)} ${currency}`;
  if (max !== null) return `Up to ${f(max)} ${currency}`;
  return NOT_GIVEN;
}

function ProfileView({ profile }: { profile: CandidateProfileView }) {
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
            <Text style={{ overflowWrap: 'anywhere' }}>{profile.title || 'No title yet'}</Text>
            <Text c="dimmed" size="sm">
              {[profile.location, experienceLabel(profile.experience)].filter(Boolean).join(' · ')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {profile.email}
            </Text>
            {!profile.discoverable ? (
              <ReadableBadge color="gray" variant="light" w="fit-content">
                Hidden from search
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
          Skills
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
          <Text c="dimmed">{NOT_GIVEN}</Text>
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
          About
        </Title>
        <Stack component="dl" gap="md" m={0}>
          <Field label="Bio">{profile.bio || NOT_GIVEN}</Field>
          <Field label="Education">{profile.education || NOT_GIVEN}</Field>
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
          Job Preferences
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
          <Field label="Job Type">
            {prefs.jobType.map((t) => JOB_TYPE_LABELS[t] ?? t).join(', ') || NOT_GIVEN}
          </Field>
          <Field label="Remote">{prefs.remote ? 'Open to remote work' : 'On site'}</Field>
          <Field label="Salary">{salaryText(prefs.salary)}</Field>
          <Field label="Preferred Locations">{prefs.location.join(', ') || NOT_GIVEN}</Field>
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
