import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { formatDate, formatNumber } from '../../../lib/format';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table';

export const resultsHref = (id: string) =>
  `/recruiter/results?assessment=${encodeURIComponent(id)}`;

/**
 * Completed work: candidate (linking to the details), assessment, completion date, score; a
 * card per submission on a phone, so Completed and Score are never off-screen (issue 31).
 */
export function SubmissionsTable({ rows, label }: { rows: Assessment[]; label: string }) {
  const { t } = useTranslation('recruiter');
  const columns: Column<Assessment>[] = [
    {
      key: 'candidate',
      header: t('table.candidate'),
      card: 'title',
      cell: (a) => (
        <Anchor component={Link} to={resultsHref(a.id)} size="sm">
          {a.candidateName || t('unnamedCandidate')}
        </Anchor>
      ),
    },
    { key: 'assessment', header: t('table.assessment'), cell: (a) => a.title },
    { key: 'completed', header: t('table.completed'), cell: (a) => formatDate(a.completedDate) },
    {
      key: 'score',
      header: t('table.score'),
      cell: (a) => (a.score === null ? t('table.notScored') : formatNumber(a.score)),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      rowKey={(a) => a.id}
      label={label}
      breakpoint="48em"
      minWidth={480}
    />
  );
}
