import '../lib/mantine-styles';
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { useAssessments } from '../api/assessments';
import { tabHref } from '../lib/tabs';
import { AssessmentDetails } from './assessment-details';
import { ResultsList } from './results-list';

/**
 * /recruiter/results?assessment={id}: that assessment's details, as View Details shows them.
 * Without ?assessment, the recruiter's Assessment Results list.
 */
export function RecruiterResultsScreen() {
  const { t } = useTranslation('recruiter');
  const [params] = useSearchParams();
  const id = params.get('assessment')?.trim();
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Anchor component={Link} to={tabHref('results')} size="sm">
        {t('results.back')}
      </Anchor>
      {id ? (
        <>
          <PageHeader title={t('results.pageDetails')} />
          <AssessmentDetails id={id} level={2} />
        </>
      ) : (
        <AllResults />
      )}
    </Stack>
  );
}

function AllResults() {
  const { t } = useTranslation('recruiter');
  const assessments = useAssessments();
  return (
    <>
      <PageHeader title={t('results.pageResults')} />
      <ResultsList query={assessments} visible={assessments.data ?? []} />
    </>
  );
}
