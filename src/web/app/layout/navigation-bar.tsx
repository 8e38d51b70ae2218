import { Button, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionState } from '../../lib/session';
import { Logo } from './logo';
import classes from './navigation-bar.module.css';
import { NavigationSkeleton } from './shell-skeleton';
import { SignedInBar } from './signed-in-shell';

function BarFrame({ children }: { children: React.ReactNode }) {
  return (
    <Container size="xl" px={{ base: 'sm', sm: 'md' }}>
      <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="sm">
        {children}
      </Group>
    </Container>
  );
}

export function NavigationBar() {
  const { t } = useTranslation();
  const session = useSessionState();

  if (session.status === 'signed-in') {
    return (
      <header className={classes.header}>
        <Suspense
          fallback={
            <BarFrame>
              <Logo to="/" />
              <NavigationSkeleton />
            </BarFrame>
          }
        >
          <SignedInBar user={session.user} />
        </Suspense>
      </header>
    );
  }

  return (
    <header className={classes.header}>
      <BarFrame>
        <Logo to="/" />
        {session.status === 'loading' ? <NavigationSkeleton /> : null}
        {session.status === 'signed-out' ? (
          <nav aria-label={t('nav.account')}>
            <Group gap={6} wrap="nowrap">
              <Button component={Link} to="/login" variant="subtle" size="compact-md">
                {t('nav.login')}
              </Button>
              <Button component={Link} to="/signup" size="compact-md">
                {t('nav.signUp')}
              </Button>
            </Group>
          </nav>
        ) : null}
      </BarFrame>
    </header>
  );
}
