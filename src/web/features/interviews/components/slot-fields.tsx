import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SlotInput } from '../../../../domain/interviews';
import { DateField } from '../../../ui/date-field';
import { TimeField } from '../../../ui/time-field';

/** The browser's own time zone (what times are shown in), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

let zones: string[] | null = null;
/** The IANA zones this browser knows, for the time-zone picker. */
function timeZones(current: string): string[] {
  if (!zones) {
    try {
      zones = Intl.supportedValuesOf('timeZone');
    } catch {
      zones = ['UTC'];
    }
    if (!zones.includes('UTC')) zones = ['UTC', ...zones];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

/** A new slot: tomorrow at 10:00 in the browser's zone, 45 minutes, place from the last one. */
export function emptySlot(location = ''): SlotInput {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
    time: '10:00',
    durationMinutes: 45,
    timeZone: browserTimeZone(),
    location,
  };
}

/** Date, time, duration, time zone and place of one interview time. */
export function SlotFields({
  value,
  onChange,
  label,
  errors = {},
}: {
  value: SlotInput;
  onChange: (next: SlotInput) => void;
  /** Names the fields for screen readers when several rows are shown ('Time 2'). */
  label: string;
  errors?: Partial<Record<keyof SlotInput, string>>;
}) {
  const { t } = useTranslation('interviews');
  const set = <K extends keyof SlotInput>(key: K, v: SlotInput[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={label}>
      <DateField
        label={t('slot.date')}
        aria-label={t('slot.dateLabel', { slot: label })}
        value={value.date}
        onChange={(date) => set('date', date)}
        error={errors.date}
        w={160}
      />
      <TimeField
        label={t('slot.time')}
        aria-label={t('slot.timeLabel', { slot: label })}
        value={value.time}
        onChange={(time) => set('time', time)}
        error={errors.time}
        w={120}
      />
      <NumberInput
        label={t('slot.minutes')}
        aria-label={t('slot.minutesLabel', { slot: label })}
        min={15}
        max={480}
        step={15}
        value={value.durationMinutes}
        onChange={(v) => set('durationMinutes', typeof v === 'number' ? v : Number(v) || 0)}
        error={errors.durationMinutes}
        w={100}
      />
      <Select
        label={t('slot.zone')}
        aria-label={t('slot.zoneLabel', { slot: label })}
        searchable
        data={timeZones(value.timeZone)}
        value={value.timeZone}
        onChange={(v) => set('timeZone', v ?? value.timeZone)}
        error={errors.timeZone}
        allowDeselect={false}
        w={200}
      />
      <TextInput
        label={t('slot.place')}
        aria-label={t('slot.placeLabel', { slot: label })}
        value={value.location}
        onChange={(e) => set('location', e.currentTarget.value)}
        error={errors.location}
        style={{ flex: '1 1 220px' }}
      />
    </Group>
  );
}
