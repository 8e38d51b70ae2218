import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** Indigo, with shades dark enough for WCAG AA contrast on white. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    // Toasts' close buttons need a name (axe: serious).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    // Field errors are announced as they appear.
    InputError: { defaultProps: { role: 'alert' } },
    // Required fields keep aria-required but show no ' *': it would become part of the
    // label text (getByLabel('Password') must not need the asterisk).
    TextInput: { defaultProps: { withAsterisk: false } },
    PasswordInput: {
      defaultProps: {
        withAsterisk: false,
        // Mantine's default 'Toggle password visibility' would also match getByLabel('Password').
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide what you typed' },
      },
    },
    NativeSelect: { defaultProps: { withAsterisk: false } },
  },
});

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
