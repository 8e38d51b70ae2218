import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../lib/i18n';
import { formatTypedTime, parseTypedTime } from '../lib/typed-time';

type TimeFieldProps = Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'error'
> & {
  /** 'HH:MM' (24 hours), or '' (or nothing) for none: what the forms and the API use. */
  value?: string;
  onChange: (value: string) => void;
  error?: ReactNode;
};

/**
 * A time of day, shown and typed as the app's language writes it (14:30, 2:30 PM), for every
 * time field. The browser's own time input follows the browser's language instead, and
 * Mantine's TimePicker splits the time into hour, minute and AM/PM boxes, where "14:30" cannot
 * be typed as one text. Text that is no time leaves the value as it was and says so.
 */
export function TimeField({ value, onChange, error, onBlur, onKeyDown, ...props }: TimeFieldProps) {
  // useTranslation renders this again when the language changes.
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const pattern = t('timeField.pattern');
  // What the reader is typing, until they leave the field: then the value as the locale writes it.
  const [typed, setTyped] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  // The value before this edit. Typing passes through times ("2" of "25:00", "13:30" of
  // "13:30 pm"), and each reaches the form, so Enter submits what was typed; text that ends
  // as no time puts this one back.
  const before = useRef('');

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    if (typed === null) before.current = value ?? '';
    setTyped(text);
    // Emptying the text empties the value; the forms say when one is required.
    const next = text.trim() === '' ? '' : parseTypedTime(text, locale);
    if (next === null) return;
    setRejected(null);
    onChange(next);
  };
  /** Leaving the field or pressing Enter: text that is no time is refused, and said so. */
  const finish = () => {
    const refused = typed !== null && typed.trim() !== '' && !parseTypedTime(typed, locale);
    if (refused) {
      setRejected(typed);
      if ((value ?? '') !== before.current) onChange(before.current);
    }
    setTyped(null);
    return refused;
  };

  return (
    <TextInput
      {...props}
      value={typed ?? formatTypedTime(value ?? '', locale)}
      onChange={change}
      onBlur={(event) => {
        finish();
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        // Enter on text that is no time says so instead of sending the form.
        if (event.key === 'Enter' && finish()) event.preventDefault();
        onKeyDown?.(event);
      }}
      autoComplete="off"
      placeholder={props.placeholder ?? pattern}
      error={rejected !== null ? t('timeField.invalid', { text: rejected, pattern }) : error}
    />
  );
}
