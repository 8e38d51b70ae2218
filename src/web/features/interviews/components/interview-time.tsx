import { Text } from '@mantine/core';
import { formatInterviewTime, type ScheduledTime } from '../../../../domain/interviews';

/** A time in the viewer's own zone (the browser's), with the zone it was set in when different. */
export function InterviewTime({ time }: { time: ScheduledTime }) {
  const local = formatInterviewTime(time.startsAt);
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Text size="sm" component="span">
      <strong>{local}</strong> · {time.durationMinutes} min
      {own !== time.timeZone ? (
        <Text span size="xs" c="dimmed">
          {' '}
          ({formatInterviewTime(time.startsAt, time.timeZone)} in {time.timeZone})
        </Text>
      ) : null}
    </Text>
  );
}

/** A video link as a link, a place as text. */
export function Where({ location }: { location: string }) {
  const isLink = /^https?:\/\/\S+$/i.test(location);
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {isLink ? (
        <a href={location} target="_blank" rel="noopener noreferrer">
          {location}
        </a>
      ) : (
        location
      )}
    </Text>
  );
}
