import type { Assessment } from '../../../../domain/assessments';
import { completedNewestFirst } from '../lib/filters';
import { EmptyState } from './query-states';
import { SubmissionsTable } from './submissions-table';

/** Completed assessments, newest first, with their score. */
export function CompletedTab({ visible }: { visible: Assessment[] }) {
  const completed = completedNewestFirst(visible);
  if (completed.length === 0) return <EmptyState>No completed assessments yet.</EmptyState>;
  return <SubmissionsTable rows={completed} label="Completed assessments" />;
}
