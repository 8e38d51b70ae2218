import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type * as Y from 'yjs';
import { PAD_FILES_MAP, type PadRun } from '../../../../domain/pads';
import { errorMessage } from '../../../api/api-error';
import { translateMessage } from '../../../lib/messages';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAddPadNote, useEndPad, usePad, usePadNotes, useRunPad } from '../api/pads';
import { PadConnection, type PadNotice } from '../lib/pad-connection';
import { FileTree } from './file-tree';
import { PadEditor } from './pad-editor';
import { PadHeader, type Present } from './pad-header';
import { WaitingScreen } from './waiting-screen';

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

/** Everyone in the pad now (one entry a person, however many tabs), from the awareness. */
function presentOf(connection: PadConnection): Present[] {
  const byId = new Map<string, Present>();
  for (const state of connection.awareness.getStates().values()) {
    const user = state.user as Partial<Present> | undefined;
    if (user?.id && user.name) {
      byId.set(user.id, { id: user.id, name: user.name, color: user.color ?? 'gray' });
    }
  }
  return [...byId.values()];
}

/** Live coding pad: the editor both people type in, the files, Run, notes for the team, End. */
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
  const [live, setLive] = useState<LiveOutput | null>(null);
  const [present, setPresent] = useState<Present[]>([]);
  const [current, setCurrent] = useState<string>();
  const [interviewerSeen, setInterviewerSeen] = useState(false);
  const user = session.user;

  useEffect(() => {
    if (!padId || !user) return;
    const made = new PadConnection(
      padId,
      (notice: PadNotice) => {
        if (notice.type === 'status') setEnded(notice.status === 'ended');
        else if (notice.type === 'error') setError(notice.message);
        else if (notice.type === 'output') setLive((held) => withPiece(held, notice));
        else {
          setRun(notice.run);
          // A new run: the last one's output goes.
          const { id, status } = notice.run;
          if (status === 'queued') setLive((held) => (held?.runId === id ? held : null));
        }
      },
      (connected, reason) => {
        setOnline(connected);
        if (connected) setClosedReason(undefined);
        else if (reason) setClosedReason(reason);
      },
    );
    made.awareness.setLocalStateField('user', {
      id: user.id,
      name: user.name,
      color: colourOf(user.id),
    });
    const onPresence = () => setPresent(presentOf(made));
    made.awareness.on('change', onPresence);
    onPresence();
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
  const teamIds = pad.data?.people.filter((p) => p.role !== 'candidate').map((p) => p.id) ?? [];
  const interviewerHere = present.some((p) => teamIds.includes(p.id));
  useEffect(() => {
    if (interviewerHere) setInterviewerSeen(true);
  }, [interviewerHere]);

  if (pad.isPending) return <Loader aria-label={t('loading')} />;
  if (pad.isError) return <Alert color="red">{pad.error.message}</Alert>;
  const data = pad.data;
  const readOnly = ended || data.status === 'ended' || data.access === 'read';
  // The candidate waits until an interviewer has come in (once in, a dropped connection of
  // theirs does not send the candidate back to waiting).
  const waiting = !data.team && !readOnly && !interviewerSeen;

  return (
    <Stack p={{ base: 'xs', sm: 'md' }} gap="sm">
      <PadHeader pad={data} present={present} online={online} readOnly={readOnly} />
      {closedReason && <Alert color="orange">{translateMessage(closedReason)}</Alert>}
      {error && (
        <Alert color="red" withCloseButton onClose={() => setError(undefined)}>
          {translateMessage(error)}
        </Alert>
      )}
      {waiting ? (
        <WaitingScreen pad={data} />
      ) : (
        <Group align="flex-start" wrap="wrap" gap="sm">
          {connection && (
            <FileTree
              doc={connection.doc}
              files={files}
              current={shown}
              onOpen={setCurrent}
              readOnly={readOnly}
            />
          )}
          <Stack style={{ flex: 1, minWidth: 'min(280px, 100%)' }} gap="xs">
            {text && connection && shown && (
              <PadEditor
                path={shown}
                text={text}
                awareness={connection.awareness}
                readOnly={readOnly}
                label={t('editorLabel', { file: shown })}
              />
            )}
            <RunPanel padId={padId} run={run} live={live} disabled={readOnly} />
          </Stack>
          {data.team && <NotesPanel padId={padId} canWrite={data.access === 'edit'} />}
        </Group>
      )}
    </Stack>
  );
}

/** A running run's output so far, as its pieces came. */
interface LiveOutput {
  runId: string;
  text: string;
  /** Where the next piece starts. */
  end: number;
}

/**
 * The output with a piece added: a new run's piece starts it afresh (one who came in during the
 * run starts from the piece they got); a piece out of order is dropped (the bus keeps order).
 */
function withPiece(
  held: LiveOutput | null,
  piece: { runId: string; offset: number; text: string },
): LiveOutput | null {
  if (held?.runId !== piece.runId) {
    return { runId: piece.runId, text: piece.text, end: piece.offset + piece.text.length };
  }
  if (piece.offset !== held.end) return held;
  return { ...held, text: held.text + piece.text, end: held.end + piece.text.length };
}

function RunPanel({
  padId,
  run,
  live,
  disabled,
}: {
  padId: string;
  run: PadRun | null;
  live: LiveOutput | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('pads');
  const start = useRunPad(padId);
  const running =
    start.isPending ||
    (run === null && start.isSuccess) ||
    run?.status === 'queued' ||
    run?.status === 'running';
  // The finished run's whole output once it is there; until then what has come of it.
  const finished = run && (run.status === 'done' || run.status === 'failed');
  const output = live && !(finished && run.id === live.runId) ? live.text : run?.output;
  // A long output scrolls in its own box, which follows the output as it grows.
  const outputBox = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (output && outputBox.current) outputBox.current.scrollTop = outputBox.current.scrollHeight;
  }, [output]);
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
      {running && (
        <Text size="sm" role="status">
          {run?.status === 'queued' ? t('runQueued') : t('running')}
        </Text>
      )}
      {start.isError && <Alert color="red">{errorMessage(start.error)}</Alert>}
      {output && (
        // Long lines wrap as the editor's do (a phone would cut them off at its edge), and the
        // box takes the keyboard's focus so it scrolls without a mouse.
        <Code
          block
          ref={outputBox}
          aria-label={t('output')}
          mah={400}
          tabIndex={0}
          style={{ overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {output}
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
