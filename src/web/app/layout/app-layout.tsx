import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAfterScreenPaint } from '../../lib/after-first-paint';
import { useSessionState } from '../../lib/session';
import { LoadingText } from '../../ui/loading-text';
import { NavigationBar } from './navigation-bar';
import classes from './navigation-bar.module.css';
import { RealtimeUpdates, SessionGuard } from './signed-in-shell';

/** The signed-in parts nobody sees at first, rendered once the screen has painted. */
function SignedInBackground() {
  const painted = useAfterScreenPaint();
  if (!painted) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeUpdates />
      <SessionGuard />
    </Suspense>
  );
}

/** Header with the navigation bar, then the current screen in <main>. */
export function AppLayout() {
  const { t } = useTranslation('common');
  const signedIn = useSessionState().status === 'signed-in';
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <NavigationBar />
      {signedIn ? <SignedInBackground /> : null}
      <Container component="main" id="main-content" size="xl" py="lg" px="md" tabIndex={-1}>
        <Suspense fallback={<LoadingText text={t('loading')} />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
