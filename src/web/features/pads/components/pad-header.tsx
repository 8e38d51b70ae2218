import { Badge, Group, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pad } from '../../../../domain/pads';
import { LANGUAGE_NAMES } from '../lib/language-names';

export interface Present {
  id: string;
  name: string;
  color: string;
}

/** Time since the pad started, as h:mm:ss (or m:ss), frozen once it ended. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function useElapsed(since: string, until: string | null): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [until]);
  const end = until ? Date.parse(until) : now;
  return formatElapsed(end - Date.parse(since));
}

/** The pad's title line: its language, the time since it started, who is in it, the connection. */
export function PadHeader({
  pad,
  present,
  online,
  readOnly,
}: {
  pad: Pad;
  present: Present[];
  online: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation('pads');
  const elapsed = useElapsed(pad.createdAt, pad.endedAt);
  const roleOf = (id: string) => pad.people.find((p) => p.id === id)?.role;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs" wrap="wrap">
        {/* The page's one h1 (every page has one; the route walk waits for it), at h3 size. */}
        <Title order={1} size="h3">
          {t('title')}
        </Title>
        <Badge variant="light">{LANGUAGE_NAMES[pad.language]}</Badge>
        <Text size="sm" c="dimmed" aria-label={t('elapsedLabel', { time: elapsed })}>
          {t('elapsed', { time: elapsed })}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        <Group gap={4} wrap="wrap" aria-live="polite" aria-label={t('presentLabel')}>
          {present.map((person) => (
            <Badge
              key={person.id}
              variant="dot"
              color={person.color}
              // A long name wraps inside its badge instead of being cut off on a phone.
              h="auto"
              maw="100%"
              styles={{
                label: { textTransform: 'none', whiteSpace: 'normal', overflow: 'visible' },
              }}
            >
              {person.name}
              {roleOf(person.id) && ` · ${t(`role.${roleOf(person.id)}`)}`}
            </Badge>
          ))}
        </Group>
        <Badge color={online ? 'green' : 'gray'}>{online ? t('online') : t('offline')}</Badge>
        {readOnly && <Badge color="red">{t('readOnly')}</Badge>}
      </Group>
    </Group>
  );
}
