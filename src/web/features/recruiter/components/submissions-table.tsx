import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { formatDate } from '../lib/format';

export const resultsHref = (id: string) =>
  `/recruiter/results?assessment=${encodeURIComponent(id)}`;

/** Completed work: candidate (linking to the details), assessment, completion date, score. */
export function SubmissionsTable({ rows, label }: { rows: Assessment[]; label?: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Assessment</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <Anchor component={Link} to={resultsHref(a.id)} size="sm">
                  {a.candidateName || 'Unnamed candidate'}
                </Anchor>
              </Table.Td>
              <Table.Td>{a.title}</Table.Td>
              <Table.Td>{formatDate(a.completedDate)}</Table.Td>
              <Table.Td>{a.score === null ? 'Not scored' : a.score}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
