import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { Assessment } from '../../../../domain/assessments';
import { completedNewestFirst } from '../lib/filters';
import { formatDate } from '../lib/format';
import { resultsHref } from './active-tab';
import { EmptyState } from './query-states';

/** Completed assessments, newest first, with their score. */
export function CompletedTab({ visible }: { visible: Assessment[] }) {
  const completed = completedNewestFirst(visible);
  if (completed.length === 0) return <EmptyState>No completed assessments yet.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Completed assessments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Assessment</Table.Th>
            <Table.Th>Completed</Table.Th>
            <Table.Th>Score</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {completed.map((a) => (
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
