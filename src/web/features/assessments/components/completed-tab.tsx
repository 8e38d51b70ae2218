import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';
import { EmptyState } from '../../../ui/query-states';
import { completedNewestFirst } from '../lib/filters';
import { SubmissionsTable } from './submissions-table';

/** Completed assessments, newest first, with their score. */
export function CompletedTab({ visible }: { visible: Assessment[] }) {
  const { t } = useTranslation('recruiter');
  const completed = completedNewestFirst(visible);
  if (completed.length === 0) return <EmptyState>{t('completed.none')}</EmptyState>;
  return <SubmissionsTable rows={completed} label={t('table.completedAssessments')} />;
}
