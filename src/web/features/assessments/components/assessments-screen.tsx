import { SegmentedControl, Stack, useMatches } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { useAssessments } from '../api/assessments';
import {
  ASSESSMENT_FILTERS,
  type AssessmentFilter,
  filterAssessments,
  isAssessmentFilter,
} from '../lib/assessment-stats';
import { AssessmentList, EmptyText } from './assessment-list';
import './styles';

/** The filter lives in the address (?status=…) so a reload or Back keeps it. */
function useFilter(): [AssessmentFilter, (filter: AssessmentFilter) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('status');
  const filter = isAssessmentFilter(value) ? value : 'all';
  const setFilter = (next: AssessmentFilter) =>
    setParams(next === 'all' ? {} : { status: next }, { replace: true });
  return [filter, setFilter];
}

/** /assessments: every assessment assigned to the candidate, filtered by status. */
export function AssessmentsScreen() {
  const { t } = useTranslation('candidate-assessments');
  const [filter, setFilter] = useFilter();
  // One list for every filter: switching is instant and live updates refresh them all.
  const query = useAssessments();
  const shown = query.data ? filterAssessments(query.data, filter) : undefined;
  // On a phone the four segments stand one above the other: side by side, German's
  // "Abgeschlossen" (and longer words in other languages) were cut at 375 px.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });

  return (
    <Stack maw={880} mx="auto" gap={0}>
      <PageHeader title={t('screen.title')} description={t('screen.description')} />
      <Stack gap="lg">
        <SegmentedControl
          aria-label={t('screen.filterLabel')}
          data={ASSESSMENT_FILTERS.map((f) => ({ value: f.value, label: t(`filters.${f.key}`) }))}
          value={filter}
          onChange={(value) => {
            if (isAssessmentFilter(value)) setFilter(value);
          }}
          fullWidth
          orientation={orientation}
          styles={{ root: { maxWidth: 520 } }}
        />
        <AssessmentList
          query={query}
          assessments={shown}
          loadingText={t('screen.loading')}
          empty={<EmptyText lines={[t('screen.empty')]} />}
          withDescription
          headingOrder={2}
        />
      </Stack>
    </Stack>
  );
}
