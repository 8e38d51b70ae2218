import { Avatar, Group, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_CHAT } from '../../../../domain/sample-project';
import { formatRelative } from '../../../lib/format';
import classes from './workspace.module.css';

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

/** The project's context and ticket, and the team chat (the timer is in the toolbar). */
export function WorkspaceSidebar({ context, ticket }: { context: string; ticket: string }) {
  const { t } = useTranslation('workspace');
  return (
    <Stack gap="md" component="aside" aria-label={t('sidebar.label')}>
      <TextCard kind="context" text={context} />
      <TextCard kind="ticket" text={ticket} />
      <TeamChat />
    </Stack>
  );
}
