import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { Button, Group, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeFor,
  type FilePlayback,
  type FocusTarget,
  PLAYBACK_SPEEDS,
  type PlaybackSpeed,
  Replay,
  SHOWN_GAP_MS,
} from '../../../../domain/playback';
import {
  buildTimeline,
  clock,
  countAt,
  type Marker,
  namesAlong,
  playbackMarkers,
} from '../../../../domain/playback-timeline';
import { RUN_STATUSES, RUN_TRIGGERS } from '../../../../domain/test-runs';
import { errorMessage } from '../../../api/http';
import { languageExtension, loadLanguage, viewerExtensions } from '../../../lib/editor-extensions';
import { formatNumber, formatTime } from '../../../lib/format';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useFilePlayback } from '../api/file-playback';
import classes from './playback.module.css';
import './styles';

const timeOfDay = (ms: number) => formatTime(ms, { seconds: true });

/** The reviewer's replay of one file: loads the recording, then plays it. */
export function PlaybackPlayer({
  assessmentId,
  fileName,
}: {
  assessmentId: string;
  fileName: string;
}) {
  const { t } = useTranslation('playback');
  const query = useFilePlayback(assessmentId, fileName);
  if (query.isPending) return <LoadingText text={t('loading')} />;
  if (query.isError) return <FormError>{errorMessage(query.error)}</FormError>;
  if (query.data.events.length === 0) {
    return <Text c="dimmed">{t('noRecording')}</Text>;
  }
  return <Player data={query.data} />;
}

const AWAY_KEYS: Record<FocusTarget, string> = {
  tab: 'away.tab',
  window: 'away.window',
  editor: 'away.editor',
  page: 'away.page',
};

const isRunStatus = (value: string): value is (typeof RUN_STATUSES)[number] =>
  (RUN_STATUSES as readonly string[]).includes(value);
const isRunTrigger = (value: string): value is (typeof RUN_TRIGGERS)[number] =>
  (RUN_TRIGGERS as readonly string[]).includes(value);

/** A marker's description in the reader's language (run statuses from the test-runs catalogue). */
function markerLabel(marker: Marker, t: TFunction<['playback', 'test-runs']>): string {
  const at = timeOfDay(marker.real);
  switch (marker.kind) {
    case 'paste':
      return t('marker.paste', { at });
    case 'drop':
      return t('marker.drop', { at });
    case 'resync':
      return t('marker.resync', { at });
    case 'away':
      return t('marker.away', {
        what: t(AWAY_KEYS[marker.where]),
        from: at,
        to: timeOfDay(marker.realEnd),
      });
    case 'session':
      return t('marker.session', { at, session: marker.session });
    case 'test-run': {
      const { run } = marker;
      const status = isRunStatus(run.status) ? t(`test-runs:status.${run.status}`) : run.status;
      const trigger = isRunTrigger(run.trigger)
        ? t(`test-runs:trigger.${run.trigger}`)
        : run.trigger;
      return t('marker.testRun', { trigger, at, status, passed: run.passed, failed: run.failed });
    }
    case 'file': {
      const { change } = marker;
      const folder = change.folder;
      if (change.op === 'create') return t('marker.create', { path: change.path, at });
      if (change.op === 'delete') {
        return folder
          ? t('marker.deleteFolder', { path: change.path, folder: folder.path, at })
          : t('marker.delete', { path: change.path, at });
      }
      return folder
        ? t('marker.renameFolder', {
            path: change.path,
            to: change.to,
            folder: folder.path,
            folderTo: folder.to,
            at,
          })
        : t('marker.rename', { path: change.path, to: change.to, at });
    }
  }
}

function Player({ data }: { data: FilePlayback }) {
  const { t } = useTranslation(['playback', 'test-runs']);
  const { events } = data;
  const model = useMemo(() => {
    const timeline = buildTimeline(events.map((e) => e.at));
    const replay = new Replay(events);
    return {
      timeline,
      replay,
      names: namesAlong(events, data.fileName),
      markers: playbackMarkers(events, timeline, data.testRuns),
      endsOnSaved: replay.textAt(events.length) === data.savedText,
    };
  }, [events, data.testRuns, data.savedText, data.fileName]);
  const { timeline, replay, markers, names } = model;
  const duration = timeline.duration;

  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  const count = countAt(timeline, position);

  // --- the read-only editor, moved forward change by change, or reloaded on a seek ---------
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const shown = useRef(0);
  const [language] = useState(() => new Compartment());

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view lives as long as the recording shown; `count` moves it below
  useEffect(() => {
    if (!hostRef.current) return;
    const view = new EditorView({
      parent: hostRef.current,
      state: EditorState.create({
        doc: replay.docAt(count),
        extensions: [
          viewerExtensions(),
          // Plain until a language in a chunk of its own loaded (below).
          language.of(languageExtension(data.fileName) ?? []),
          EditorView.contentAttributes.of({
            'aria-label': t('editorLabel', { fileName: data.fileName }),
            'aria-readonly': 'true',
            tabindex: '0',
          }),
        ],
      }),
    });
    viewRef.current = view;
    shown.current = count;
    let live = true;
    if (languageExtension(data.fileName) === null) {
      void loadLanguage(data.fileName).then((extension) => {
        if (live) view.dispatch({ effects: language.reconfigure(extension) });
      });
    }
    return () => {
      live = false;
      view.destroy();
      viewRef.current = null;
    };
  }, [replay, data.fileName]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || shown.current === count) return;
    const from = shown.current;
    shown.current = count;
    if (count > from && count - from <= 400) {
      for (let i = from; i < count; i++) {
        const event = events[i]!;
        if (event.k === 's' || (event.k === 'f' && event.op !== 'rename')) {
          // A snapshot, a create (its first text) or a delete (no text any more).
          const insert = event.k === 's' ? event.x : event.op === 'create' ? (event.x ?? '') : '';
          view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert } });
        } else if (event.k === 'c') {
          const set = changeFor(event.c, view.state.doc.length);
          if (!set) continue; // the server never stores one that does not fit
          let head = 0;
          set.iterChanges((_fromA, _toA, _fromB, toB) => {
            head = toB;
          });
          view.dispatch({ changes: set, selection: { anchor: head }, scrollIntoView: true });
        }
      }
      return;
    }
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: replay.docAt(count) } });
  }, [count, events, replay]);

  // --- playing ----------------------------------------------------------------------------
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const elapsed = now - last;
      last = now;
      setPosition((p) => Math.min(duration, p + elapsed * speed));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, duration]);

  useEffect(() => {
    if (playing && position >= duration) setPlaying(false);
  }, [playing, position, duration]);

  function togglePlay() {
    if (!playing && position >= duration) setPosition(0);
    setPlaying(!playing);
  }

  const atEnd = count >= events.length && position >= duration;
  const now = names[count] ?? names[names.length - 1]!;
  const current = events[Math.max(0, count - 1)]!;
  const skipping = timeline.gaps.find((g) => position >= g.at && position < g.at + SHOWN_GAP_MS);
  const pct = (ms: number) => (duration > 0 ? `${(ms / duration) * 100}%` : '0%');
  const counts = {
    paste: markers.filter((m) => m.kind === 'paste' || m.kind === 'drop').length,
    away: markers.filter((m) => m.kind === 'away' && m.where !== 'editor').length,
    runs: markers.filter((m) => m.kind === 'test-run').length,
    files: markers.filter((m) => m.kind === 'file').length,
    sessions: markers.filter((m) => m.kind === 'session').length + 1,
    skipped: timeline.gaps.reduce((sum, g) => sum + g.realMs, 0),
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap" align="center">
        <Button onClick={togglePlay} size="sm" w={92}>
          {playing ? t('pause') : t('play')}
        </Button>
        <SegmentedControl
          size="xs"
          aria-label={t('speed')}
          value={String(speed)}
          onChange={(value) => setSpeed(Number(value) as PlaybackSpeed)}
          data={PLAYBACK_SPEEDS.map((s) => ({
            value: String(s),
            label: t('speedValue', { speed: formatNumber(s) }),
          }))}
        />
        <Text size="sm" data-testid="playback-clock" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('clock', {
            position: clock(position),
            duration: clock(duration),
            at: timeOfDay(current.at),
          })}
        </Text>
      </Group>

      <Text size="sm" fw={600} data-testid="playback-file" className={classes.fileName}>
        {now.exists
          ? t('file.current', { name: now.name })
          : count === 0
            ? t('file.notCreated', { name: now.name })
            : t('file.deleted', { name: now.name })}
      </Text>

      <div className={classes.track} data-testid="playback-timeline">
        {timeline.gaps.map((gap) => (
          <span
            key={`gap-${gap.at}`}
            className={classes.gap}
            style={{ left: pct(gap.at), width: pct(SHOWN_GAP_MS) }}
            title={t('gapSkipped', { length: clock(gap.realMs) })}
          />
        ))}
        {markers
          .filter((m) => m.kind === 'away')
          .map((m) => (
            <span
              key={`away-${m.at}-${m.kind === 'away' ? m.where : ''}`}
              className={
                m.kind === 'away' && m.where === 'editor' ? classes.editorAway : classes.away
              }
              style={{
                left: pct(m.at),
                width: pct(Math.max(0, (m.kind === 'away' ? m.end : m.at) - m.at)),
              }}
              title={markerLabel(m, t)}
              data-away={m.kind === 'away' ? m.where : undefined}
              data-from={m.real}
              data-to={m.kind === 'away' ? m.realEnd : m.real}
            />
          ))}
        {markers
          .filter((m) => m.kind === 'session')
          .map((m) => (
            <span
              key={`session-${m.at}`}
              className={classes.session}
              style={{ left: pct(m.at) }}
              title={markerLabel(m, t)}
              data-kind="session"
            />
          ))}
        {markers
          .filter((m) => m.kind !== 'session' && (m.kind !== 'away' || m.where !== 'editor'))
          .map((m, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: markers never reorder
              key={`${m.kind}-${i}`}
              type="button"
              className={`${classes.marker} ${classes[m.kind === 'test-run' ? 'run' : m.kind === 'file' ? m.change.op : m.kind]}`}
              style={{ left: pct(m.at) }}
              aria-label={markerLabel(m, t)}
              title={markerLabel(m, t)}
              data-kind={m.kind}
              data-op={m.kind === 'file' ? m.change.op : undefined}
              onClick={() => setPosition(m.at)}
            />
          ))}
        <span className={classes.playhead} style={{ left: pct(position) }} aria-hidden="true" />
      </div>

      <Slider
        thumbLabel={t('position')}
        min={0}
        max={Math.max(duration, 1)}
        step={Math.max(50, Math.round(duration / 1000))}
        value={position}
        onChange={setPosition}
        label={(v) => clock(v)}
        size="sm"
      />

      <Group gap="md" wrap="wrap">
        <Legend className={classes.paste} text={t('legend.pastes', { count: counts.paste })} />
        <Legend className={classes.away} text={t('legend.away', { count: counts.away })} />
        <Legend className={classes.run} text={t('legend.runs', { count: counts.runs })} />
        {counts.files > 0 ? (
          <Legend className={classes.rename} text={t('legend.files', { count: counts.files })} />
        ) : null}
        <Legend
          className={classes.session}
          text={t('legend.sessions', { count: counts.sessions })}
        />
        <Legend
          className={classes.gap}
          text={t('legend.gaps', { count: timeline.gaps.length, length: clock(counts.skipped) })}
        />
      </Group>

      <Text size="sm" c="dimmed" aria-live="polite" data-testid="playback-status">
        {skipping
          ? t('status.skipping', { length: clock(skipping.realMs) })
          : atEnd
            ? model.endsOnSaved
              ? t('status.endMatches')
              : t('status.endDiffers')
            : playing
              ? t('status.playing')
              : t('status.paused')}
      </Text>

      <div ref={hostRef} className={classes.editor} data-testid="playback-editor" />
    </Stack>
  );
}

function Legend({ className, text }: { className: string | undefined; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span className={`${classes.swatch} ${className ?? ''}`} aria-hidden="true" />
      <Text size="xs">{text}</Text>
    </Group>
  );
}
