import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { type FocusEvent, type InputEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../domain/languages';
import { currentLanguage } from '../lib/i18n';
import { FIRST_DAY_OF_WEEK, formatTypedDate, parseTypedDate } from '../lib/typed-date';

type DateFieldProps = Omit<
  DateInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'valueFormat'
  | 'dateParser'
  | 'minDate'
  | 'maxDate'
  | 'error'
  | 'popoverProps'
> & {
  /** 'YYYY-MM-DD', or '' (or nothing) for none: what the forms and the API use. */
  value?: string;
  onChange: (value: string) => void;
  /** The first and last days the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  error?: ReactNode;
};

/**
 * A day, shown, typed and picked in the app's language (issue 31), for every date field.
 * The browser's own date input follows the browser's language instead. Typing takes the
 * locale's digits or ISO; text that is no day leaves the value as it was and says so.
 */
export function DateField({
  value,
  onChange,
  min,
  max,
  error,
  onBlur,
  onClick,
  onInput,
  onKeyDown,
  getDayProps,
  ...props
}: DateFieldProps) {
  // useTranslation renders this again when the language changes.
  const { t } = useTranslation('common');
  const language = currentLanguage();
  const locale = LOCALES[language];
  const pattern = t('dateField.pattern');
  const [typed, setTyped] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  // Opened by a click only: typing needs no calendar, and one opened on focus or while
  // typing would cover the fields and buttons below it.
  const [open, setOpen] = useState(false);
  const parse = (text: string) => parseTypedDate(text, locale);

  const input = (event: InputEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    setTyped(text);
    setOpen(false);
    if (text.trim() === '' || parse(text)) setRejected(null);
    onInput?.(event);
  };
  const blur = (event: FocusEvent<HTMLInputElement>) => {
    setOpen(false);
    if (typed !== null && typed.trim() !== '' && !parse(typed)) setRejected(typed);
    setTyped(null);
    onBlur?.(event);
  };
  const outside = (day: string) => Boolean((min && day < min) || (max && day > max));

  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: FIRST_DAY_OF_WEEK[language] }}>
      <DateInput
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={(day) => formatTypedDate(day, locale)}
        dateParser={parse}
        // Emptying the text empties the value; the forms say when one is required.
        allowDeselect
        withAsterisk={false}
        placeholder={props.placeholder ?? pattern}
        // Out-of-range days are greyed in the calendar, but a typed one reaches the form,
        // whose rule names the limit (as with the browser's field).
        excludeDate={outside}
        highlightToday
        monthLabelFormat={(day) =>
          new Intl.DateTimeFormat(locale, {
            year: 'numeric',
            month: 'long',
            timeZone: 'UTC',
          }).format(new Date(`${day}T00:00:00Z`))
        }
        ariaLabels={{
          previousMonth: t('dateField.previousMonth'),
          nextMonth: t('dateField.nextMonth'),
          previousYear: t('dateField.previousYear'),
          nextYear: t('dateField.nextYear'),
          previousDecade: t('dateField.previousDecade'),
          nextDecade: t('dateField.nextDecade'),
          monthLevelControl: t('dateField.chooseMonth'),
          yearLevelControl: t('dateField.chooseYear'),
        }}
        popoverProps={{ opened: open, onDismiss: () => setOpen(false) }}
        getDayProps={(day) => {
          const own = getDayProps?.(day);
          return {
            ...own,
            onClick: (event) => {
              own?.onClick?.(event);
              setRejected(null);
              setOpen(false);
            },
          };
        }}
        onClick={(event) => {
          setOpen(true);
          onClick?.(event);
        }}
        onInput={input}
        // Escape then closes the calendar only, not the modal around the field (as Mantine's
        // own selects do).
        data-mantine-stop-propagation={open || undefined}
        onBlur={blur}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
          onKeyDown?.(event);
        }}
        error={rejected !== null ? t('dateField.invalid', { text: rejected, pattern }) : error}
      />
    </DatesProvider>
  );
}
