import { Avatar, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, timeRemainingMs } from '../../../../domain/assessments';
import { TEAM_CHAT } from '../../../../domain/sample-project';
import { formatRelative } from '../../../lib/format';
import classes from './workspace.module.css';

type TimerProps = {
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

/** Counts down from the real start; the full duration before it; 'Time is up' at zero. */
function TimeRemaining({ startedAt, durationHours, completed }: TimerProps) {
  const { t } = useTranslation('workspace');
  const running = Boolean(startedAt) && !completed;
  const now = useNow(running);
  const left = timeRemainingMs(startedAt, durationHours, now);
  const fullDuration = durationHours * 3_600_000;

  let value: string;
  let hint: string;
  if (completed) {
    value = t('timer.submitted');
    hint = t('timer.submittedHint');
  } else if (left === null) {
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
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb={4}>
        {t('timer.title')}
      </Title>
      {/* Not a live region: announcing every second would drown a screen reader. */}
      <Text
        fz={28}
        fw={700}
        ff="monospace"
        c={left === 0 && !completed ? 'red.9' : undefined}
        data-testid="time-remaining"
      >
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function TextCard({ kind, text }: { kind: 'context' | 'ticket'; text: string }) {
  const { t } = useTranslation('workspace');
  const title = t(`sidebar.${kind}`);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb="xs">
        {title}
      </Title>
      {/* Long briefs fold so the team chat stays within reach. */}
      <Spoiler
        maxHeight={180}
        showLabel={t(`sidebar.${kind}More`)}
        hideLabel={t(`sidebar.${kind}Less`)}
        styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
      >
        <Text size="sm" className={classes.preWrap}>
          {text.trim() || t('sidebar.none')}
        </Text>
      </Spoiler>
    </Paper>
  );
}

/** '42 minutes ago' in the reader's language (the chat is scripted minutes before now). */
const relativeMinutes = (minutes: number, now: number) =>
  formatRelative(new Date(now - minutes * 60_000), new Date(now));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The simulation's scripted messages from the team the candidate "joins". */
function TeamChat() {
  const { t } = useTranslation('workspace');
  const now = Date.now();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb={2}>
        {t('chat.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('chat.note')}
      </Text>
      <ol className={classes.chatList} aria-label={t('chat.label')}>
        {TEAM_CHAT.map((message) => (
          <li key={`${message.author}-${message.minutesAgo}`} className={classes.chatItem}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Avatar size="sm" radius="xl" color="blue" aria-hidden="true">
                {initials(message.author)}
              </Avatar>
              <Stack gap={2} miw={0}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600} span>
                    {message.author}
                  </Text>
                  <Text size="xs" c="dimmed" span>
                    {message.role} · {relativeMinutes(message.minutesAgo, now)}
                  </Text>
                </Group>
                <Text size="sm">{message.text}</Text>
              </Stack>
            </Group>
          </li>
        ))}
      </ol>
    </Paper>
  );
}

type WorkspaceSidebarProps = TimerProps & { context: string; ticket: string };

export function WorkspaceSidebar({ context, ticket, ...timer }: WorkspaceSidebarProps) {
  const { t } = useTranslation('workspace');
  return (
    <Stack gap="md" component="aside" aria-label={t('sidebar.label')}>
      <TimeRemaining {...timer} />
      <TextCard kind="context" text={context} />
      <TextCard kind="ticket" text={ticket} />
      <TeamChat />
    </Stack>
  );
}
