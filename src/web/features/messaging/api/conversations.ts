import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import {
  assessmentConversationSchema,
  conversationPageSchema,
  conversationSummarySchema,
  messagableUserSchema,
  type NewConversationInput,
  notificationsSchema,
  unreadCountSchema,
} from '../../../../domain/messaging';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { newClientId } from '../lib/client-id';
import { messagingKeys } from './keys';

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** GET /api/conversations: the inbox, newest activity first, a page at a time. */
export const useConversations = () =>
  useInfiniteQuery({
    queryKey: messagingKeys.list,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`/api/conversations${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: conversationPageSchema,
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every loaded conversation of the inbox, in order. */
export const flattenConversations = (
  data: InfiniteData<z.infer<typeof conversationPageSchema>> | undefined,
) => data?.pages.flatMap((p) => p.items) ?? [];

/** GET /api/conversations/unread-count: conversations unread for the user. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: messagingKeys.unread,
    queryFn: ({ signal }) =>
      apiFetch('/api/conversations/unread-count', { schema: unreadCountSchema, signal }),
    select: (d) => d.count,
  });

/** GET /api/conversations/:id: subject, participants and the viewer's read state. */
export const useConversation = (id: string) =>
  useQuery({
    queryKey: messagingKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(path(id), { schema: conversationSummarySchema, signal }),
    retry: retryUnlessRefused,
  });

/** POST /api/conversations/:id/read: the viewer has seen the newest message. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${path(id)}/read`, { method: 'POST', schema: z.null() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.notifications });
    },
  });
}

/** GET /api/conversations/recipients: who the user may start a conversation with. */
export const useMessagableUsers = () =>
  useQuery({
    queryKey: messagingKeys.recipients,
    queryFn: ({ signal }) =>
      apiFetch('/api/conversations/recipients', {
        schema: z.array(messagableUserSchema),
        signal,
      }),
  });

/**
 * POST /api/conversations: recipients, subject and the first message.
 * `create(input)` makes the client id once; a retry after a lost connection
 * reuses it, so it never opens a second conversation.
 */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: NewConversationInput & { clientId: string }) =>
      apiFetch('/api/conversations', {
        method: 'POST',
        json: input,
        schema: conversationSummarySchema,
      }),
    retry: (count, error) => count < 3 && 'status' in error && (error.status as number) === 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
  return {
    ...mutation,
    create: (input: Omit<NewConversationInput, 'clientId'>) =>
      mutation.mutateAsync({ ...input, clientId: newClientId() }),
  };
}

/** GET /api/notifications: the bell's unread conversations and unopened invitations. */
export const useNotifications = (enabled = true) =>
  useQuery({
    queryKey: messagingKeys.notifications,
    queryFn: ({ signal }) =>
      apiFetch('/api/notifications', { schema: notificationsSchema, signal }),
    enabled,
  });

/** POST /api/notifications/:id/read: a bell item about an assessment was opened. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/notifications/${encodeURIComponent(id)}/read`, {
        method: 'POST',
        schema: z.null(),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagingKeys.notifications }),
  });
}

/** GET /api/assessments/:id/conversation: the conversation already started about it, if any. */
export const useAssessmentConversation = (assessmentId: string | null) =>
  useQuery({
    queryKey: ['conversations', 'about-assessment', assessmentId ?? ''] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessments/${encodeURIComponent(assessmentId ?? '')}/conversation`, {
        schema: assessmentConversationSchema,
        signal,
      }),
    enabled: Boolean(assessmentId),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
