import { Button, Group, SegmentedControl, Select, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pad, PadReplay } from '../../../../domain/pads';
import { PLAYBACK_SPEEDS, type PlaybackSpeed } from '../../../../domain/playback';
import { buildTimeline, clock, countAt, playTimeOf } from '../../../../domain/playback-timeline';
import { formatNumber, formatTime } from '../../../lib/format';
import { CodeView } from './code-view';
import classes from './replay.module.css';
import { authorBands, colourOf, PadReplayModel } from './replay-model';

const timeOfDay = (ms: number) => formatTime(ms, { seconds: true });
/** Follow the file being typed in (the select's first choice). */
const FOLLOW = '';

/**
 * The replay of a pad's session: its stored updates on the playback's timeline (idle gaps
 * compressed, speeds 1–8×), who typed when (coloured bands), the runs marked, and the file as
 * it was at the playhead.
 */
export function PadReplayPlayer({ replay, people }: { replay: PadReplay; people: Pad['people'] }) {
  const { t } = useTranslation('pad-sessions');
  // Not destroyed on unmount: StrictMode remounts with the same memo, and a document with no
  // provider or listener outside it is simply collected.
  const model = useMemo(() => new PadReplayModel(replay), [replay]);
  const times = useMemo(() => replay.updates.map((u) => Date.parse(u.at)), [replay]);
  const timeline = useMemo(() => buildTimeline(times), [times]);
  const authors = useMemo(() => replay.updates.map((u) => u.authorId), [replay]);
  const nameOf = (id: string | null) =>
    people.find((p) => p.id === id)?.name ?? t('replay.someone');
  const bands = useMemo(
    () => authorBands(timeline.playAt, authors, timeline.duration),
    [timeline, authors],
  );
  const runs = useMemo(
    () =>
      replay.runs.map((run) => ({
        run,
        at: playTimeOf(timeline, times, Date.parse(run.createdAt)),
      })),
    [replay, timeline, times],
  );
  const duration = timeline.duration;

  // The first update is the starter files: the replay opens on them.
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  const [chosen, setChosen] = useState<string>(FOLLOW);
  const count = countAt(timeline, position);
  const files = useMemo(() => {
    model.seek(count);
    return model.files();
  }, [model, count]);

  // Follow: the file the latest update typed in, else the one shown before.
  const [followed, setFollowed] = useState<string | null>(null);
  const lastTouched = count > 1 ? model.touchedBy(count - 1).at(-1) : undefined;
  useEffect(() => {
    if (lastTouched) setFollowed(lastTouched);
  }, [lastTouched]);
  const shownPath =
    (chosen !== FOLLOW && files.some((f) => f.path === chosen) ? chosen : null) ??
    (followed && files.some((f) => f.path === followed) ? followed : null) ??
    files.find((f) => !f.path.endsWith('.md'))?.path ??
    files[0]?.path;
  const shown = files.find((f) => f.path === shownPath);

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

  const togglePlay = () => {
    if (!playing && position >= duration) setPosition(0);
    setPlaying(!playing);
  };
  const pct = (ms: number) => (duration > 0 ? `${(ms / duration) * 100}%` : '0%');
  const current = replay.updates[Math.max(0, count - 1)];
  const atEnd = count >= replay.updates.length;
  const everyone = [...new Set(authors.filter((a): a is string => Boolean(a)))];

  return (
    <Stack gap="sm" data-testid="pad-replay">
      <Group gap="sm" wrap="wrap" align="center">
        <Button onClick={togglePlay} size="sm" miw={92}>
          {playing ? t('replay.pause') : t('replay.play')}
        </Button>
        <SegmentedControl
          size="xs"
          aria-label={t('replay.speed')}
          value={String(speed)}
          onChange={(value) => setSpeed(Number(value) as PlaybackSpeed)}
          data={PLAYBACK_SPEEDS.map((s) => ({
            value: String(s),
            label: t('replay.speedValue', { speed: formatNumber(s) }),
          }))}
        />
        <Text
          size="sm"
          data-testid="pad-replay-clock"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {t('replay.clock', {
            position: clock(position),
            duration: clock(duration),
            at: current ? timeOfDay(Date.parse(current.at)) : '',
          })}
        </Text>
      </Group>

      <div className={classes.track} data-testid="pad-replay-timeline">
        {bands.map((band) => (
          <span
            key={`band-${band.from}`}
            className={classes.band}
            style={{
              left: pct(band.from),
              width: pct(band.to - band.from),
              background: colourOf(band.authorId),
            }}
            title={nameOf(band.authorId)}
          />
        ))}
        {runs.map(({ run, at }) => {
          const label = t('replay.runMarker', {
            at: timeOfDay(Date.parse(run.createdAt)),
            status: t(`status.${run.status}`),
          });
          return (
            <button
              key={run.id}
              type="button"
              className={classes.run}
              style={{ left: pct(at) }}
              aria-label={label}
              title={label}
              data-kind="run"
              onClick={() => setPosition(at)}
            />
          );
        })}
        <span className={classes.playhead} style={{ left: pct(position) }} aria-hidden="true" />
      </div>

      <Slider
        thumbLabel={t('replay.position')}
        min={0}
        max={Math.max(duration, 1)}
        step={Math.max(50, Math.round(duration / 1000))}
        value={position}
        onChange={(value) => {
          setPlaying(false);
          setPosition(value);
        }}
        label={(v) => clock(v)}
        size="sm"
      />

      <Group gap="md" wrap="wrap">
        {everyone.map((id) => (
          <Group key={id} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ background: colourOf(id) }} aria-hidden />
            <Text size="xs">{nameOf(id)}</Text>
          </Group>
        ))}
        <Group gap={6} wrap="nowrap">
          <span className={`${classes.swatch} ${classes.runSwatch}`} aria-hidden />
          <Text size="xs">{t('replay.runs', { count: runs.length })}</Text>
        </Group>
      </Group>

      <Text size="sm" aria-live="polite" data-testid="pad-replay-status">
        {count <= 1
          ? t('replay.starter')
          : atEnd
            ? t('replay.atEnd', {
                name: nameOf(current?.authorId ?? null),
                file: lastTouched ?? '',
              })
            : t('replay.typed', {
                name: nameOf(current?.authorId ?? null),
                file: lastTouched ?? '',
              })}
      </Text>

      <Select
        label={t('replay.file')}
        size="xs"
        maw={360}
        allowDeselect={false}
        value={chosen}
        onChange={(value) => setChosen(value ?? FOLLOW)}
        data={[
          { value: FOLLOW, label: t('replay.follow') },
          ...files.map((f) => ({ value: f.path, label: f.path })),
        ]}
      />
      {shown ? (
        <CodeView
          fileName={shown.path}
          text={shown.content}
          label={t('replay.editorLabel', { file: shown.path })}
          testId="pad-replay-editor"
        />
      ) : null}
    </Stack>
  );
}
