import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { formatDate, formatNumber } from '../../../lib/format';

export const resultsHref = (id: string) =>
  `/recruiter/results?assessment=${encodeURIComponent(id)}`;

/** Completed work: candidate (linking to the details), assessment, completion date, score. */
export function SubmissionsTable({ rows, label }: { rows: Assessment[]; label?: string }) {
  const { t } = useTranslation('recruiter');
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.candidate')}</Table.Th>
            <Table.Th>{t('table.assessment')}</Table.Th>
            <Table.Th>{t('table.completed')}</Table.Th>
            <Table.Th>{t('table.score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component={Link} to={resultsHref(a.id)} size="sm">
                  {a.candidateName || t('unnamedCandidate')}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.title}</Table.Td>
              <Table.Td>{formatDate(a.completedDate)}</Table.Td>
              <Table.Td>{a.score === null ? t('table.notScored') : formatNumber(a.score)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
