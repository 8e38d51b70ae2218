import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScheduledTime } from '../../../../domain/interviews';
import { formatNumber, formatZonedDateTime, sameClockTime } from '../../../lib/format';

/**
 * A time in the viewer's own zone (the browser's), with the zone it was set in when that
 * zone's clock shows another time.
 */
export function InterviewTime({ time }: { time: ScheduledTime }) {
  const { t } = useTranslation('interviews');
  const local = formatZonedDateTime(time.startsAt);
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Text size="sm" component="span">
      <strong>{local}</strong>
      {t('time.duration', { minutes: formatNumber(time.durationMinutes) })}
      {!sameClockTime(time.startsAt, own, time.timeZone) ? (
        <Text span size="xs" c="dimmed">
          {' '}
          {t('time.inZone', {
            time: formatZonedDateTime(time.startsAt, time.timeZone),
            zone: time.timeZone,
          })}
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
