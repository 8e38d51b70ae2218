import { MantineProvider, Modal } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { i18n } from '../lib/i18n';
import { DateField } from './date-field';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** The field in a form that keeps its value, with every value it was given. */
function renderField(initial: string, props: { min?: string; required?: boolean } = {}) {
  const values: string[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <DateField
        label="Fälligkeitsdatum"
        value={value}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
        {...props}
      />
    );
  }
  render(
    <MantineProvider theme={theme} env="test">
      <Form />
    </MantineProvider>,
  );
  return { values, input: screen.getByLabelText('Fälligkeitsdatum') as HTMLInputElement };
}

const type = (input: HTMLInputElement, text: string) => {
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value: text } });
};

describe('DateField in German', () => {
  it('shows the day as Germans write it, with the pattern as placeholder', async () => {
    await i18n.changeLanguage('de');
    const { input } = renderField('2026-12-05', { required: true });
    expect(input.value).toBe('05.12.2026');
    expect(input.placeholder).toBe('TT.MM.JJJJ');
    expect(input.required).toBe(true);
  });

  it('takes a typed German date and a typed ISO date as the same ISO value', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('');
    type(input, '24.12.2026');
    type(input, '2027-01-05');
    type(input, '6.2.2027');
    expect(values).toEqual(['2026-12-24', '2027-01-05', '2027-02-06']);
    fireEvent.blur(input);
    expect(input.value).toBe('06.02.2027');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a typed text is no date and keeps the value it had', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('2026-12-05');
    type(input, '31.02.2026');
    fireEvent.blur(input);
    expect(values).toEqual([]);
    expect(input.value).toBe('05.12.2026');
    expect(screen.getByRole('alert').textContent).toBe(
      '„31.02.2026“ ist kein Datum. Schreiben Sie es als TT.MM.JJJJ.',
    );
    // A date typed next clears it.
    type(input, '01.03.2026');
    expect(values).toEqual(['2026-03-01']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('empties the value when the text is deleted', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('2026-12-05');
    type(input, '');
    expect(values).toEqual(['']);
  });

  it('opens a German calendar, Monday first, and picks a day from it', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('2026-12-05', { min: '2026-12-03' });
    fireEvent.click(input);
    const header = await screen.findByRole('button', { name: 'Monat wählen' });
    expect(header.textContent).toBe('Dezember 2026');
    const table = screen.getByRole('table');
    const weekdays = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(weekdays.slice(0, 2)).toEqual(['Mo', 'Di']);
    // Days before the first one offered cannot be picked.
    expect(within(table).getByRole('button', { name: '2 Dezember 2026' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(table).getByRole('button', { name: '24 Dezember 2026' }));
    expect(values).toEqual(['2026-12-24']);
    expect(input.value).toBe('24.12.2026');
  });
});

describe('DateField in Japanese and English', () => {
  it('writes the year first in Japanese and the month first in English', async () => {
    await i18n.changeLanguage('ja');
    const ja = renderField('2026-12-05');
    expect(ja.input.value).toBe('2026/12/05');
    type(ja.input, '2026/12/24');
    expect(ja.values).toEqual(['2026-12-24']);
    cleanup();
    await i18n.changeLanguage('en');
    const en = renderField('2026-12-05');
    expect(en.input.value).toBe('12/05/2026');
    type(en.input, '12/24/2026');
    expect(en.values).toEqual(['2026-12-24']);
  });
});

describe('DateField in a modal', () => {
  it('closes its calendar on Escape and leaves the modal open', async () => {
    const closed: string[] = [];
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened title="Zuweisen" onClose={() => closed.push('modal')}>
          <DateField label="Fälligkeitsdatum" value="2026-12-05" onChange={() => {}} />
        </Modal>
      </MantineProvider>,
    );
    const input = await screen.findByLabelText('Fälligkeitsdatum');
    fireEvent.click(input);
    await screen.findByRole('table');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(closed).toEqual([]);
    // Closed, the next Escape is the modal's.
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(closed).toEqual(['modal']);
  });
});
