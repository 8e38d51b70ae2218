import { Grid, Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signedInUser } from '../../../lib/session';
import {
  AssessmentList,
  assessmentsQuery,
  countByStatus,
  EmptyText,
  StatsCard,
  useAssessments,
} from '../../assessments';
import { CandidateUpcomingInterviews, myInterviewsQuery } from '../../interviews';
import { ProfileCompletenessCard, profileQueryOptions } from '../../profile';
import { NeedHelpCard } from './need-help-card';
import { WelcomeHeader } from './welcome-header';

/**
 * Starts the cards' queries once the session says a candidate is signed in (the router calls
 * this when the chunk arrives), rather than when the cards first render: after the chunk's
 * evaluation and the dashboard's render, a round trip later, and rendered twice.
 */
export async function prefetchCandidateDashboard(client: QueryClient): Promise<void> {
  const user = await signedInUser().catch(() => null);
  if (user?.role !== 'candidate') return;
  await Promise.all([
    client.prefetchQuery(assessmentsQuery()),
    client.prefetchQuery(myInterviewsQuery()),
    client.prefetchQuery(profileQueryOptions()),
  ]);
}

/**
 * /candidate: stats and assessment cards on the left, profile and help on the right
 * (stacked on phones). The list comes through the shared query keys, so an assignment
 * made while this is open appears without a reload.
 */
export function CandidateDashboard() {
  const { t } = useTranslation('dashboards');
  const assessments = useAssessments();

  return (
    <>
      <WelcomeHeader
        fallbackName={t('candidate.fallbackName')}
        description={t('candidate.description')}
      />
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
    </>
  );
}
