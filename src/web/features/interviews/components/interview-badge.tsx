import { Badge } from '@mantine/core';
import { formatInterviewTime } from '../../../../domain/interviews';
import { useJobInterviews } from '../api/interviews';

/** The pipeline's note of an application's interview: when, or that a pick is awaited. */
export function InterviewBadge({ jobId, applicationId }: { jobId: string; applicationId: string }) {
  const list = useJobInterviews(jobId);
  const i = list.data?.find((x) => x.applicationId === applicationId);
  if (!i) return null;
  if (i.scheduled) {
    return (
      <Badge variant="light" color="indigo" size="sm" tt="none" mt={4}>
        Interview {formatInterviewTime(i.scheduled.startsAt)}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="yellow" size="sm" tt="none" mt={4}>
      Times proposed
    </Badge>
  );
}
