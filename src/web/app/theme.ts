import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import type { TFunction } from 'i18next';

/** The names the theme gives to Mantine's own buttons, in the reader's language. */
type ThemeTexts = { closeNotification: string; showPassword: string };

const ENGLISH: ThemeTexts = {
  closeNotification: 'Close notification',
  showPassword: 'Show or hide what you typed',
};

/** The theme with its accessible names from the common catalogue (`t` of 'common'). */
export function themeFor(t: TFunction): ReturnType<typeof createTheme> {
  return makeTheme({
    closeNotification: t('theme.closeNotification'),
    showPassword: t('theme.showPassword'),
  });
}

/** Indigo, with shades dark enough for WCAG AA contrast on white. */
const makeTheme = (texts: ThemeTexts) =>
  createTheme({
    primaryColor: 'indigo',
    primaryShade: { light: 7, dark: 5 },
    defaultRadius: 'md',
    // Japanese: the system's own Japanese faces (macOS, Windows), then Noto Sans CJK JP
    // (Debian's fonts-noto-cjk, Android), before the generic fallback picks a Chinese glyph set.
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic UI", Meiryo, "Noto Sans CJK JP", "Noto Sans JP", sans-serif',
    headings: { fontWeight: '700' },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      // Toasts' close buttons need a name (axe: serious).
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': texts.closeNotification } },
      },
      // Field errors are announced as they appear.
      InputError: { defaultProps: { role: 'alert' } },
      // Required fields keep aria-required but Mantine's ' *' is off: it would become part of
      // the label text (getByLabel('Password') must not need it). required-marks.css draws it.
      TextInput: { defaultProps: { withAsterisk: false } },
      PasswordInput: {
        defaultProps: {
          withAsterisk: false,
          // Mantine's default 'Toggle password visibility' would also match getByLabel('Password').
          visibilityToggleButtonProps: { 'aria-label': texts.showPassword },
        },
      },
      NativeSelect: { defaultProps: { withAsterisk: false } },
    },
  });

/** The English theme (tests, and the first paint before the catalogue is read). */
export const theme = makeTheme(ENGLISH);

/** Mantine's default dimmed, error and placeholder greys are below 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
  },
  dark: {},
});
