import '../styles';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SECURITY_TEXTS, type SessionStatus } from '../../../../domain/security';
import { ApiError } from '../../../api/http';
import { loadAuthClient } from '../../../api/load-auth-client';
import { clearSession, useSessionState } from '../../../lib/session';
import { setAfterReads } from '../../../lib/set-after-reads';
import {
  reportActivity,
  sessionStatusKey,
  sessionStatusQuery,
  useSessionStatus,
} from '../api/session-status';
import { reportEveryMsFor, warningMsFor } from '../lib/idle-timing';

export const ENROL_PATH = '/two-factor/setup';
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * For a signed-in user: sends a user who must enrol in two-factor sign-in to
 * enrolment, and keeps the idle timeout (warns a minute before, then signs
 * out to /login with a message). The server enforces both; this is the
 * browser's side of it.
 */
export function SessionGuard() {
  const session = useSessionState();
  if (session.status !== 'signed-in') return null;
  return <SignedInGuard key={session.user.id} />;
}

function SignedInGuard() {
  // Not suspending: the guard sits above every signed-in page, and its dialog shows only
  // after minutes of idleness, long after the catalogue has loaded.
  const { t } = useTranslation('security', { useSuspense: false });
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const status = useSessionStatus(true);
  const deadline = useRef<number | null>(null);
  const lastReport = useRef(0);
  const checking = useRef(false);
  const ended = useRef(false);
  const [warnSeconds, setWarnSeconds] = useState<number | null>(null);

  const timeoutSeconds = status.data?.idleTimeoutSeconds ?? null;

  /**
   * Signs out: `idle` says why on the login screen; otherwise the session was ended elsewhere.
   * `refused`: the server already refused the session (401), so there is nothing to sign out,
   * and a sign-out sent now would end the browser's next session instead (signed in again in
   * another tab meanwhile: the cookie is that new session's).
   */
  const end = useCallback(
    async (idle = true, refused = false) => {
      if (ended.current) return;
      ended.current = true;
      if (!refused) {
        try {
          const authClient = await loadAuthClient();
          await authClient.signOut();
        } catch {
          // The server has usually ended the session already.
        }
      }
      navigate(idle ? '/login?reason=idle' : '/login', { replace: true });
      clearSession();
    },
    [navigate],
  );

  // Every answer about the session moves the deadline (by the server's count of seconds left).
  useEffect(() => {
    if (status.data) {
      deadline.current = status.dataUpdatedAt + status.data.idleSecondsLeft * 1000;
    }
  }, [status.data, status.dataUpdatedAt]);

  // A refused status check: the session is gone (idle, or signed out elsewhere).
  useEffect(() => {
    if (status.error instanceof ApiError && status.error.status === 401) {
      void end(isIdleRefusal(status.error), true);
    }
  }, [status.error, end]);

  // Two-factor enrolment first, when the admin requires it.
  useEffect(() => {
    if (status.data?.mustEnrolTwoFactor && location.pathname !== ENROL_PATH) {
      navigate(ENROL_PATH, { replace: true });
    }
  }, [status.data?.mustEnrolTwoFactor, location.pathname, navigate]);

  const report = useCallback(async () => {
    lastReport.current = Date.now();
    try {
      const next: SessionStatus = await reportActivity();
      // A status read sent on refocus, answering after this, would bring the older clock back.
      await setAfterReads(queryClient, sessionStatusKey, next);
      setWarnSeconds(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) void end(isIdleRefusal(error), true);
    }
  }, [queryClient, end]);

  // User input is activity: reported at most once a minute (at once while warned).
  useEffect(() => {
    if (timeoutSeconds === null) return;
    const every = reportEveryMsFor(timeoutSeconds);
    const onInput = () => {
      if (ended.current) return;
      if (Date.now() - lastReport.current >= every) void report();
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { passive: true });
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput);
    };
  }, [timeoutSeconds, report]);

  // The clock: warn before the end; at the end ask the server (another tab may have been active).
  useEffect(() => {
    if (timeoutSeconds === null) return;
    const warnMs = warningMsFor(timeoutSeconds);
    const tick = async () => {
      if (deadline.current === null || ended.current) return;
      const left = deadline.current - Date.now();
      if (left > warnMs) {
        setWarnSeconds(null);
        return;
      }
      setWarnSeconds(Math.max(0, Math.ceil(left / 1000)));
      if (left > 0 || checking.current) return;
      checking.current = true;
      try {
        const fresh = await queryClient.fetchQuery({
          ...sessionStatusQuery(),
          staleTime: 0,
        });
        if (fresh.idleSecondsLeft <= 0) void end();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) void end(isIdleRefusal(error), true);
      } finally {
        checking.current = false;
      }
    };
    const id = window.setInterval(() => void tick(), 1000);
    return () => window.clearInterval(id);
  }, [timeoutSeconds, queryClient, end]);

  return (
    <Modal
      opened={warnSeconds !== null}
      onClose={() => void report()}
      title={t('idle.title')}
      closeButtonProps={{ 'aria-label': t('idle.close') }}
      centered
    >
      <Text mb="md" role="status">
        {t('idle.warning', { count: warnSeconds ?? 0 })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void end(false)}>
          {t('idle.signOut')}
        </Button>
        <Button onClick={() => void report()}>{t('idle.stay')}</Button>
      </Group>
    </Modal>
  );
}

const isIdleRefusal = (error: ApiError) => error.message === SECURITY_TEXTS.idleSignedOut;
