import { Avatar, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDuration, timeRemainingMs } from '../../../../domain/assessments';
import { TEAM_CHAT } from '../../../../domain/sample-project';
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
  const running = Boolean(startedAt) && !completed;
  const now = useNow(running);
  const left = timeRemainingMs(startedAt, durationHours, now);
  const fullDuration = durationHours * 3_600_000;

  let value: string;
  let hint: string;
  if (completed) {
    value = 'Submitted';
    hint = 'The assessment has been submitted.';
  } else if (left === null) {
    value = formatDuration(fullDuration);
    hint = `The ${durationHours}-hour clock starts when the candidate opens the assessment.`;
  } else if (left === 0) {
    value = 'Time is up';
    hint = 'The time for this assessment has run out.';
  } else {
    value = formatDuration(left);
    hint = `of ${durationHours} ${durationHours === 1 ? 'hour' : 'hours'}`;
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb={4}>
        Time remaining
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

function TextCard({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb="xs">
        {title}
      </Title>
      {/* Long briefs fold so the team chat stays within reach. */}
      <Spoiler
        maxHeight={180}
        showLabel={`Show full ${title.toLowerCase()}`}
        hideLabel={`Show less of the ${title.toLowerCase()}`}
        styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
      >
        <Text size="sm" className={classes.preWrap}>
          {text.trim() || 'None provided.'}
        </Text>
      </Spoiler>
    </Paper>
  );
}

function relativeMinutes(minutes: number): string {
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ago`;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The simulation's scripted messages from the team the candidate "joins". */
function TeamChat() {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" mb={2}>
        Team chat
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Part of the simulated project: these messages set the scene and cannot be replied to.
      </Text>
      <ol className={classes.chatList} aria-label="Team chat messages">
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
                    {message.role} · {relativeMinutes(message.minutesAgo)}
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
  return (
    <Stack gap="md" component="aside" aria-label="Assessment details">
      <TimeRemaining {...timer} />
      <TextCard title="Context" text={context} />
      <TextCard title="Ticket" text={ticket} />
      <TeamChat />
    </Stack>
  );
}
