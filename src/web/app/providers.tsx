// Mantine's styles per component instead of the whole '@mantine/core/styles.css' (37 KB
// gzipped, render-blocking): the base, the components other components are built on, and
// what the navigation bar and the signed-out screens show. Components that only signed-in
// screens use import their styles next to that code, so they load with its chunk.
// The order follows Mantine's own styles.css.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
// After Mantine's own: the same specificity, so the later rule wins.
import './fit-labels.css';
import './required-marks.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useAfterScreenPaint } from '../lib/after-first-paint';
import { i18n } from '../lib/i18n';
import { useSessionState } from '../lib/session';
import { LanguageSync } from './language-sync';
import { Notifications } from './layout/signed-in-shell';
import { queryClient } from './query-client';
import { cssVariablesResolver, themeFor } from './theme';

/**
 * Toasts are only raised on signed-in screens (profile saved, logout failed); their container
 * (and its styles) loads once someone is signed in, which keeps /login light, and once the
 * screen has painted, which keeps it off the signed-in screen's first paint.
 */
function SignedInNotifications() {
  const session = useSessionState();
  if (session.status !== 'signed-in') return null;
  return <NotificationsAfterPaint />;
}

/** A toast raised before this mounts is kept in Mantine's store and shown when it does. */
function NotificationsAfterPaint() {
  if (!useAfterScreenPaint()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}

/** Mantine with the theme's accessible names in the language in force. */
function ThemeProvider({ children }: { children: ReactNode }) {
  // Not suspending: until another language's common catalogue arrives, English names.
  const { t, i18n: instance } = useTranslation('common', { useSuspense: false });
  const language = instance.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language
  const theme = useMemo(() => themeFor(t), [t, language]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider>
          {/* A catalogue not yet loaded suspends its screen; English common never does. */}
          <Suspense fallback={null}>
            <LanguageSync />
            <SignedInNotifications />
            {children}
          </Suspense>
        </ThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
