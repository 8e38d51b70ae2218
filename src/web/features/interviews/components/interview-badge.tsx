import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../../lib/format';
import { useJobInterviews } from '../api/interviews';

/**
 * A badge that holds a date ("Vorstellungsgespräch Do., 26. Nov. 2026, 10:00 UTC") is wider
 * than a phone's card: it wraps onto a second line instead of being cut.
 */
const WRAPS = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;

/** The pipeline's note of an application's interview: when, or that a pick is awaited. */
export function InterviewBadge({ jobId, applicationId }: { jobId: string; applicationId: string }) {
  const { t } = useTranslation('interviews');
  const list = useJobInterviews(jobId);
  const i = list.data?.find((x) => x.applicationId === applicationId);
  if (!i) return null;
  if (
    i.scheduled &&
    i.responses.some((r) => r.userId === i.candidateId && r.response === 'declined')
  ) {
    return (
      <Badge variant="light" color="red" size="sm" tt="none">
        {t('badge.candidateDeclined')}
      </Badge>
    );
  }
  if (i.scheduled) {
    return (
      <Badge variant="light" color="indigo" size="sm" tt="none" radius="sm" styles={WRAPS}>
        {t('badge.at', { time: formatZonedDateTime(i.scheduled.startsAt) })}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="yellow" size="sm" tt="none">
      {t('badge.proposed')}
    </Badge>
  );
}
