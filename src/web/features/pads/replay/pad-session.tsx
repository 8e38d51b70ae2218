import { Accordion, Badge, Button, Code, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Pad, PadNote, PadRun } from '../../../../domain/pads';
import { errorMessage } from '../../../api/http';
import { formatDateTime, formatTime } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { usePad, usePadNotes } from '../api/pads';
import { CodeView } from './code-view';
import { PadReplayPlayer } from './pad-replay-player';
import { usePadReplay } from './replay-api';
import './styles';

/**
 * A pad's session where the hiring team reads it (the interview on the application, the
 * scorecard): open it while live; once ended, the final code, the runs, the interviewers'
 * notes and the replay. The replay loads when it is opened. The candidate never sees this.
 */
export function PadSession({ padId }: { padId: string }) {
  const { t } = useTranslation('pad-sessions');
  const pad = usePad(padId);
  if (pad.isPending) return <LoadingText text={t('session.loading')} />;
  if (pad.isError) return <FormError>{errorMessage(pad.error)}</FormError>;
  return <Session pad={pad.data} />;
}

function Session({ pad }: { pad: Pad }) {
  const { t } = useTranslation('pad-sessions');
  const [open, setOpen] = useState<string[]>([]);
  const notes = usePadNotes(pad.id, pad.team);
  const ended = pad.status === 'ended';
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="pad-session">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {t('session.heading')}
            </Text>
            <Badge variant="light" color={ended ? 'gray' : 'green'}>
              {ended
                ? t('session.ended', { at: formatDateTime(pad.endedAt ?? pad.createdAt) })
                : t('session.live')}
            </Badge>
          </Group>
          <Button component={Link} to={`/pads/${pad.id}`} size="compact-sm" variant="light">
            {t('session.open')}
          </Button>
        </Group>
        <Accordion multiple value={open} onChange={setOpen} variant="contained" chevronSize={14}>
          <Accordion.Item value="code">
            <Accordion.Control>
              {ended ? t('session.finalCode') : t('session.codeSoFar')}
            </Accordion.Control>
            <Accordion.Panel>{open.includes('code') ? <Files pad={pad} /> : null}</Accordion.Panel>
          </Accordion.Item>
          {pad.team ? (
            <Accordion.Item value="notes">
              <Accordion.Control>
                {t('session.notes', { count: notes.data?.length ?? 0 })}
              </Accordion.Control>
              <Accordion.Panel>
                <Notes notes={notes.data ?? []} />
              </Accordion.Panel>
            </Accordion.Item>
          ) : null}
          {pad.team ? (
            <Accordion.Item value="replay">
              <Accordion.Control>{t('session.replay')}</Accordion.Control>
              <Accordion.Panel>
                {open.includes('replay') ? <Replay pad={pad} /> : null}
              </Accordion.Panel>
            </Accordion.Item>
          ) : null}
        </Accordion>
      </Stack>
    </Paper>
  );
}

function Files({ pad }: { pad: Pad }) {
  const { t } = useTranslation('pad-sessions');
  const main = pad.files.find((f) => !f.path.endsWith('.md')) ?? pad.files[0];
  const [path, setPath] = useState(main?.path ?? '');
  const file = pad.files.find((f) => f.path === path) ?? main;
  if (!file) return <Text size="sm">{t('session.noFiles')}</Text>;
  return (
    <Stack gap="xs">
      <Select
        label={t('replay.file')}
        size="xs"
        maw={360}
        allowDeselect={false}
        value={file.path}
        onChange={(value) => setPath(value ?? file.path)}
        data={pad.files.map((f) => f.path)}
      />
      <CodeView
        fileName={file.path}
        text={file.content}
        label={t('session.codeLabel', { file: file.path })}
        testId="pad-final-code"
      />
    </Stack>
  );
}

function Notes({ notes }: { notes: PadNote[] }) {
  const { t } = useTranslation('pad-sessions');
  if (notes.length === 0) return <Text size="sm">{t('session.noNotes')}</Text>;
  return (
    <Stack gap={6} data-testid="pad-notes">
      {notes.map((n) => (
        <div key={n.id}>
          <Text size="xs" c="dimmed">
            {t('session.noteBy', { name: n.authorName, at: formatDateTime(n.createdAt) })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {n.text}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

function Runs({ runs, people }: { runs: PadRun[]; people: Pad['people'] }) {
  const { t } = useTranslation('pad-sessions');
  if (runs.length === 0) return <Text size="sm">{t('session.noRuns')}</Text>;
  return (
    <Stack gap={6} data-testid="pad-runs">
      {runs.map((run) => (
        <details key={run.id}>
          <summary>
            <Text span size="sm">
              {t('session.run', {
                at: formatTime(run.createdAt, { seconds: true }),
                name: people.find((p) => p.id === run.requestedBy)?.name ?? '',
                status: t(`status.${run.status}`),
              })}
              {run.passed !== null || run.failed !== null
                ? ` · ${t('session.results', { passed: run.passed ?? 0, failed: run.failed ?? 0 })}`
                : ''}
            </Text>
          </summary>
          <Code
            block
            tabIndex={0}
            style={{
              maxHeight: 240,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {run.output || t('session.noOutput')}
          </Code>
        </details>
      ))}
    </Stack>
  );
}

function Replay({ pad }: { pad: Pad }) {
  const { t } = useTranslation('pad-sessions');
  const replay = usePadReplay(pad.id);
  if (replay.isPending) return <LoadingText text={t('replay.loading')} />;
  if (replay.isError) return <FormError>{errorMessage(replay.error)}</FormError>;
  return (
    <Stack gap="sm">
      <PadReplayPlayer replay={replay.data} people={pad.people} />
      <Text size="sm" fw={500}>
        {t('session.runs', { count: replay.data.runs.length })}
      </Text>
      <Runs runs={replay.data.runs} people={pad.people} />
    </Stack>
  );
}
