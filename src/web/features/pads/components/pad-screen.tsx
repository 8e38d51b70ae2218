import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type * as Y from 'yjs';
import { PAD_FILES_MAP, type PadRun } from '../../../../domain/pads';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddPadNote, useEndPad, usePad, usePadNotes, useRunPad } from '../api/pads';
import { PadConnection, type PadNotice } from '../lib/pad-connection';
import { PadEditor } from './pad-editor';

const COLOURS = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#f08c00', '#0ca678', '#e03131'];
/** A person's cursor colour: the same in every tab, from their id. */
const colourOf = (id: string) =>
  COLOURS[[...id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % COLOURS.length]!;

/** The files of the document, re-read whenever it changes. */
function useFiles(connection: PadConnection | null): string[] {
  const subscribe = (notify: () => void) => {
    if (!connection) return () => {};
    const files = connection.doc.getMap(PAD_FILES_MAP);
    files.observe(notify);
    return () => files.unobserve(notify);
  };
  const snapshot = () =>
    connection ? [...connection.doc.getMap(PAD_FILES_MAP).keys()].sort().join('\n') : '';
  const joined = useSyncExternalStore(subscribe, snapshot);
  return joined ? joined.split('\n') : [];
}

/** Live coding pad: the editor both people type in, Run, notes for the team, End interview. */
export function PadScreen() {
  const { t } = useTranslation('pads');
  usePageTitle(t('title'));
  const { padId = '' } = useParams();
  const session = useSessionState();
  const pad = usePad(padId);
  const [connection, setConnection] = useState<PadConnection | null>(null);
  const [online, setOnline] = useState(false);
  const [closedReason, setClosedReason] = useState<string>();
  const [error, setError] = useState<string>();
  const [ended, setEnded] = useState(false);
  const [run, setRun] = useState<PadRun | null>(null);
  const [people, setPeople] = useState<string[]>([]);
  const [current, setCurrent] = useState<string>();
  const user = session.user;

  useEffect(() => {
    if (!padId || !user) return;
    const made = new PadConnection(
      padId,
      (notice: PadNotice) => {
        if (notice.type === 'status') setEnded(notice.status === 'ended');
        else if (notice.type === 'error') setError(notice.message);
        else setRun(notice.run);
      },
      (connected, reason) => {
        setOnline(connected);
        if (!connected && reason) setClosedReason(reason);
      },
    );
    made.awareness.setLocalStateField('user', { name: user.name, color: colourOf(user.id) });
    const onPresence = () =>
      setPeople(
        [...made.awareness.getStates().values()]
          .map((s) => (s.user as { name?: string } | undefined)?.name ?? '')
          .filter(Boolean),
      );
    made.awareness.on('change', onPresence);
    setConnection(made);
    return () => made.destroy();
  }, [padId, user]);

  const files = useFiles(connection);
  const shown = current && files.includes(current) ? current : files[0];
  const text = useMemo(
    () =>
      connection && shown
        ? (connection.doc.getMap(PAD_FILES_MAP).get(shown) as Y.Text | undefined)
        : undefined,
    [connection, shown],
  );

  if (pad.isPending) return <Loader aria-label={t('loading')} />;
  if (pad.isError) return <Alert color="red">{pad.error.message}</Alert>;
  const data = pad.data;
  const readOnly = ended || data.status === 'ended' || data.access === 'read';
  const interviewerHere = data.people.some(
    (p) => p.role !== 'candidate' && people.includes(p.name),
  );

  return (
    <Stack p="md" gap="sm">
      <Group justify="space-between" wrap="wrap">
        {/* The page's one h1 (every page has one; the route walk waits for it), at h2 size. */}
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Group gap="xs">
          <Badge>{data.language}</Badge>
          <Badge color={online ? 'green' : 'gray'}>{online ? t('online') : t('offline')}</Badge>
          {readOnly && <Badge color="red">{t('readOnly')}</Badge>}
        </Group>
      </Group>
      <Text size="sm" aria-live="polite">
        {t('here', { names: people.join(', ') || '—' })}
      </Text>
      {!data.team && !interviewerHere && !readOnly && (
        <Alert color="blue" title={t('waitingTitle')}>
          {t('waiting')}
        </Alert>
      )}
      {closedReason && <Alert color="orange">{closedReason}</Alert>}
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(undefined)}>
          {error}
        </Alert>
      )}
      <Group align="flex-start" wrap="wrap" gap="sm">
        <Paper withBorder p="xs" miw={160} component="nav" aria-label={t('files')}>
          {files.map((path) => (
            <NavLink
              key={path}
              label={path}
              active={path === shown}
              onClick={() => setCurrent(path)}
            />
          ))}
        </Paper>
        <Stack style={{ flex: 1, minWidth: 280 }} gap="xs">
          {text && connection && shown && (
            <PadEditor
              path={shown}
              text={text}
              awareness={connection.awareness}
              readOnly={readOnly}
              label={t('editorLabel', { file: shown })}
            />
          )}
          <RunPanel padId={padId} run={run} disabled={readOnly} />
        </Stack>
        {data.team && <NotesPanel padId={padId} canWrite={data.access === 'edit'} />}
      </Group>
    </Stack>
  );
}

function RunPanel({
  padId,
  run,
  disabled,
}: {
  padId: string;
  run: PadRun | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('pads');
  const start = useRunPad(padId);
  const running = start.isPending || (run === null && start.isSuccess) || run?.status === 'running';
  return (
    <Stack gap="xs">
      <Group>
        <Button onClick={() => start.mutate()} loading={running} disabled={disabled}>
          {t('run')}
        </Button>
        {run?.passed != null && (
          <Text size="sm">{t('results', { passed: run.passed, failed: run.failed ?? 0 })}</Text>
        )}
      </Group>
      {start.isError && <Alert color="red">{start.error.message}</Alert>}
      {run?.output && (
        <Code block aria-label={t('output')}>
          {run.output}
        </Code>
      )}
    </Stack>
  );
}

function NotesPanel({ padId, canWrite }: { padId: string; canWrite: boolean }) {
  const { t } = useTranslation('pads');
  const notes = usePadNotes(padId, true);
  const add = useAddPadNote(padId);
  const end = useEndPad(padId);
  const [draft, setDraft] = useState('');
  return (
    <Paper withBorder p="sm" miw={240} component="aside" aria-label={t('notes')}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('notes')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('notesPrivate')}
        </Text>
        {notes.data?.map((note) => (
          <Text key={note.id} size="sm">
            <b>{note.authorName}</b>: {note.text}
          </Text>
        ))}
        {canWrite && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (draft.trim()) add.mutate(draft, { onSuccess: () => setDraft('') });
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t('newNote')}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
              />
              <Button type="submit" variant="light" loading={add.isPending}>
                {t('addNote')}
              </Button>
            </Stack>
          </form>
        )}
        {canWrite && (
          <Button color="red" onClick={() => end.mutate()} loading={end.isPending}>
            {t('end')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
