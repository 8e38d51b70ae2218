import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateResult } from '../../../../domain/candidate-search';
import { ReadableBadge } from '../../../ui/readable-badge';
import { UserAvatar } from '../../../ui/user-avatar';
import { CandidateActions, candidateProfileHref } from './candidate-actions';
import { useCandidateLabels } from './labels';
import { ResumeSnippet } from './resume-snippet';

const SHOWN_SKILLS = 8;

type CandidateResultCardProps = {
  candidate: CandidateResult;
  canAssign: boolean;
  onAssign: (candidate: CandidateResult) => void;
  onInvite: (candidate: CandidateResult) => void;
};

/** One result: who, what they do, where, their skills and a glimpse of their bio. */
export function CandidateResultCard({
  candidate,
  canAssign,
  onAssign,
  onInvite,
}: CandidateResultCardProps) {
  const { t } = useTranslation('candidates-search');
  const labels = useCandidateLabels();
  const headingId = `candidate-${candidate.id}`;
  const more = candidate.skills.length - SHOWN_SKILLS;
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <UserAvatar name={candidate.name} image={candidate.image} size={48} radius="xl" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={candidateProfileHref(candidate.id)}
              fw={600}
              id={headingId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {candidate.name}
            </Anchor>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {candidate.title || t('noTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {[candidate.location, labels.experience(candidate.experience)]
                .filter(Boolean)
                .join(' · ') || t('noLocation')}
            </Text>
          </Stack>
        </Group>
        {candidate.remote || candidate.jobTypes.length > 0 ? (
          <Group gap={6}>
            {candidate.remote ? (
              <ReadableBadge variant="light" color="teal">
                {t('openToRemote')}
              </ReadableBadge>
            ) : null}
            {candidate.jobTypes.map((type) => (
              <ReadableBadge key={type} variant="outline" color="gray">
                {labels.jobType(type)}
              </ReadableBadge>
            ))}
          </Group>
        ) : null}
        {candidate.skills.length > 0 ? (
          <Group gap={6} aria-label={t('skills')}>
            {candidate.skills.slice(0, SHOWN_SKILLS).map((s) => (
              <ReadableBadge key={s} variant="light" tt="none">
                {s}
              </ReadableBadge>
            ))}
            {more > 0 ? (
              <Text size="xs" c="dimmed">
                {t('moreSkills', { count: more })}
              </Text>
            ) : null}
          </Group>
        ) : null}
        {candidate.bioExcerpt ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {candidate.bioExcerpt}
          </Text>
        ) : null}
        {candidate.resumeSnippet ? <ResumeSnippet parts={candidate.resumeSnippet} /> : null}
        <CandidateActions
          candidate={candidate}
          canAssign={canAssign}
          onAssign={() => onAssign(candidate)}
          onInvite={() => onInvite(candidate)}
        />
      </Stack>
    </Paper>
  );
}
