import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { TEXTS } from '../../../domain/texts';
import { useRealtimeUpdates } from '../../lib/realtime';
import { LoadingText } from '../../ui/loading-text';
import { NavigationBar } from './navigation-bar';
import classes from './navigation-bar.module.css';

/** Header with the navigation bar, then the current screen in <main>. */
export function AppLayout() {
  useRealtimeUpdates();
  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <NavigationBar />
      <Container component="main" id="main-content" size="xl" py="lg" px="md" tabIndex={-1}>
        <Suspense fallback={<LoadingText text={TEXTS.loading} />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}
