import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RealtimeEvent } from '../../domain/assessments';
import { REALTIME_SESSION_ENDED } from '../../domain/constants';
import { reloadSession, useSessionState } from './session';

const conversationListeners = new Set<(conversationId: string) => void>();

/**
 * Called with a conversation's id whenever the server says it changed. An open
 * conversation uses it to fetch just the messages after its newest one, rather
 * than refetching every page it has loaded.
 */
export function onConversationChanged(listener: (conversationId: string) => void) {
  conversationListeners.add(listener);
  return () => {
    conversationListeners.delete(listener);
  };
}

/** What each server event makes stale (query-key prefixes). No zod here: this is in the first chunk. */
function invalidate(queryClient: QueryClient, raw: unknown) {
  const event = raw as Partial<RealtimeEvent> | null;
  switch (event?.type) {
    case 'assessment.changed':
      void queryClient.invalidateQueries({ queryKey: ['assessments'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      // An assignment makes the recruiter someone the candidate may write to.
      void queryClient.invalidateQueries({ queryKey: ['people'] });
      // Applications show their assessment's status and score.
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
      break;
    case 'application.changed':
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      // Applying makes the job's recruiter someone the candidate may write to.
      void queryClient.invalidateQueries({ queryKey: ['people'] });
      break;
    case 'job.changed':
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      break;
    case 'invitation.changed':
      void queryClient.invalidateQueries({ queryKey: ['invitations'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      break;
    case 'interview.changed':
      void queryClient.invalidateQueries({ queryKey: ['interviews'] });
      break;
    case 'applicationPads.changed':
      // The pads feature's key (padEntryKeys.ofApplication), by prefix: this file is in the first chunk.
      void queryClient.invalidateQueries({ queryKey: ['interviews', 'application-pads'] });
      break;
    case 'testRun.changed':
      void queryClient.invalidateQueries({ queryKey: ['test-runs'] });
      break;
    case 'templates.changed':
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
      break;
    case 'conversation.changed':
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      if (typeof event.conversationId === 'string') {
        for (const listener of conversationListeners) listener(event.conversationId);
      }
      break;
  }
}

/**
 * One WebSocket per tab while signed in. Events carry ids only; the affected
 * queries refetch through the API, which decides what this user may see.
 * After a dropped connection everything is refetched: events may have been missed.
 */
export function useRealtimeUpdates() {
  const queryClient = useQueryClient();
  const session = useSessionState();
  const userId = session.status === 'signed-in' ? session.user.id : null;

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const connect = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/api/events`);
      socket.onmessage = (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        if ((data as { type?: string }).type === 'ready') {
          if (attempts > 0) void queryClient.invalidateQueries();
          attempts = 0;
          return;
        }
        invalidate(queryClient, data);
      };
      socket.onclose = (event) => {
        if (stopped) return;
        // The session the socket was opened with ended (signed out elsewhere, banned, or
        // replaced by a password change): ask for the session again. Signed out, the
        // guards take the tab to the login page (and this effect stops); still signed in
        // (a new session), connect again with it.
        if (event.code === REALTIME_SESSION_ENDED) {
          void reloadSession()
            .catch(() => {})
            .finally(() => {
              if (!stopped) timer = setTimeout(connect, 1000);
            });
          return;
        }
        attempts++;
        timer = setTimeout(connect, Math.min(1000 * 2 ** (attempts - 1), 30_000));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [userId, queryClient]);
}
