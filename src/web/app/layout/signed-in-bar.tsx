import '@mantine/core/styles/Burger.css';
import { Box, Burger, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { dashboardPath } from '../../../domain/roles';
import { loadAuthClient } from '../../api/load-auth-client';
import { clearSession, type SessionUser } from '../../lib/session';
import { FormError } from '../../ui/form-error';
import { Logo } from './logo';
import { navLinksFor } from './nav-links';
import classes from './navigation-bar.module.css';
import { LazyNotificationBell } from './notification-bell-lazy';
import { UserMenu } from './user-menu';

const MOBILE_NAV_ID = 'mobile-navigation';

/** The bar of a signed-in user: role links (behind a menu button below 768 px), bell, user menu. */
export function SignedInBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mobileOpen, mobile] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [logoutFailed, setLogoutFailed] = useState(false);
  const links = navLinksFor(user.role);

  const logout = async () => {
    setLoggingOut(true);
    setLogoutFailed(false);
    try {
      const authClient = await loadAuthClient();
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message);
      clearSession();
      navigate('/login', { replace: true });
    } catch {
      setLogoutFailed(true);
      notifications.show({ color: 'red', message: t('userMenu.logoutFailed') });
    } finally {
      setLoggingOut(false);
    }
  };

  // A link chosen from the mobile menu closes it at once, not when the next screen has
  // loaded (a menu reopened meanwhile would be shut by the late route change).
  const renderLinks = (onNavigate?: () => void) =>
    links.map((item) => (
      <NavLink
        key={item.to}
        to={item.to}
        end={item.to !== '/messages'}
        className={classes.link}
        onClick={onNavigate}
      >
        {t(`nav.${item.label}`)}
      </NavLink>
    ));

  return (
    <>
      <Container size="xl" px={{ base: 'sm', sm: 'md' }}>
        <Group className={classes.bar} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={mobileOpen}
              aria-controls={MOBILE_NAV_ID}
            />
            <Logo to={dashboardPath(user.role)} />
            <Box component="nav" aria-label={t('nav.main')} visibleFrom="sm">
              <Group gap={2} wrap="nowrap">
                {renderLinks()}
              </Group>
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LazyNotificationBell />
            <UserMenu user={user} onLogout={logout} loggingOut={loggingOut} />
          </Group>
        </Group>
        <Collapse expanded={mobileOpen} hiddenFrom="sm">
          <nav aria-label={t('nav.mainMobile')} id={MOBILE_NAV_ID} className={classes.mobileLinks}>
            <Stack gap={2}>{renderLinks(mobile.close)}</Stack>
          </nav>
        </Collapse>
      </Container>
      {logoutFailed ? (
        <Container size="xl" pb="sm">
          <FormError>{t('userMenu.logoutFailed')}</FormError>
        </Container>
      ) : null}
    </>
  );
}
