import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { i18n } from '../lib/i18n';
import { TimeField } from './time-field';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** The field in a form that keeps its value, with every value it was given. */
function renderField(initial: string) {
  const values: string[] = [];
  function Form() {
    const [value, setValue] = useState(initial);
    return (
      <TimeField
        label="Uhrzeit"
        value={value}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <MantineProvider theme={theme} env="test">
      <Form />
    </MantineProvider>,
  );
  return { values, input: screen.getByLabelText('Uhrzeit') as HTMLInputElement };
}

const type = (input: HTMLInputElement, text: string) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
};

describe('TimeField in German', () => {
  it('takes a typed 24-hour time and shows it so', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('10:00');
    expect(input.value).toBe('10:00');
    expect(input.placeholder).toBe('HH:MM');
    type(input, '14:30');
    fireEvent.blur(input);
    expect(values).toEqual(['14:30']);
    expect(input.value).toBe('14:30');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a typed text is no time and keeps the value it had', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('10:00');
    type(input, '25:00');
    fireEvent.blur(input);
    expect(values).toEqual([]);
    expect(input.value).toBe('10:00');
    expect(screen.getByRole('alert').textContent).toBe(
      '„25:00“ ist keine Uhrzeit. Schreiben Sie sie als HH:MM.',
    );
    // A time typed next clears it.
    type(input, '9.15');
    expect(values).toEqual(['09:15']);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(input.value).toBe('09:15');
  });

  it('empties the value when the text is deleted', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('10:00');
    type(input, '');
    expect(values).toEqual(['']);
  });
});

describe('TimeField in English and Japanese', () => {
  it('shows a 12-hour clock in English and reads AM and PM', async () => {
    const { input, values } = renderField('14:30');
    expect(input.value).toBe('2:30 PM');
    type(input, '9:15 am');
    fireEvent.blur(input);
    expect(values).toEqual(['09:15']);
    expect(input.value).toBe('9:15 AM');
    type(input, '13:30 pm');
    fireEvent.blur(input);
    expect(input.value).toBe('9:15 AM');
    expect(screen.getByRole('alert').textContent).toBe(
      '“13:30 pm” is not a time. Write it as hh:mm AM/PM.',
    );
  });

  it('shows 24 hours in Japanese and reads full-width digits', async () => {
    await i18n.changeLanguage('ja');
    const { input, values } = renderField('14:30');
    expect(input.value).toBe('14:30');
    type(input, '１６：４５');
    fireEvent.blur(input);
    expect(values).toEqual(['16:45']);
    expect(input.value).toBe('16:45');
  });
});
