import { Text } from '@mantine/core';
import {
  busyTimeText,
  interviewerBusy,
  rangesOverlap,
  type ScheduledTime,
  type SlotInput,
  zonedTimeToUtc,
} from '../../../../domain/interviews';
import { translateMessage } from '../../../lib/messages';
import { useBusyTimes } from '../api/interviews';

/**
 * For each time being entered, the chosen interviewers' clashes with their scheduled
 * interviews, written as the server's 409 would be (the same message, translated), so the
 * recruiter sees them while choosing; the server checks again on submit. `own`: the
 * interview being moved, which is no clash with itself.
 */
export function useSlotClashes(
  slots: SlotInput[],
  interviewerIds: string[],
  own?: ScheduledTime | null,
): string[][] {
  const ranges = slots.map((s) => {
    const at =
      /^\d{4}-\d\d-\d\d$/.test(s.date) && /^\d\d:\d\d$/.test(s.time)
        ? zonedTimeToUtc(s.date, s.time, s.timeZone)
        : null;
    return at && s.durationMinutes > 0
      ? { startsAt: at, durationMinutes: s.durationMinutes }
      : null;
  });
  const known = ranges.filter((r) => r !== null);
  // Whole days around the times: the query's key changes only when a date does.
  const day = 86_400_000;
  const from = Math.floor(Math.min(...known.map((r) => r.startsAt.getTime())) / day) * day;
  const to =
    Math.ceil(
      Math.max(...known.map((r) => r.startsAt.getTime() + r.durationMinutes * 60_000)) / day,
    ) * day;
  const range =
    known.length > 0 && to - from <= 62 * day
      ? { from: new Date(from).toISOString(), to: new Date(to).toISOString() }
      : null;
  const busy = useBusyTimes(interviewerIds, range);
  const chosen = new Set(interviewerIds);
  const others = (busy.data ?? []).filter(
    (b) =>
      chosen.has(b.userId) &&
      !(own && b.startsAt === own.startsAt && b.durationMinutes === own.durationMinutes),
  );
  return ranges.map((r, i) =>
    r
      ? others
          .filter((b) => rangesOverlap(r, b))
          .map((b) =>
            translateMessage(
              interviewerBusy(
                b.name,
                busyTimeText(new Date(b.startsAt), b.durationMinutes, slots[i]!.timeZone),
              ),
            ),
          )
      : [],
  );
}

/** The clashes of one time, as a warning under its fields. */
export function BusyHint({ clashes }: { clashes: string[] | undefined }) {
  if (!clashes || clashes.length === 0) return null;
  return (
    <Text size="xs" c="orange.8" role="status" data-testid="busy-hint">
      {clashes.join(' · ')}
    </Text>
  );
}
