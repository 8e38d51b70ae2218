import { Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, timeRemainingMs } from '../../../../domain/assessments';
import classes from './ide.module.css';

export type TimerProps = {
  startedAt: string | null;
  durationHours: number;
  completed: boolean;
};

/** Ticks every second while the clock runs. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);
  return now;
}

/**
 * Counts down from the real start; the full duration before it; 'Time is up' at zero; only
 * 'Submitted' once handed in. In the workspace's toolbar, so it is always in sight; the hint
 * is its title and read after it.
 */
export function TimeRemaining({ startedAt, durationHours, completed }: TimerProps) {
  const { t } = useTranslation('workspace');
  const running = Boolean(startedAt) && !completed;
  const now = useNow(running);
  const left = timeRemainingMs(startedAt, durationHours, now);
  const fullDuration = durationHours * 3_600_000;

  // Nothing remains once submitted: a plain state, not "Time remaining: Submitted".
  if (completed) {
    return (
      <Group gap={8} wrap="nowrap" className={classes.timer} title={t('timer.submittedHint')}>
        <Text fw={700} data-testid="time-submitted">
          {t('timer.submitted')}
        </Text>
        <span className={classes.visuallyHidden}>{t('timer.submittedHint')}</span>
      </Group>
    );
  }

  let value: string;
  let hint: string;
  if (left === null) {
    value = formatDuration(fullDuration);
    hint = t('timer.notStarted', { count: durationHours });
  } else if (left === 0) {
    value = t('timer.timeUp');
    hint = t('timer.timeUpHint');
  } else {
    value = formatDuration(left);
    hint = t('timer.ofHours', { count: durationHours });
  }

  return (
    <Group gap={8} wrap="nowrap" className={classes.timer} title={hint}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('timer.title')}
      </Text>
      {/* Not a live region: announcing every second would drown a screen reader. */}
      <Text
        fz="lg"
        fw={700}
        ff="monospace"
        c={left === 0 ? 'red.9' : undefined}
        data-testid="time-remaining"
      >
        {value}
      </Text>
      <span className={classes.visuallyHidden}>{hint}</span>
    </Group>
  );
}
