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

/** Types the text key by key, over what the field shows: each longer text is a change. */
const type = (input: HTMLInputElement, text: string) => {
  fireEvent.focus(input);
  if (text === '') fireEvent.change(input, { target: { value: '' } });
  for (let end = 1; end <= text.length; end++) {
    fireEvent.change(input, { target: { value: text.slice(0, end) } });
  }
};

describe('TimeField in German', () => {
  it('takes a typed 24-hour time and shows it so', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('10:00');
    expect(input.value).toBe('10:00');
    expect(input.placeholder).toBe('HH:MM');
    type(input, '14:30');
    fireEvent.blur(input);
    // "1" and "14" were times too.
    expect(values).toEqual(['01:00', '14:00', '14:30']);
    expect(input.value).toBe('14:30');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a typed text is no time and keeps the value it had', async () => {
    await i18n.changeLanguage('de');
    const { input, values } = renderField('10:00');
    type(input, '25:00');
    fireEvent.blur(input);
    // "2" was a time on the way; the time before the edit is back.
    expect(values).toEqual(['02:00', '10:00']);
    expect(input.value).toBe('10:00');
    expect(screen.getByRole('alert').textContent).toBe(
      '„25:00“ ist keine Uhrzeit. Schreiben Sie sie als HH:MM.',
    );
    // A time typed next clears it.
    type(input, '9.15');
    expect(values.at(-1)).toBe('09:15');
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
    expect(values.at(-1)).toBe('09:15');
    expect(input.value).toBe('9:15 AM');
    // "13:30" is a time until " pm" follows.
    type(input, '13:30 pm');
    expect(values.at(-1)).toBe('13:30');
    fireEvent.blur(input);
    expect(values.at(-1)).toBe('09:15');
    expect(input.value).toBe('9:15 AM');
    expect(screen.getByRole('alert').textContent).toBe(
      '“13:30 pm” is not a time. Write it as hh:mm AM/PM.',
    );
  });

  it('shows 24 hours in Japanese and reads full-width digits', async () => {
    await i18n.changeLanguage('ja');
    const { input, values } = renderField('14:30');
    expect(input.value).toBe('14:30');
    fireEvent.change(input, { target: { value: '１６：４５' } });
    fireEvent.blur(input);
    expect(values).toEqual(['16:45']);
    expect(input.value).toBe('16:45');
  });
});

describe('TimeField in a form', () => {
  /** The field in a form that records what each submission sent. */
  function renderForm() {
    const sent: string[] = [];
    function Form() {
      const [value, setValue] = useState('10:00');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            sent.push(value);
          }}
        >
          <TimeField label="Uhrzeit" value={value} onChange={setValue} />
        </form>
      );
    }
    render(
      <MantineProvider theme={theme} env="test">
        <Form />
      </MantineProvider>,
    );
    return { sent, input: screen.getByLabelText('Uhrzeit') as HTMLInputElement };
  }
  /** Enter as the browser handles it: the key, then the form's submission unless prevented. */
  const pressEnter = (input: HTMLInputElement) => {
    if (fireEvent.keyDown(input, { key: 'Enter' })) fireEvent.submit(input.form as HTMLFormElement);
  };

  it('sends the typed time on Enter', async () => {
    await i18n.changeLanguage('de');
    const { input, sent } = renderForm();
    type(input, '14:30');
    pressEnter(input);
    expect(sent).toEqual(['14:30']);
  });

  it('says so on Enter instead of sending text that is no time', async () => {
    await i18n.changeLanguage('de');
    const { input, sent } = renderForm();
    type(input, '25:00');
    pressEnter(input);
    expect(sent).toEqual([]);
    expect(input.value).toBe('10:00');
    expect(screen.getByRole('alert').textContent).toBe(
      '„25:00“ ist keine Uhrzeit. Schreiben Sie sie als HH:MM.',
    );
    pressEnter(input);
    expect(sent).toEqual(['10:00']);
  });
});
