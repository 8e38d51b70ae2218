import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SlotInput } from '../../../../domain/interviews';
import { theme } from '../../../app/theme';
import { i18n } from '../../../lib/i18n';
import { SlotFields } from './slot-fields';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const start: SlotInput = {
  date: '2099-06-02',
  time: '10:00',
  durationMinutes: 45,
  timeZone: 'Europe/Berlin',
  location: 'Room 4',
};

/** One slot row in a form that keeps its value, with every slot it was given. */
function renderSlot(label: string) {
  const sent: SlotInput[] = [];
  function Form() {
    const [slot, setSlot] = useState(start);
    return (
      <SlotFields
        label={label}
        value={slot}
        onChange={(next) => {
          sent.push(next);
          setSlot(next);
        }}
      />
    );
  }
  render(
    <MantineProvider theme={theme} env="test">
      <Form />
    </MantineProvider>,
  );
  return sent;
}

describe('the time of a proposed interview', () => {
  it('is typed and shown on a 24-hour clock in German, and sent as HH:MM', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['interviews', 'common']);
    const sent = renderSlot('Termin 1');
    const time = screen.getByLabelText('Termin 1: Uhrzeit') as HTMLInputElement;
    expect(time.value).toBe('10:00');
    fireEvent.change(time, { target: { value: '14:30' } });
    fireEvent.blur(time);
    expect(sent.map((s) => s.time)).toEqual(['14:30']);
    expect(sent[0]).toEqual({ ...start, time: '14:30' });
    expect(time.value).toBe('14:30');
  });

  it('is shown on a 12-hour clock in English, whatever the browser’s language', async () => {
    await i18n.loadNamespaces(['interviews', 'common']);
    const sent = renderSlot('Time 1');
    const time = screen.getByLabelText('Time 1: time') as HTMLInputElement;
    fireEvent.change(time, { target: { value: '14:30' } });
    fireEvent.blur(time);
    expect(sent.map((s) => s.time)).toEqual(['14:30']);
    expect(time.value).toBe('2:30 PM');
  });

  it('keeps its time and says so when the text is no time', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['interviews', 'common']);
    const sent = renderSlot('Termin 1');
    const time = screen.getByLabelText('Termin 1: Uhrzeit') as HTMLInputElement;
    // Typed key by key: "2" is a time on the way.
    for (const text of ['2', '25', '25:', '25:0', '25:00']) {
      fireEvent.change(time, { target: { value: text } });
    }
    fireEvent.blur(time);
    expect(sent.map((s) => s.time)).toEqual(['02:00', '10:00']);
    expect(time.value).toBe('10:00');
    expect(screen.getByRole('alert').textContent).toBe(
      '„25:00“ ist keine Uhrzeit. Schreiben Sie sie als HH:MM.',
    );
  });
});
