import { Grid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AssessmentList,
  countByStatus,
  EmptyText,
  StatsCard,
  useAssessments,
} from '../../assessments';
import { CandidateUpcomingInterviews } from '../../interviews';
import { ProfileCompletenessCard } from '../../profile';
import { CandidateWelcome } from './candidate-welcome';
import { NeedHelpCard } from './need-help-card';

/**
 * /candidate: stats and assessment cards on the left, profile and help on the right
 * (stacked on phones). The list comes through the shared query keys, so an assignment
 * made while this is open appears without a reload.
 */
export function CandidateDashboard() {
  return (
    <>
      <CandidateWelcome />
      <CandidateDashboardBody />
    </>
  );
}

/**
 * The dashboard below its header. The route renders the header apart (RequireAuth's `header`,
 * from the entry's chunk), so it paints with the session, before this chunk has loaded.
 */
export function CandidateDashboardBody() {
  const { t } = useTranslation('dashboards');
  const assessments = useAssessments();

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <StatsCard counts={assessments.data ? countByStatus(assessments.data) : undefined} />
          <CandidateUpcomingInterviews />
          <Stack gap="sm" component="section" aria-labelledby="candidate-assessments-heading">
            <Title order={2} id="candidate-assessments-heading" fz="xl">
              {t('candidate.yourAssessments')}
            </Title>
            <AssessmentList
              query={assessments}
              assessments={assessments.data}
              loadingText={t('candidate.loading')}
              empty={
                <EmptyText
                  lines={[t('candidate.noAssessments'), t('candidate.noAssessmentsHint')]}
                />
              }
            />
          </Stack>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <ProfileCompletenessCard />
          <NeedHelpCard />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
