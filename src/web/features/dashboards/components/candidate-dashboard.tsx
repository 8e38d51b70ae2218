import { Grid, Stack, Title } from '@mantine/core';
import { ASSESSMENT_TEXTS } from '../../../../domain/assessments';
import { useAssessments } from '../../assessments/api/assessments';
import { AssessmentList, EmptyText } from '../../candidate-assessments/components/assessment-list';
import { NeedHelpCard } from '../../candidate-assessments/components/need-help-card';
import { ProfileCompletenessCard } from '../../candidate-assessments/components/profile-completeness-card';
import { StatsCard } from '../../candidate-assessments/components/stats-card';
import { countByStatus } from '../../candidate-assessments/lib/assessment-stats';
import { CandidateUpcomingInterviews } from '../../interviews/components/upcoming-interviews';
import { WelcomeHeader } from './welcome-header';

/**
 * /candidate: stats and assessment cards on the left, profile and help on the right
 * (stacked on phones). The list comes through the shared query keys, so an assignment
 * made while this is open appears without a reload.
 */
export function CandidateDashboard() {
  const assessments = useAssessments();

  return (
    <>
      <WelcomeHeader fallbackName="Candidate" description="Your assessments and what to do next." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <StatsCard counts={assessments.data ? countByStatus(assessments.data) : undefined} />
            <CandidateUpcomingInterviews />
            <Stack gap="sm" component="section" aria-labelledby="candidate-assessments-heading">
              <Title order={2} id="candidate-assessments-heading" fz="xl">
                Your Assessments
              </Title>
              <AssessmentList
                query={assessments}
                assessments={assessments.data}
                loadingText={ASSESSMENT_TEXTS.loadingYourAssessments}
                empty={
                  <EmptyText
                    lines={[ASSESSMENT_TEXTS.noAssessments, ASSESSMENT_TEXTS.noAssessmentsHint]}
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
    </>
  );
}
